/**
 * The element's public events (docs/versioning.md says what may change): `CustomEvent`s that bubble out of
 * the shadow root, typed in `HTMLElementEventMap`. None carries the link token or anything the
 * user typed.
 */
import type { ErrorCode } from './errors.js';
import type { ExitReason, LinkEventName, Step } from './steps.js';

/** How a provider is linked, as the service names it; the list is open: handle one you do not know. */
export type AuthType = 'oauth' | 'team_oauth' | 'password' | 'email' | 'sdk' | 'app' | (string & {});

/**
 * An `errorType`: one of the codes in the error table (`ERRORS`, src/contract/errors.ts), or another
 * string (`http_<status>`, `bad_response`, an `error_type` the service adds later). Editors still
 * offer the known codes; treat an unknown one as `recoverable` says.
 */
export type LinkErrorType = ErrorCode | (string & {});

/** What every event carries. */
export interface LinkVisitDetail {
  /**
   * The visit's id: random, the same on every event of one visit (fresh tokens and Connect another
   * included), from its start to its `link-exit`; a visit started again after that has a new one.
   * Join a visit's events by it in your analytics. Never derived from the token.
   */
  linkSessionId: string;
}

export interface LinkSuccessDetail extends LinkVisitDetail {
  /** The slug of the provider that was linked. */
  provider: string;
  authType: AuthType | null;
  redirectUrl: string | null;
  /** The person reconnected a provider `connectedProviders` said `needs_reconnect`. */
  reconnected: boolean;
}

export interface LinkDisconnectDetail extends LinkVisitDetail {
  /** The slug of the provider that `disconnectProvider` disconnected. */
  provider: string;
}

export interface LinkErrorDetail extends LinkVisitDetail {
  errorType: LinkErrorType;
  /** The same words the user was shown. */
  message: string;
  /** The server's developer-readable text, for logs. */
  debug: string | null;
  provider: string | null;
  recoverable: boolean;
}

export interface LinkExitDetail extends LinkVisitDetail {
  reason: ExitReason;
  errorType?: LinkErrorType;
  provider: string | null;
  step: Step;
}

export interface LinkEventDetail extends LinkVisitDetail {
  name: LinkEventName;
  step: Step;
  provider: string | null;
  /** ISO 8601 time the step happened. */
  at: string;
}

/**
 * The public events, keyed by the machine's emitted outcome they carry: `name` is the DOM event
 * (and the host bridge message's `type`), `callback` the option that hears it in
 * `ProviderLink.open()`, `useProviderLink` and `<ProviderLink>`. The one list of event names:
 * everything that names an event reads it from here.
 */
export const LINK_EVENTS = {
  success: { name: 'link-success', callback: 'onSuccess' },
  error: { name: 'link-error', callback: 'onError' },
  exit: { name: 'link-exit', callback: 'onExit' },
  step: { name: 'link-event', callback: 'onEvent' },
  disconnect: { name: 'link-disconnect', callback: 'onDisconnect' },
} as const;

/** The machine's outcome that each event carries, with the detail the element hands the page. */
export interface LinkEventDetails {
  success: LinkSuccessDetail;
  error: LinkErrorDetail;
  exit: LinkExitDetail;
  step: LinkEventDetail;
  disconnect: LinkDisconnectDetail;
}

export type LinkOutcome = keyof typeof LINK_EVENTS;
export type LinkEventType = (typeof LINK_EVENTS)[LinkOutcome]['name'];

/** `link-success` → `CustomEvent<LinkSuccessDetail>`, and so on: for `HTMLElementEventMap`. */
export type LinkEventMap = { [K in LinkOutcome as (typeof LINK_EVENTS)[K]['name']]: CustomEvent<LinkEventDetails[K]> };

/** The callbacks of `ProviderLink.open()` and `useProviderLink`: each gets its event's detail. */
export type LinkCallbacks = { [K in LinkOutcome as (typeof LINK_EVENTS)[K]['callback']]?: (detail: LinkEventDetails[K]) => void };

/** The event that carries an outcome, bubbling out of the shadow root. */
export function linkEvent<K extends LinkOutcome>(outcome: K, detail: LinkEventDetails[K]): CustomEvent<LinkEventDetails[K]> {
  return new CustomEvent(LINK_EVENTS[outcome].name, { detail, bubbles: true, composed: true });
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends LinkEventMap {}
}
