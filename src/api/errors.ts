/**
 * One error type for every way a call can fail. `code` is the server's `error_type` when it
 * gave one, else one of the transport codes below, or `http_<status>`.
 */
export type TransportErrorCode = 'network' | 'timeout' | 'bad_response' | 'aborted' | 'unsafe_oauth_url';

export class LinkApiError extends Error {
  override readonly name = 'LinkApiError';

  constructor(
    /** `error_type` from the server, a transport code, or `http_<status>`. */
    readonly code: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** The server's developer-readable text (never the main message shown to a user). */
    readonly debug: string | null = null,
  ) {
    super(debug ? `${code}: ${debug}` : code);
  }
}

export const isLinkApiError = (error: unknown): error is LinkApiError => error instanceof LinkApiError;

/** The token is spent or bad: nothing the user does here can fix it. */
export const TOKEN_ERROR_CODES: readonly string[] = ['invalid_token', 'token_expired', 'token_consumed', 'token_not_validated'];

export const isTokenError = (code: string): boolean => TOKEN_ERROR_CODES.includes(code);
