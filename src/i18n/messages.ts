/**
 * The typed message catalogue. Every locale implements `Messages`, so a missing message is a
 * type error, not a blank on screen.
 */
import type { ErrorCode } from '../core/api/errors.js';
import type { ResourceKind } from './kinds.js';

export interface Messages {
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
  searchResults: (count: number) => string;
  noProvidersMatch: (query: string) => string;
  /** The button under a search that matched nothing: empties the box. */
  clearSearch: string;
  noProviders: string;
  /** The button under a long list that shows `count` more providers. */
  showMore: (count: number) => string;

  /** Marks a provider in the list that connects from the mobile app, not here. */
  inMobileApp: string;
  unsupportedTitle: (provider: string) => string;
  /** What to do: open the partner's app (`app`, the `app-name` setting; '' for a neutral name) on the phone. */
  unsupportedText: (provider: string, app: string) => string;

  credentialsTitle: (provider: string) => string;
  username: string;
  password: string;
  signIn: string;
  signingIn: string;

  mfaTitle: string;
  mfaSent: (method: string, hint: string, round: number) => string;
  verificationCode: string;
  verify: string;
  verifying: string;

  emailTitle: (provider: string) => string;
  emailIntro: (provider: string) => string;
  email: string;
  sendInvite: string;
  sending: string;

  /** The consent screen's heading, before an OAuth provider's window opens. */
  consentTitle: (provider: string) => string;
  /** Before the kinds of data: "Acme will receive:"; `app` is '' when the page did not name itself. */
  consentIntro: (app: string) => string;
  /** The disclosure after the first kinds: "and 3 more". */
  consentMore: (count: number) => string;
  /** The consent screen's button, which opens the provider's sign-in window. */
  consentContinue: (provider: string) => string;
  /** Short names of the common kinds of data (`supported_resources`), as a person says them. */
  kinds: Record<ResourceKind, string>;

  /** The region picker's label, and its empty choice. */
  region: string;
  regionPlaceholder: string;

  oauthOpening: (provider: string) => string;
  oauthWaitingTitle: (provider: string) => string;
  oauthBlockedText: (provider: string) => string;
  oauthWaitingText: (provider: string) => string;
  oauthOpenWindow: (provider: string) => string;
  /** While the sign-in window is open: the button that brings it to the front. */
  oauthShowWindow: string;
  oauthFailedTitle: string;
  /** The sign-in window is out of sight: closed, or cut off by the provider's page. */
  oauthLostTitle: string;
  oauthLostText: (provider: string) => string;
  cancel: string;

  successTitle: string;
  successText: (provider: string) => string;
  emailSentTitle: string;
  emailSentText: (provider: string) => string;

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
