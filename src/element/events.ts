/**
 * The element's public events (DESIGN.md, "Public contract"): `CustomEvent`s that bubble out of
 * the shadow root, typed in `HTMLElementEventMap`. None carries the link token or anything the
 * user typed.
 */
import type { ErrorCode } from '../api/errors.js';
import type { AuthType } from '../api/types.js';
import type { ExitReason, Step } from '../machine/link-machine.js';
import type { LinkEventName } from '../machine/steps.js';

/**
 * An `errorType`: one of the codes in the error table (`ERRORS`, src/api/errors.ts), or another
 * string (`http_<status>`, `bad_response`, an `error_type` the service adds later). Editors still
 * offer the known codes; treat an unknown one as `recoverable` says.
 */
export type LinkErrorType = ErrorCode | (string & {});

export interface LinkSuccessDetail {
  /** The slug of the provider that was linked. */
  provider: string;
  authType: AuthType | null;
  redirectUrl: string | null;
}

export interface LinkErrorDetail {
  errorType: LinkErrorType;
  /** The same words the user was shown. */
  message: string;
  /** The server's developer-readable text, for logs. */
  debug: string | null;
  provider: string | null;
  recoverable: boolean;
}

export interface LinkExitDetail {
  reason: ExitReason;
  errorType?: LinkErrorType;
  provider: string | null;
  step: Step;
}

export interface LinkEventDetail {
  name: LinkEventName;
  step: Step;
  provider: string | null;
  /** ISO 8601 time the step happened. */
  at: string;
}

export interface LinkEventMap {
  'link-success': CustomEvent<LinkSuccessDetail>;
  'link-error': CustomEvent<LinkErrorDetail>;
  'link-exit': CustomEvent<LinkExitDetail>;
  'link-event': CustomEvent<LinkEventDetail>;
}

export function linkEvent<K extends keyof LinkEventMap>(type: K, detail: LinkEventMap[K]['detail']): LinkEventMap[K] {
  return new CustomEvent(type, { detail, bubbles: true, composed: true }) as LinkEventMap[K];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends LinkEventMap {}
}
