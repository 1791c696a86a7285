import { isTokenError } from '../api/errors.js';

/** Errors that trying again here cannot fix (DESIGN.md, "Error types"). */
const FINAL_PROVIDER_ERRORS: readonly string[] = [
  'provider_password_expired',
  'duplicate_connection',
  // The service handed out an address we will not open; asking again gives the same one.
  'unsafe_oauth_url',
];

/** Anything unknown is recoverable: the user gets the generic message and can try again. */
export const isRecoverable = (code: string): boolean => !isTokenError(code) && !FINAL_PROVIDER_ERRORS.includes(code);
