/**
 * Full-page redirect OAuth: before leaving, remember which provider this tab went to (never
 * the token); when the page comes back with `?state=…`, hand that result to the widget once.
 */
import { readOAuthResult, withoutOAuthResult } from './oauth-result.js';
import type { OAuthReturn } from './oauth-result.js';

const PENDING_KEY = 'provider-link:redirect';
/** A redirect not back within this long was abandoned; its marker must not linger. */
const PENDING_LIFETIME_MS = 60 * 60 * 1000;

/** What is kept across the redirect: enough to name the provider, nothing secret. */
export interface RedirectedProvider {
  slug: string;
  name: string;
  authType: string;
}

function storage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // storage disabled (some webviews, private modes)
  }
}

export function rememberRedirect(provider: RedirectedProvider, win: Window = window): void {
  const { slug, name, authType } = provider;
  storage(win)?.setItem(PENDING_KEY, JSON.stringify({ slug, name, authType, at: Date.now() }));
}

export function hasPendingRedirect(win: Window = window): boolean {
  return readPending(win) !== null;
}

export function forgetRedirect(win: Window = window): void {
  storage(win)?.removeItem(PENDING_KEY);
}

function readPending(win: Window): RedirectedProvider | null {
  try {
    const value: unknown = JSON.parse(storage(win)?.getItem(PENDING_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { slug, name, authType, at } = value as Record<string, unknown>;
    if (typeof slug !== 'string' || typeof name !== 'string' || typeof authType !== 'string') return null;
    if (typeof at !== 'number' || Date.now() - at > PENDING_LIFETIME_MS) return null;
    return { slug, name, authType };
  } catch {
    return null;
  }
}

/**
 * The result this tab came back with after a redirect, taken once: the pending marker is
 * removed and the result parameters are stripped from the address bar.
 */
export function takeRedirectResult(win: Window = window): { provider: RedirectedProvider; result: OAuthReturn } | null {
  const provider = readPending(win);
  const result = readOAuthResult(win.location.href);
  // Back without a result (the user came back another way): the marker is stale.
  forgetRedirect(win);
  if (!provider || !result) return null;
  win.history.replaceState(win.history.state, '', withoutOAuthResult(win.location.href));
  return { provider, result };
}
