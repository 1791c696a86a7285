/** The one error the client throws, whatever failed: the code says what (contract/errors.ts says what each means). */
export class LinkApiError extends Error {
  override readonly name = 'LinkApiError';

  constructor(
    /** `error_type` from the server, a transport code (`network`, `timeout`, `aborted`, `bad_response`), or `http_<status>`. */
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
