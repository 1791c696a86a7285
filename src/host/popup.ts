/**
 * The OAuth popup: opened blank inside the click (so blockers let it through), pointed at the
 * provider once its URL arrives, watched for being closed, closed when the flow moves on.
 */
import { announceOAuthResult, POPUP_NAME, readOAuthResult } from './oauth-result.js';
import { hasPendingRedirect } from './redirect.js';

const FEATURES = 'popup,width=520,height=720';
const CLOSED_POLL_MS = 400;

export class OAuthPopup {
  #window: Window | null = null;
  #poll: ReturnType<typeof setInterval> | undefined;

  /** Opens the window now (call from a click handler). False when the browser blocked it. */
  open(url = 'about:blank'): boolean {
    this.close();
    this.#window = window.open(url, POPUP_NAME, FEATURES);
    return this.#window !== null;
  }

  get isOpen(): boolean {
    return this.#window !== null && !this.#window.closed;
  }

  /** Sends the open popup to the provider; false when there is no popup to send. */
  navigate(url: string): boolean {
    if (!this.isOpen || !this.#window) return false;
    this.#window.location.href = url;
    return true;
  }

  /** Calls `onClosed` once when the user closes the window. */
  watch(onClosed: () => void): void {
    clearInterval(this.#poll);
    this.#poll = setInterval(() => {
      if (this.isOpen) return;
      clearInterval(this.#poll);
      this.#window = null;
      onClosed();
    }, CLOSED_POLL_MS);
  }

  close(): void {
    clearInterval(this.#poll);
    if (this.isOpen) this.#window?.close();
    this.#window = null;
  }
}

/**
 * On the page the service sends the popup back to: hand the result to the widget that opened
 * it and close the window. Returns true when this page was such a popup.
 */
export function finishOAuthPopup(win: Window = window): boolean {
  const result = readOAuthResult(win.location.href);
  if (!result || hasPendingRedirect(win)) return false;
  announceOAuthResult(result, win);
  if (win.opener || win.name === POPUP_NAME) {
    win.close();
    return true;
  }
  return false;
}
