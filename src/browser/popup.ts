/**
 * The OAuth popup window, and what the return page does inside it. Knows neither Lit nor the
 * machine.
 */
import { announceOAuthResult, attemptOf, forgetAttempt, markAttempt, readOAuthResult } from './oauth-result.js';
import { writePlaceholderPage } from './placeholder-page.js';
import type { PlaceholderPage } from './placeholder-page.js';
import { forgetRedirect } from './redirect.js';

const FEATURES = 'popup,width=520,height=720';
const CLOSED_POLL_MS = 400;

/**
 * Sends a window of this origin (this page, or a sign-in window still on its first page) to `url`
 * without a Referer: the provider is not told the partner page's address, whatever that page's
 * referrer policy allows. The link is made in the window's own document, so the window is found
 * without a name.
 */
export function navigateWithoutReferrer(url: string, win: Window = window): void {
  const link = win.document.createElement('a');
  link.href = url;
  link.target = '_self';
  link.referrerPolicy = 'no-referrer';
  link.click();
}

/** One sign-in window at a time: opened for an attempt, watched, closed when the flow moves on. */
export class OAuthPopup {
  #window: Window | null = null;
  #poll: ReturnType<typeof setInterval> | undefined;

  /** The window, while it is open. */
  get window(): Window | null {
    return this.#window && !this.#window.closed ? this.#window : null;
  }

  /**
   * Opens a window for the attempt now (call it from a click); false when the browser refused.
   * It opens blank and unnamed: a window's name stays with it on the provider's site, where any
   * script can read it. While it is still of this origin, the attempt goes in its own
   * sessionStorage, which only pages of this origin in this window read (the return page). Then
   * it goes to `url` if there is one; until then it shows `placeholder`.
   */
  open(attempt: string, url: string | null, placeholder: PlaceholderPage): boolean {
    this.close();
    const opened = window.open('about:blank', '_blank', FEATURES);
    if (!opened) return false;
    this.#window = opened;
    markAttempt(opened, attempt);
    if (url) this.navigate(url);
    else {
      try {
        writePlaceholderPage(opened, placeholder);
      } catch {
        // Not ours to write into; the blank page is only cosmetic.
      }
    }
    return true;
  }

  /** Whether a message came from the window this popup opened (it may have closed since). */
  isSource(source: MessageEventSource | null): boolean {
    return source !== null && source === this.#window;
  }

  /** Sends the open window to the provider; false when there is no window to send. */
  navigate(url: string): boolean {
    const opened = this.window;
    if (!opened) return false;
    try {
      navigateWithoutReferrer(url, opened);
      return true;
    } catch {
      // Its page is another site's by now (its document is not ours to reach): not ours to send on.
      return false;
    }
  }

  /** Brings the open window to the front; false when there is none. */
  focus(): boolean {
    const opened = this.window;
    opened?.focus();
    return opened !== null;
  }

  /** Calls `onClosed` once when the window is closed, or out of the opener's sight. */
  watch(onClosed: () => void): void {
    clearInterval(this.#poll);
    this.#poll = setInterval(() => {
      if (this.window) return;
      clearInterval(this.#poll);
      onClosed();
    }, CLOSED_POLL_MS);
  }

  close(): void {
    clearInterval(this.#poll);
    this.window?.close();
  }
}

/** Two entries on one return page (`/define` and the app's own call, both builds) announce once. */
const FINISHED = Symbol.for('provider-link:oauth-popup-finished');

/**
 * On the page the service sends the popup back to: when this window is a sign-in window the
 * widget opened and its URL holds the result, hand the result to that widget and close. Returns
 * true when this page was such a window; any other page (one that merely has `?state=` in its
 * address, a full-page redirect coming back) is left alone.
 */
export function finishOAuthPopup(win: Window = window): boolean {
  const page = win as Window & { [FINISHED]?: boolean };
  // An entry that loaded first (`/define`, the other build) has done it; its mark is gone now.
  if (page[FINISHED]) return true;
  const attempt = attemptOf(win);
  const result = attempt && readOAuthResult(win.location.href);
  if (!attempt || !result) return false;
  forgetAttempt(win);
  // The browser copies the opener's sessionStorage into a popup: a redirect marker there is not ours.
  forgetRedirect(win);
  announceOAuthResult({ attempt, ...result }, win);
  page[FINISHED] = true;
  win.close();
  return true;
}
