/**
 * What the views call: `Messages`, a catalogue (src/contract/words.ts says what one is, and its
 * pattern syntax) made into words by `compile()` (format.ts), where numbers, plurals, lists and the
 * choice between forms are written once for every language.
 */
export type { Catalogue, Checked, Pattern, Plural } from '../contract/words.js';
import type { Catalogue } from '../contract/words.js';

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
  reconnectTitle: (provider: string) => string;
  reconnectedText: (provider: string) => string;
  disconnectLabel: (provider: string) => string;
  disconnectTitle: (provider: string) => string;
  /** `app` is '' when the page did not name itself. */
  disconnectText: (app: string) => string;
  disconnectedNote: (provider: string) => string;
  emailSentText: (provider: string) => string;
}

/** Catalogue entries that are part of another message, not words of their own. */
type Parts = 'mfaCode';

/** The words the views call: the catalogue's texts as written, and each pattern as a function of its values. */
export interface Messages extends Omit<Catalogue, keyof Said | Parts>, Said {}
