/**
 * Full-page redirect OAuth: before leaving, remember which provider this tab went to (never
 * the token); when the page comes back with `?state=…`, hand that result to the widget once.
 */
import { readOAuthResult, withoutOAuthResult } from './oauth-result.js';
import type { OAuthReturn } from './oauth-result.js';

const PENDING_KEY = 'provider-link:redirect';

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
  storage(win)?.setItem(PENDING_KEY, JSON.stringify({ slug, name, authType }));
}

export function hasPendingRedirect(win: Window = window): boolean {
  return storage(win)?.getItem(PENDING_KEY) != null;
}

function readPending(win: Window): RedirectedProvider | null {
  try {
    const value: unknown = JSON.parse(storage(win)?.getItem(PENDING_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { slug, name, authType } = value as Record<string, unknown>;
    if (typeof slug !== 'string' || typeof name !== 'string' || typeof authType !== 'string') return null;
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
  if (!provider || !result) return null;
  storage(win)?.removeItem(PENDING_KEY);
  win.history.replaceState(win.history.state, '', withoutOAuthResult(win.location.href));
  return { provider, result };
}
