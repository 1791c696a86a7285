/**
 * Sends the user to an OAuth provider the way this page allows: a popup opened inside the click,
 * this page itself (redirect), or the system browser through a native host. Knows neither Lit nor
 * the machine: it is told what to do and reports back through callbacks (the element makes it the
 * machine's `signInWindow` actor).
 */
import type { HostBridge } from './bridge.js';
import { listenForOAuthResults, newAttemptId } from './oauth-result.js';
import type { OAuthResult } from '../core/api/types.js';
import type { PlaceholderPage } from './placeholder-page.js';
import { navigateWithoutReferrer, OAuthPopup } from './popup.js';
import { OAUTH_MODES } from '../contract/settings.js';
import type { OAuthMode } from '../contract/settings.js';
import { rememberRedirect } from './redirect.js';
import type { RedirectedProvider } from './redirect.js';


/**
 * How OAuth opens here. `auto` asks a native host for the system browser, else uses a popup (a
 * redirect when the browser refuses it); `external` with no host to ask behaves as `popup`; an
 * unknown value is `auto`.
 */
export function resolveOAuthMode(requested: string, host: Pick<HostBridge, 'native' | 'present'>): OAuthMode {
  const mode = (OAUTH_MODES as readonly string[]).includes(requested) ? (requested as OAuthMode) : 'auto';
  if (mode === 'auto' && host.native) return 'external';
  if (mode === 'external' && !host.present) return 'popup';
  return mode;
}

export interface LauncherHost {
  mode(): OAuthMode;
  bridge(): HostBridge;
  /** What a blank window shows while the provider's address is on its way. */
  placeholder(): PlaceholderPage;
  /** A window of ours shows the provider's page (or is opening it, after the user asked again). */
  opened(): void;
  /** No window could be opened without a fresh click. */
  blocked(): void;
  /** The window is out of sight: closed, or isolated by the provider's page. */
  closed(): void;
  result(result: OAuthResult): void;
}

/** The way to one provider's sign-in, from the click that asks for it until `close()`. */
export class OAuthLauncher {
  readonly #popup = new OAuthPopup();
  /** The attempts started (one per window opened) until `close()`; a result is taken from these only. */
  readonly #attempts = new Set<string>();
  /** The provider's address, once it has arrived. */
  #url: string | null = null;
  /** The browser refused the window inside a click: `auto` goes by redirect instead. */
  #refused = false;
  /** A blank window was opened in the click; if it is gone when the URL arrives, the user closed it. */
  #prepared = false;
  #stopListening: (() => void) | null = null;

  constructor(
    private readonly host: LauncherHost,
    private readonly provider: RedirectedProvider,
  ) {}

  /**
   * Inside a click, before any await (browsers allow a window there and nowhere else): a window
   * at the provider's address, or a blank one for the address to come.
   */
  openWindow(): void {
    const mode = this.host.mode();
    if (this.#url === null) {
      if (mode !== 'auto' && mode !== 'popup') return;
      this.#prepared = this.#openWindow(null);
      this.#refused = !this.#prepared;
      return;
    }
    if (mode === 'external') return this.host.bridge().openUrl(this.#url);
    if (mode === 'redirect') return this.#redirect(this.#url);
    if (this.#openWindow(this.#url)) return this.host.opened();
    if (mode === 'auto') return this.#redirect(this.#url);
    this.host.blocked();
  }

  /**
   * The provider's address arrived (no click now): into the window opened in the click, else this
   * page or the host; with no window to use, the user opens one from a fresh click.
   */
  go(url: string): void {
    this.#url = url;
    const mode = this.host.mode();
    if (mode === 'external') return this.host.bridge().openUrl(url);
    if (mode === 'redirect' || (mode === 'auto' && this.#refused)) return this.#redirect(url);
    if (this.#popup.navigate(url)) return this.host.opened();
    // The window opened in the click is gone: the user closed it before the provider's page came.
    if (this.#prepared) return this.host.closed();
    this.host.blocked();
  }

  /**
   * Inside a click: the window that is open comes to the front. Only once it is gone does a
   * click open another (the browser allows that here, in the click).
   */
  showWindow(): void {
    if (!this.#popup.focus()) this.openWindow();
  }

  /** Its window closes and results are no longer taken. */
  close(): void {
    this.#popup.close();
    this.#attempts.clear();
    this.#stopListening?.();
    this.#stopListening = null;
  }

  #openWindow(url: string | null): boolean {
    const attempt = newAttemptId();
    if (!this.#popup.open(attempt, url, this.host.placeholder())) return false;
    this.#attempts.add(attempt);
    this.#popup.watch(() => this.host.closed());
    this.#stopListening ??= listenForOAuthResults({
      expects: (id) => this.#attempts.has(id),
      isOwnWindow: (source) => this.#popup.isSource(source),
      onResult: ({ attempt: id, ...result }) => {
        this.#attempts.delete(id);
        this.host.result(result);
      },
    });
    return true;
  }

  #redirect(url: string): void {
    rememberRedirect(this.provider);
    navigateWithoutReferrer(url);
  }
}
