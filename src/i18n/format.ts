/**
 * Where a catalogue's patterns become words, the same way for every language, English included:
 * `format` fills placeholders, writes numbers (`Intl.NumberFormat`) and lists (`Intl.ListFormat`),
 * and picks a plural form (`Intl.PluralRules`); `compile` turns a catalogue into the `Messages`
 * the views call, choosing between a message's forms. A catalogue is data (messages.ts says its
 * syntax); every decision about words is here.
 */
import type { Catalogue, Messages, Pattern, Plural } from './messages.js';

/** What a placeholder takes: text as it is, a number, or a list of things ("a, b and c"). */
export type Value = string | number | readonly string[];

interface Writing {
  plural(count: number): Intl.LDMLPluralRule;
  number(value: number): string;
  list(items: readonly string[]): string;
}

const writings = new Map<string, Writing>();

/**
 * A language's formatters, each made the first time the language needs it, then kept: making one
 * loads the language's rules, which a throttled phone feels, and most messages need none.
 */
function writingOf(lang: string): Writing {
  let writing = writings.get(lang);
  if (!writing) {
    let plural: Intl.PluralRules | undefined;
    let number: Intl.NumberFormat | undefined;
    let list: Intl.ListFormat | null | undefined;
    writing = {
      plural: (count) => (plural ??= new Intl.PluralRules(lang)).select(count),
      number: (value) => (number ??= new Intl.NumberFormat(lang)).format(value),
      // Intl.ListFormat is younger than the others (Safari 14.1): before it, commas.
      list: (items) => {
        list ??= typeof Intl.ListFormat === 'function' ? new Intl.ListFormat(lang, { type: 'conjunction' }) : null;
        return list ? list.format(items) : items.join(', ');
      },
    };
    writings.set(lang, writing);
  }
  return writing;
}

/**
 * A message's words in `lang`: for plural forms, the one `values.count` takes (else `other`); then
 * each `{name}` replaced by its value, once (a value's own braces stay as they are).
 */
export function format(lang: string, message: Plural<string>, values: Readonly<Record<string, Value>> = {}): string {
  const writing = writingOf(lang);
  const pattern = typeof message === 'string' ? message : (message[writing.plural(Number(values.count))] ?? message.other);
  return pattern.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name] as Value;
    return typeof value === 'number' ? writing.number(value) : typeof value === 'string' ? value : writing.list(value);
  });
}

/** The messages the views call, from a catalogue. */
export function compile(catalogue: Catalogue): Messages {
  const { mfaCode, ...words } = catalogue;
  const { lang, mfaSent, unsupportedText, consentIntro } = catalogue;
  const say = (message: Plural<string>, values?: Readonly<Record<string, Value>>) => format(lang, message, values);
  // Right to left, text from outside the catalogue (a provider's or the app's name, a hint, a
  // search), usually Latin letters or digits, goes in first-strong isolates (U+2068 … U+2069), which
  // keep it and the punctuation around it in place.
  const given = catalogue.dir === 'rtl' ? (text: string) => `\u2068${text}\u2069` : (text: string) => text;
  const aboutProvider = (message: Pattern<'provider'>) => (provider: string) => say(message, { provider: given(provider) });
  const intro = (app: string) => (app ? say(consentIntro.app, { app: given(app) }) : consentIntro.none);
  return {
    ...words,
    searchResults: (count) => say(catalogue.searchResults, { count }),
    noProvidersMatch: (query) => say(catalogue.noProvidersMatch, { query: given(query) }),
    showMore: (count) => say(catalogue.showMore, { count }),
    unsupportedTitle: aboutProvider(catalogue.unsupportedTitle),
    unsupportedText: (provider, app) => say(app ? unsupportedText.app : unsupportedText.none, { provider: given(provider), app: given(app) }),
    credentialsTitle: aboutProvider(catalogue.credentialsTitle),
    mfaSent: (method, hint, round) => {
      const sent = mfaSent[method === 'sms' || method === 'email' ? method : 'other'];
      return say(hint ? sent.hint : sent.none, { code: round > 1 ? mfaCode.again : mfaCode.first, hint: given(hint) });
    },
    emailTitle: aboutProvider(catalogue.emailTitle),
    emailIntro: aboutProvider(catalogue.emailIntro),
    consentTitle: aboutProvider(catalogue.consentTitle),
    consentIntro: intro,
    consentSentence: (app, kinds) => say('{intro} {kinds}', { intro: intro(app), kinds }),
    consentMore: (count) => say(catalogue.consentMore, { count }),
    consentContinue: aboutProvider(catalogue.consentContinue),
    oauthOpening: aboutProvider(catalogue.oauthOpening),
    oauthWaitingTitle: aboutProvider(catalogue.oauthWaitingTitle),
    oauthBlockedText: aboutProvider(catalogue.oauthBlockedText),
    oauthWaitingText: aboutProvider(catalogue.oauthWaitingText),
    oauthOpenWindow: aboutProvider(catalogue.oauthOpenWindow),
    oauthLostText: aboutProvider(catalogue.oauthLostText),
    successText: aboutProvider(catalogue.successText),
    reconnectTitle: aboutProvider(catalogue.reconnectTitle),
    reconnectedText: aboutProvider(catalogue.reconnectedText),
    disconnectLabel: aboutProvider(catalogue.disconnectLabel),
    disconnectTitle: aboutProvider(catalogue.disconnectTitle),
    disconnectText: (app) => (app ? say(catalogue.disconnectText.app, { app: given(app) }) : catalogue.disconnectText.none),
    disconnectedNote: aboutProvider(catalogue.disconnectedNote),
    emailSentText: aboutProvider(catalogue.emailSentText),
  };
}
