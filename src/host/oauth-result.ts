/**
 * The OAuth hand-over between the page the service returns to (`redirect_url?state=…`) and
 * the widget that is waiting for it. Knows neither Lit nor the machine.
 */

/** Same-origin channel the return page announces on; survives a lost `window.opener`. */
export const OAUTH_CHANNEL = 'provider-link:oauth';
export const OAUTH_MESSAGE = 'provider-link:oauth-result';
/**
 * Prefix of the popup's window name. Each widget adds its own suffix, so the return page can
 * tell it was opened by a widget, and which one (two widgets on a page never take each other's
 * result). The name is lost when a popup crosses into a Cross-Origin-Opener-Policy page; its
 * result then goes to every widget of the origin that is waiting for one.
 */
export const POPUP_NAME = 'provider-link-oauth';

export interface OAuthReturn {
  state: string;
  errorType: string | null;
  error: string | null;
}

/** One announcement travels two paths; its id lets the listener take it once. */
interface OAuthAnnouncement extends OAuthReturn {
  id: string;
  /** The popup's window name, or '' when it is not known. */
  target: string;
}

const RESULT_PARAMS = ['state', 'error_type', 'error'] as const;

/** The OAuth result in a URL's query, or null when the URL carries none. */
export function readOAuthResult(href: string): OAuthReturn | null {
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

/** Narrows a message from the channel or `postMessage`; anything else is ignored. */
export function oauthResultFromMessage(data: unknown): OAuthAnnouncement | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== OAUTH_MESSAGE || typeof message.state !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: text(message.id) ?? '',
    target: text(message.target) ?? '',
    state: message.state,
    errorType: text(message.errorType),
    error: text(message.error),
  };
}

/** Tells every widget of this origin about the result: over the channel, and to the opener. */
export function announceOAuthResult(result: OAuthReturn, win: Window = window): void {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const target = win.name.startsWith(POPUP_NAME) ? win.name : '';
  const message = { type: OAUTH_MESSAGE, id, target, ...result };
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  try {
    win.opener?.postMessage(message, win.location.origin);
  } catch {
    // A severed or cross-origin opener: the channel above already carried the result.
  }
}

/**
 * Listens on both paths for a result meant for the popup named `popupName` (or for no popup
 * in particular); returns the function that stops listening.
 */
export function listenForOAuthResult(popupName: string, onResult: (result: OAuthReturn) => void, win: Window = window): () => void {
  const seen = new Set<string>();
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    const announced = oauthResultFromMessage(event.data);
    if (!announced || seen.has(announced.id)) return;
    if (announced.target && announced.target !== popupName) return;
    seen.add(announced.id);
    const { state, errorType, error } = announced;
    onResult({ state, errorType, error });
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_CHANNEL) : null;
  channel?.addEventListener('message', onMessage);
  win.addEventListener('message', onMessage);
  return () => {
    channel?.removeEventListener('message', onMessage);
    channel?.close();
    win.removeEventListener('message', onMessage);
  };
}
