/**
 * Full-page redirect OAuth: before leaving, remember which provider this tab went to (never
 * the token); when the page comes back with `?state=…`, hand that result to the widget once.
 * The mark cannot be bound to the trip itself: the service appends only its own `state`
 * (`success` or `error`) to a `redirect_url` fixed when the token was made, with no value of the
 * widget's. So it lives for one round trip (tab-mark.ts) and goes when the tab comes back without
 * a result. The outcome is a signal for the interface; the partner's backend confirms a link.
 */
import { readOAuthResult, withoutOAuthResult } from './oauth-result.js';
import type { OAuthResult } from '../core/api/types.js';
import { getMark, removeMark, setMark } from './tab-mark.js';

const PENDING_KEY = 'provider-link:redirect';
const FIELDS = ['slug', 'name', 'authType'] as const;

/** What is kept across the redirect: enough to name the provider, nothing secret. */
export interface RedirectedProvider {
  slug: string;
  name: string;
  authType: string;
}

export function rememberRedirect({ slug, name, authType }: RedirectedProvider, win: Window = window): void {
  setMark(win, PENDING_KEY, { slug, name, authType });
  // Shown again from the back/forward cache: the person came back without a result (Back), and
  // the mark must not wait for a later page to bring one.
  win.addEventListener('pageshow', (event) => event.persisted && forgetRedirect(win), { once: true });
}

export function forgetRedirect(win: Window = window): void {
  removeMark(win, PENDING_KEY);
}

/**
 * The result this tab came back with after a redirect, taken once: the pending marker is
 * removed and the result parameters are stripped from the address bar.
 */
export function takeRedirectResult(win: Window = window): { provider: RedirectedProvider; result: OAuthResult } | null {
  const mark = getMark(win, PENDING_KEY, FIELDS);
  const provider = mark && { slug: mark.slug, name: mark.name, authType: mark.authType };
  const result = readOAuthResult(win.location.href);
  // Back without a result (the user came back another way): the marker is stale.
  forgetRedirect(win);
  if (!provider || !result) return null;
  win.history.replaceState(win.history.state, '', withoutOAuthResult(win.location.href));
  return { provider, result };
}
