/**
 * The OAuth popup: opened blank inside the click (so blockers let it through), pointed at the
 * provider once its URL arrives, watched for being closed, closed when the flow moves on.
 */
import { announceOAuthResult, POPUP_NAME, readOAuthResult } from './oauth-result.js';
import { forgetRedirect, hasPendingRedirect } from './redirect.js';

const FEATURES = 'popup,width=520,height=720';
const CLOSED_POLL_MS = 400;

let popupCount = 0;

export class OAuthPopup {
  /** This widget's popup window name; the return page announces its result under it. */
  readonly name = `${POPUP_NAME}-${Date.now().toString(36)}-${++popupCount}`;
  #window: Window | null = null;
  #poll: ReturnType<typeof setInterval> | undefined;

  /**
   * Opens the window now (call from a click handler); false when the browser blocked it.
   * Without a URL the window is blank until `navigate`, showing `placeholder` meanwhile.
   */
  open(url?: string, placeholder = ''): boolean {
    this.close();
    this.#window = window.open(url ?? 'about:blank', this.name, FEATURES);
    if (this.#window && !url && placeholder) {
      try {
        const { document } = this.#window;
        document.title = document.body.textContent = placeholder;
      } catch {
        // Not ours to write into; the blank page is only cosmetic.
      }
    }
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
const FINISHED = Symbol.for('provider-link:oauth-popup-finished');

export function finishOAuthPopup(win: Window = window): boolean {
  const result = readOAuthResult(win.location.href);
  if (!result) return false;
  // A popup of ours, even when the browser copied this tab's redirect marker into it.
  const ourPopup = win.name.startsWith(POPUP_NAME);
  if (ourPopup) forgetRedirect(win);
  else if (hasPendingRedirect(win)) return false; // a full-page redirect coming back: the widget takes it
  // Both builds on one return page must not announce twice.
  const page = win as Window & { [FINISHED]?: boolean };
  if (!page[FINISHED]) announceOAuthResult(result, win);
  page[FINISHED] = true;
  if (win.opener || ourPopup) {
    win.close();
    return true;
  }
  // A popup that crossed a Cross-Origin-Opener-Policy page has lost both its opener and its
  // name. Try anyway: browsers ignore close() on a tab the user opened, and then it stays.
  win.close();
  return win.closed;
}
