/**
 * The OAuth hand-over between the page the service returns to (`redirect_url?state=…`) and the
 * widget that is waiting for it. Knows neither Lit nor the machine.
 *
 * Every sign-in window the widget opens belongs to one attempt with a random id. The window keeps
 * the id in its own sessionStorage for this origin, written while it is still blank: the provider's
 * pages, of another origin, cannot read it, and it survives the round trip in that window (a page
 * with Cross-Origin-Opener-Policy on the way too). Never in the window's name, which stays with
 * the window on every site it visits. A page is a return page only when its window holds such an
 * id and its address a result; a widget takes only the results of the attempts it started. So a
 * page that another site opens at `…?state=success`, whatever its name, or the app's own login
 * callback in another tab, hands nothing over.
 */
import { clip } from '../core/api/guards.js';
import type { OAuthResult } from '../core/api/types.js';
import { getMark, removeMark, setMark } from './tab-mark.js';

/** Same-origin channel the return page announces on; survives a lost `window.opener`. */
export const OAUTH_CHANNEL = 'provider-link:oauth';
const MESSAGE_TYPE = 'provider-link:oauth-result';
const ATTEMPT_KEY = 'provider-link:oauth-attempt';

/** What the return page announces: the result, and the attempt it belongs to. */
export interface OAuthAnnouncement extends OAuthResult {
  attempt: string;
}

/** 128 random bits: another page cannot guess the attempt it would have to forge. */
export function newAttemptId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isAttemptId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);

/** Marks a window the widget opened (still blank, so still same-origin) with its attempt. */
export function markAttempt(popup: Window, attempt: string): void {
  setMark(popup, ATTEMPT_KEY, { attempt });
}

/** The attempt this window belongs to, from its mark; null for any other window. */
export function attemptOf(win: Window): string | null {
  const marked = getMark(win, ATTEMPT_KEY, ['attempt'])?.attempt;
  return isAttemptId(marked) ? marked : null;
}

/** Removes the window's mark, so a reload of the return page hands nothing over again. */
export function forgetAttempt(win: Window): void {
  removeMark(win, ATTEMPT_KEY);
}

const RESULT_PARAMS = ['state', 'error_type', 'error'] as const;

/** The OAuth result in a URL's query, or null when the URL carries none. */
export function readOAuthResult(href: string): OAuthResult | null {
  const params = new URL(href).searchParams;
  const state = params.get('state');
  if (!state) return null;
  return { state, errorType: params.get('error_type'), error: params.get('error') };
}

/** The same URL without the OAuth result, so a reload does not replay it. */
export function withoutOAuthResult(href: string): string {
  const url = new URL(href);
  for (const name of RESULT_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** Narrows a message from the channel or `postMessage`; anything else is null. */
export function announcementFrom(data: unknown): OAuthAnnouncement | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== MESSAGE_TYPE || !isAttemptId(message.attempt) || typeof message.state !== 'string') return null;
  return { attempt: message.attempt, state: message.state, errorType: clip(message.errorType, 100), error: clip(message.error, 500) };
}

/** Tells the widget of this origin about the result: over the channel, and to the opener. */
export function announceOAuthResult(announcement: OAuthAnnouncement, win: Window = window): void {
  const message = { type: MESSAGE_TYPE, ...announcement };
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  channel.postMessage(message);
  channel.close();
  try {
    win.opener?.postMessage(message, win.location.origin);
  } catch {
    // A severed or cross-origin opener: the channel above already carried the result.
  }
}

export interface OAuthResultListener {
  /** Whether this widget started the attempt (and has not had its result yet). */
  expects(attempt: string): boolean;
  /** Whether a `postMessage` came from the window this widget opened. */
  isOwnWindow(source: MessageEventSource | null): boolean;
  onResult(announcement: OAuthAnnouncement): void;
}

/**
 * Listens on both paths for the results of this widget's attempts; returns the function that
 * stops listening. A message from another origin, from an opaque (`null`) origin, from a window
 * the widget did not open, or for an attempt it did not start, is ignored.
 */
export function listenForOAuthResults(listener: OAuthResultListener, win: Window = window): () => void {
  const take = (event: MessageEvent) => {
    if (event.origin === 'null' || event.origin !== win.location.origin) return;
    const announcement = announcementFrom(event.data);
    if (announcement && listener.expects(announcement.attempt)) listener.onResult(announcement);
  };
  // The channel is same-origin by construction; a posted message must come from our own popup.
  const fromWindow = (event: MessageEvent) => {
    if (listener.isOwnWindow(event.source)) take(event);
  };
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  channel.addEventListener('message', take);
  win.addEventListener('message', fromWindow);
  return () => {
    channel.removeEventListener('message', take);
    channel.close();
    win.removeEventListener('message', fromWindow);
  };
}
