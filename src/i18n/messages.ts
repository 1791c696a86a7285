/**
 * The typed message catalogue. Every locale implements `Messages`, so a missing message is a
 * type error, not a blank on screen.
 */

/** Every code the user can be told about in its own words (DESIGN.md, "Error types"). */
export type KnownErrorCode =
  | 'invalid_token'
  | 'missing_username'
  | 'missing_password'
  | 'missing_code'
  | 'invalid_email'
  | 'token_expired'
  | 'token_consumed'
  | 'token_not_validated'
  | 'provider_credential_error'
  | 'provider_password_expired'
  | 'provider_api_error'
  | 'unsupported_region'
  | 'duplicate_connection'
  | 'required_scopes_not_granted'
  | 'incorrect_mfa_code'
  | 'user_cancelled'
  | 'unsafe_oauth_url'
  | 'generic'
  | 'network'
  | 'timeout';

export interface Messages {
  /** BCP 47 language of this catalogue. */
  lang: string;
  dir: 'ltr' | 'rtl';

  close: string;
  back: string;
  tryAgain: string;
  done: string;
  details: string;

  loadingTitle: string;
  loadingText: string;

  providersTitle: string;
  providersIntro: string;
  searchLabel: string;
  searchResults: (count: number) => string;
  noProvidersMatch: (query: string) => string;
  noProviders: string;

  unsupportedTitle: (provider: string) => string;
  unsupportedText: (provider: string) => string;

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

  oauthOpening: (provider: string) => string;
  oauthWaitingTitle: (provider: string) => string;
  oauthBlockedText: (provider: string) => string;
  oauthWaitingText: (provider: string) => string;
  oauthOpenWindow: (provider: string) => string;
  oauthFailedTitle: string;

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
  chooseAnother: string;

  errors: Record<KnownErrorCode, string>;
}
