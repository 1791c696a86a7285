/**
 * Message catalogues: English is built in; the others are small modules loaded when a widget
 * first needs them (catalogues.ts says from where), so a page pays only for the languages it shows.
 * A catalogue is data; `compile` (format.ts) makes it into the words the views call.
 */
import { errorInfo } from '../contract/errors.js';
import { importCatalogue } from './catalogues.js';
import { en, englishCatalogue } from './en.js';
import { compile } from './format.js';
import { LANGUAGES } from './languages.js';
import type { Language } from './languages.js';
import type { Catalogue, Messages } from './messages.js';
import { overridden } from './overrides.js';
import type { MessageOverrides } from '../contract/words.js';

export type { Messages } from './messages.js';
export { en, LANGUAGES };
export type { Language };

const loaded: Partial<Record<Language, Messages>> = { en };
/** Each loaded language as written, for a partner's words to be laid over. */
const written: Partial<Record<Language, Catalogue>> = { en: englishCatalogue };
const loading = new Map<Language, Promise<Messages>>();

/** The supported language closest to a BCP 47 tag (`es-MX` → `es`, `pt-PT` → `pt`); English otherwise. */
export function languageFor(locale: string | null | undefined): Language {
  // The letters before the first subtag, except for Traditional Chinese, by script or region
  // (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`): it has no catalogue, and the Simplified one is the
  // wrong script, so it gets English. (`zh-Hans-HK` is Simplified: `zh`.)
  const base = /^(?!zh.(hant|tw|hk|mo))[a-z]*/.exec((locale ?? '').trim().toLowerCase())?.[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

/**
 * The words for a tag if its catalogue is here already, else English (see `loadMessages`), with the
 * partner's own words for that language (`overrides`, the `messages` setting) laid over them.
 */
export function messagesFor(locale: string | null | undefined, overrides?: MessageOverrides | null): Messages {
  const messages = loaded[languageFor(locale)] ?? en;
  return overrides ? withOverrides(messages, overrides) : messages;
}

/** Each `messages` value a page set, and the words made with it per language: made once, and said once what is wrong with it. */
const madeWith = new WeakMap<object, Map<string, Messages>>();

function withOverrides(messages: Messages, overrides: MessageOverrides): Messages {
  if (typeof overrides !== 'object') return messages;
  let made = madeWith.get(overrides);
  if (!made) {
    made = new Map();
    madeWith.set(overrides, made);
    const others = Object.keys(overrides).filter((key) => !(LANGUAGES as readonly string[]).includes(key));
    if (others.length) console.warn(`<provider-link>: messages has no language ${others.map((key) => JSON.stringify(key)).join(', ')}: the keys are ${LANGUAGES.join(', ')}; ignored.`);
  }
  const language = messages.lang as Language;
  let words = made.get(language);
  if (!words) {
    const given = Object.hasOwn(overrides, language) ? overrides[language] : undefined;
    const problems: string[] = [];
    words = given === undefined ? messages : compile(overridden(written[language] ?? englishCatalogue, englishCatalogue, given, `messages.${language}`, problems));
    for (const problem of problems) console.warn(`<provider-link>: ${problem}`);
    made.set(language, words);
  }
  return words;
}

/**
 * Makes the catalogue for a tag available; resolves to English when it cannot be loaded (the
 * widget must work offline from its CDN, just in English).
 */
export function loadMessages(locale: string | null | undefined): Promise<Messages> {
  const language = languageFor(locale);
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    // Not English: that one is always loaded.
    pending = importCatalogue(language as Exclude<Language, 'en'>).then(
      (module: { default?: Catalogue }) => {
        const catalogue: unknown = module.default;
        if (!isCatalogue(catalogue) || catalogue.lang !== language) return en;
        const messages = compile(catalogue);
        loaded[language] = messages;
        written[language] = catalogue;
        return messages;
      },
      () => {
        loading.delete(language); // try again next time
        return en;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Enough of a catalogue to make words from: text, in objects (a file of another version, with
 * functions in it, or no catalogue at all, is not one).
 */
function isCatalogue(value: unknown): value is Catalogue {
  const isText = (entry: unknown): boolean =>
    typeof entry === 'string' || (typeof entry === 'object' && entry !== null && Object.values(entry).every(isText));
  return typeof value === 'object' && value !== null && isText(value) && typeof (value as Partial<Catalogue>).errors === 'object';
}

/** The user's words for an error code; an unknown code gets the generic message, never the raw code. */
export function errorMessage(messages: Messages, code: string): string {
  const known: Record<string, string> = messages.errors;
  return Object.hasOwn(known, code) ? (known[code] as string) : messages.errors.generic;
}

/**
 * The heading of the screen a failure ends on: a link that cannot be used any more says so, a
 * provider switched off says so, anything else has the generic one.
 */
export function errorHeading(messages: Messages, code: string): string {
  if (errorInfo(code).final) return messages.tokenErrorTitle;
  return code === 'provider_unavailable' ? messages.unavailableTitle : messages.errorTitle;
}
