/**
 * What a language says, in two shapes.
 *
 * A `Catalogue` is what a translator writes, one per language (English in `en.ts`, the others in
 * `locales/<language>.ts`): text and message patterns, data only. The pattern syntax:
 *
 * - `{name}` stands for a value: text as it is given, or a number as the language writes numbers
 *   (1,234 · 1.234 · 1 234). Each message's placeholders are named in its type below:
 *   `Pattern<'provider'>` has `{provider}`; plain text (`string`) has none. A placeholder a message
 *   does not have fails to compile. Braces mean nothing else.
 * - A message about a number of things (`Plural`, with `{count}`) is one pattern for every number
 *   (a language without plurals, such as Japanese) or its forms by the language's plural categories
 *   (`zero`, `one`, `two`, `few`, `many`, as `Intl.PluralRules` names them), with `other` for every
 *   number no other form is for: `{ one: '{count} provider', other: '{count} providers' }`.
 * - A message whose value may be missing (the app's name, where a code went) has a form with it,
 *   named after its placeholder (`app`, `hint`), and one without it, `none`. Which form is said is
 *   decided in format.ts, the same for every language, as is the choice between `mfaSent`'s forms
 *   by the way a code was sent.
 *
 * A catalogue file declares `const catalogue = {…} as const satisfies Catalogue` (a message
 * missing, or one too many, fails to compile) and ends in
 * `export default catalogue satisfies Checked<typeof catalogue>` (so does a wrong placeholder).
 *
 * `Messages` is what the views call (`t.credentialsTitle(name)`, `t.errors[code]`): a catalogue
 * made into words by `compile()` (format.ts), where numbers, plurals, lists and the choice between
 * forms are written once for every language.
 */
import type { ErrorCode } from '../contract/errors.js';
import type { ResourceKind } from './kinds.js';

declare const placeholders: unique symbol;

/** Text in which `{name}` stands for a value, for each of `Names`. */
export type Pattern<Names extends string> = string & { readonly [placeholders]?: Names };

/** A message about `{count}` things: one pattern for every number, or its plural forms (`other` required). */
export type Plural<Names extends string = 'count'> = Pattern<Names> | PluralForms<Names>;

type PluralForms<Names extends string> = { readonly [Category in Exclude<Intl.LDMLPluralRule, 'other'>]?: Pattern<Names> } & {
  readonly other: Pattern<Names>;
};

export interface Catalogue {
  /** BCP 47 language of this catalogue. */
  lang: string;
  dir: 'ltr' | 'rtl';

  close: string;
  back: string;
  tryAgain: string;
  done: string;
  /** On the success screen, beside Done (with `requestLinkToken`): the list again, for another provider. */
  connectAnother: string;
  /** Marks a provider in the list that was linked earlier in this visit. */
  linkedMark: string;
  details: string;

  loadingTitle: string;
  loadingText: string;

  providersTitle: string;
  providersIntro: string;
  searchLabel: string;
  /** Under the search box: how many providers match. */
  searchResults: Plural;
  noProvidersMatch: Pattern<'query'>;
  /** The button under a search that matched nothing: empties the box. */
  clearSearch: string;
  noProviders: string;
  /** The button under a long list that shows `{count}` more providers. */
  showMore: Plural;

  /** Marks a provider in the list that connects from the mobile app, not here. */
  inMobileApp: string;
  unsupportedTitle: Pattern<'provider'>;
  /** What to do: open the partner's app (`{app}`, the `app-name` setting) on the phone; `none`: the page gave no name. */
  unsupportedText: { app: Pattern<'provider' | 'app'>; none: Pattern<'provider'> };

  credentialsTitle: Pattern<'provider'>;
  username: string;
  password: string;
  signIn: string;
  signingIn: string;

  mfaTitle: string;
  /**
   * Above the code field, by how the provider sent the code (`sms`, `email`, `other`: another way,
   * or it did not say), with where to (`hint`: the masked number or address it gave) or not
   * (`none`). `{code}` is `mfaCode`'s words for this round.
   */
  mfaSent: Record<'sms' | 'email' | 'other', { hint: Pattern<'code' | 'hint'>; none: Pattern<'code'> }>;
  /** `{code}` in `mfaSent`: the first round's ("a code"), and every later one's ("another code"). */
  mfaCode: { first: string; again: string };
  verificationCode: string;
  verify: string;
  verifying: string;

  emailTitle: Pattern<'provider'>;
  emailIntro: Pattern<'provider'>;
  email: string;
  sendInvite: string;
  sending: string;

  /** The consent screen's heading, before an OAuth provider's window opens. */
  consentTitle: Pattern<'provider'>;
  /** Before the kinds of data: "Acme will receive:"; `none`: the page did not name its app. */
  consentIntro: { app: Pattern<'app'>; none: string };
  /** The disclosure after the first kinds: "and 3 more". */
  consentMore: Plural;
  /** The consent screen's button, which opens the provider's sign-in window. */
  consentContinue: Pattern<'provider'>;
  /** Short names of the common kinds of data (`supported_resources`), as a person says them. */
  kinds: Record<ResourceKind, string>;

  /** The region picker's label, and its empty choice. */
  region: string;
  regionPlaceholder: string;

  oauthOpening: Pattern<'provider'>;
  oauthWaitingTitle: Pattern<'provider'>;
  oauthBlockedText: Pattern<'provider'>;
  oauthWaitingText: Pattern<'provider'>;
  oauthOpenWindow: Pattern<'provider'>;
  /** While the sign-in window is open: the button that brings it to the front. */
  oauthShowWindow: string;
  oauthFailedTitle: string;
  /** The sign-in window is out of sight: closed, or cut off by the provider's page. */
  oauthLostTitle: string;
  oauthLostText: Pattern<'provider'>;
  cancel: string;

  successTitle: string;
  successText: Pattern<'provider'>;
  emailSentTitle: string;
  emailSentText: Pattern<'provider'>;

  closedTitle: string;
  closedText: string;
  closedDoneText: string;
  startAgain: string;

  errorTitle: string;
  tokenErrorTitle: string;
  /** A provider that is switched off for now (its OAuth lookup says `is_active: false`). */
  unavailableTitle: string;
  chooseAnother: string;

  /** One message per code of the error table, and `generic` for every other code. */
  errors: Record<ErrorCode | 'generic', string>;
}

/** The names a pattern uses: `'{count} of {total}'` → `'count' | 'total'`. */
type PlaceholdersIn<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersIn<Rest> : never;

/** The placeholders `Catalogue` gives a message (`Schema`): none for plain text. */
type PlaceholdersOf<Schema> = Extract<Schema, string> extends { readonly [placeholders]?: infer Names } ? Names : never;

type CheckedText<Text extends string, Names> = [Exclude<PlaceholdersIn<Text>, Names>] extends [never]
  ? Text
  : `{${Exclude<PlaceholdersIn<Text>, Names> & string}} is not a placeholder of this message`;

/**
 * A catalogue as written (`typeof catalogue`, declared `as const`), in which each text that uses a
 * placeholder its message does not have becomes a type naming it, so that
 * `catalogue satisfies Checked<typeof catalogue>` fails to compile there.
 */
export type Checked<Written, Schema = Catalogue> = Written extends string
  ? CheckedText<Written, PlaceholdersOf<Schema>>
  : { readonly [Key in keyof Written]: Key extends keyof Exclude<Schema, string> ? Checked<Written[Key], Exclude<Schema, string>[Key]> : Written[Key] };

/** The messages that take values, as the views call them (their patterns are in the catalogue). */
interface Said {
  searchResults: (count: number) => string;
  noProvidersMatch: (query: string) => string;
  showMore: (count: number) => string;
  unsupportedTitle: (provider: string) => string;
  /** `app`: the `app-name` setting, '' for a neutral name. */
  unsupportedText: (provider: string, app: string) => string;
  credentialsTitle: (provider: string) => string;
  /** `method` and `hint` as the provider gave them ('' when it did not); `round` counts from 1. */
  mfaSent: (method: string, hint: string, round: number) => string;
  emailTitle: (provider: string) => string;
  emailIntro: (provider: string) => string;
  consentTitle: (provider: string) => string;
  /** `app` is '' when the page did not name itself. */
  consentIntro: (app: string) => string;
  /** `consentIntro` and every kind, joined as the language joins a list: the consent screen's announcement. */
  consentSentence: (app: string, kinds: readonly string[]) => string;
  consentMore: (count: number) => string;
  consentContinue: (provider: string) => string;
  oauthOpening: (provider: string) => string;
  oauthWaitingTitle: (provider: string) => string;
  oauthBlockedText: (provider: string) => string;
  oauthWaitingText: (provider: string) => string;
  oauthOpenWindow: (provider: string) => string;
  oauthLostText: (provider: string) => string;
  successText: (provider: string) => string;
  emailSentText: (provider: string) => string;
}

/** Catalogue entries that are part of another message, not words of their own. */
type Parts = 'mfaCode';

/** The words the views call: the catalogue's texts as written, and each pattern as a function of its values. */
export interface Messages extends Omit<Catalogue, keyof Said | Parts>, Said {}
