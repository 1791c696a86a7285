/**
 * The error codes, and one table of what each means for the person and the page: whether trying
 * again can help, whether the link is spent, which form field it is about (docs/errors.md is
 * generated from it). The client's failures carry these codes (core/api/api-error.ts).
 */

/** The form field an error is about; without one, it concerns the whole form. */
export type ErrorField = 'username' | 'password' | 'code' | 'email' | 'region';

export interface ErrorInfo {
  /** Trying again here can fix it. */
  readonly recoverable: boolean;
  /** The link token is bad or spent: the whole flow is over, only the app can make a new one. */
  readonly final?: true;
  readonly field?: ErrorField;
  /**
   * Shown, and no event tells the page: `form`, the form's own check before any request (at its
   * field); `session`, the widget's own note after it replaced a token (the person signs in again).
   */
  readonly noEvent?: 'form' | 'session';
}

const retry = { recoverable: true } as const;
const token = { recoverable: false, final: true } as const;
/** Not with this provider, for now; another provider may still work. */
const notHere = { recoverable: false } as const;

/**
 * Every code the user is told about in its own words: the catalogues have a message for each
 * (`Messages['errors']`, keyed by these codes). Any other code (`http_502`, `bad_response`, an
 * `error_type` the service adds later) is recoverable and gets the generic message.
 */
export const ERRORS = {
  invalid_token: token,
  token_expired: token,
  token_consumed: token,
  token_not_validated: token,
  // The password is the likelier typo: its field is marked and focused, the username kept as typed.
  provider_credential_error: { recoverable: true, field: 'password' },
  // Not fixed by trying again as it is, but by a new password: the sign-in form stays, with it.
  provider_password_expired: { recoverable: false, field: 'password' },
  provider_api_error: retry,
  // The account is elsewhere: the form asks for its region from then on, and marks the picker.
  unsupported_region: { recoverable: true, field: 'region' },
  duplicate_connection: notHere,
  required_scopes_not_granted: retry,
  incorrect_mfa_code: { recoverable: true, field: 'code' },
  user_cancelled: retry,
  // The service handed out an address we will not open; asking again gives the same one.
  unsafe_oauth_url: notHere,
  // The OAuth lookup said `is_active: false`: the provider is off for now.
  provider_unavailable: { recoverable: false },
  // A refused token was replaced during a code round: the code belonged to the old session, so
  // the person signs in again (the form says why). Never from the service.
  session_expired: { recoverable: true, noEvent: 'session' },
  // The partner's `disconnectProvider` rejected or took too long: the connection may still be there.
  disconnect_failed: retry,
  missing_username: { recoverable: true, field: 'username', noEvent: 'form' },
  missing_password: { recoverable: true, field: 'password', noEvent: 'form' },
  missing_code: { recoverable: true, field: 'code', noEvent: 'form' },
  missing_region: { recoverable: true, field: 'region', noEvent: 'form' },
  invalid_email: { recoverable: true, field: 'email', noEvent: 'form' },
  // The page's `requestLinkToken` gave no usable token: not the link's fault; trying again asks it again.
  token_request_failed: retry,
  network: retry,
  timeout: retry,
} as const satisfies Record<string, ErrorInfo>;

export type ErrorCode = keyof typeof ERRORS;

/** What a code means; unknown codes are recoverable. */
export const errorInfo = (code: string): ErrorInfo => (Object.hasOwn(ERRORS, code) ? ERRORS[code as ErrorCode] : retry);
