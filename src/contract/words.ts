/**
 * The words of the widget, as a language writes them: a `Catalogue`, what a translator writes, one
 * per language (English in src/i18n/en.ts, the others in src/i18n/locales/<language>.ts), and what
 * a partner's `messages` setting changes part of. Text and message patterns, data only. The
 * pattern syntax:
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
 *   decided in src/i18n/format.ts, the same for every language, as is the choice between `mfaSent`'s forms
 *   by the way a code was sent.
 *
 * A catalogue file declares `const catalogue = {…} as const satisfies Catalogue` (a message
 * missing, or one too many, fails to compile) and ends in
 * `export default catalogue satisfies Checked<typeof catalogue>` (so does a wrong placeholder).
 */
import type { ErrorCode } from './errors.js';
import type { ResourceKind } from './resource-kinds.js';

declare const placeholders: unique symbol;

/** Text in which `{name}` stands for a value, for each of `Names`. */
export type Pattern<Names extends string> = string & { readonly [placeholders]?: Names };

/** A message about `{count}` things: one pattern for every number, or its plural forms (`other` required). */
export type Plural<Names extends string = 'count'> = Pattern<Names> | PluralForms<Names>;

export type PluralForms<Names extends string> = { readonly [Category in Exclude<Intl.LDMLPluralRule, 'other'>]?: Pattern<Names> } & {
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
  /** Marks a provider in the list whose connection the partner says needs a new sign-in (`needs_reconnect`); choosing it reconnects. */
  needsReconnect: string;
  /** The heading of a reconnecting provider's sign-in screens (in place of "Sign in to…", "Connect…"). */
  reconnectTitle: Pattern<'provider'>;
  /** The success screen after a reconnection. */
  reconnectedText: Pattern<'provider'>;
  /** The button beside a connected provider in the list (with `disconnectProvider`); `disconnectLabel` is its accessible name. */
  disconnect: string;
  disconnectLabel: Pattern<'provider'>;
  /** The confirmation: its heading, and what it means (`app`: the `app-name` setting; `none`: no name given). */
  disconnectTitle: Pattern<'provider'>;
  disconnectText: { app: Pattern<'app'>; none: string };
  disconnecting: string;
  /** On the list, after a provider was disconnected. */
  disconnectedNote: Pattern<'provider'>;
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

/**
 * A partner's words for some of a language's messages (the `messages` setting): any part of a
 * catalogue, a plural message whole. Each text keeps the placeholders of ours; one that does not,
 * or a name that is no message of ours, is left out with a console line, and ours is said.
 */
export type CatalogueOverride = { readonly [Key in Exclude<keyof Catalogue, 'lang' | 'dir'>]?: Override<Catalogue[Key]> };
type Override<Schema> = Schema extends string ? Schema : Schema extends { readonly other: string } ? Schema : { readonly [Key in keyof Schema]?: Override<Schema[Key]> };

/** The `messages` setting: a partial catalogue per language (`en`, `fr`…), each as `CatalogueOverride`. */
export type MessageOverrides = { readonly [language: string]: CatalogueOverride | undefined };
