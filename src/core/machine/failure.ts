/** A failure as the machine keeps it: a code, what the error table says of it, and cleaned `debug` text. */
import { errorInfo } from '../../contract/errors.js';
import { isLinkApiError } from '../api/api-error.js';
import type { ErrorField } from '../../contract/errors.js';

/** What the widget knows about a failure; the view turns `code` into words. */
export interface LinkFailure {
  code: string;
  debug: string | null;
  recoverable: boolean;
  /** The form field the failure is about, when it is about one. */
  field?: ErrorField | undefined;
}

/** A failure with what the error table says about its code (server text cut to a sane length). */
export const failure = (fullCode: string, fullDebug: string | null = null): LinkFailure => {
  const code = fullCode.slice(0, 100);
  const debug = fullDebug?.slice(0, 500) ?? null;
  const { recoverable, field } = errorInfo(code);
  return field ? { code, debug, recoverable, field } : { code, debug, recoverable };
};

/** A call's failure: the API client's typed error as it is (clean already), anything else as `unknown_error`. */
export const failureOf = (error: unknown): LinkFailure =>
  isLinkApiError(error) ? failure(error.code, error.debug) : failure('unknown_error', error instanceof Error ? error.message : String(error));

/** The link token is refused (bad, spent, expired): only a fresh one helps. */
export const refusesToken = (failure: LinkFailure): boolean => errorInfo(failure.code).final === true;
