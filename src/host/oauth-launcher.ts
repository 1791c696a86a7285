/**
 * Sends the user to an OAuth provider the way this page allows: a popup opened inside the click,
 * this page itself (redirect), or the system browser through a native host. Knows neither Lit nor
 * the machine: it is told what to do and reports back through callbacks.
 */
import type { HostBridge } from './bridge.js';
import { listenForOAuthResults, newAttemptId } from './oauth-result.js';
import type { OAuthResult } from '../api/types.js';
import { navigateWithoutReferrer, OAuthPopup } from './popup.js';
import { rememberRedirect } from './redirect.js';
import type { RedirectedProvider } from './redirect.js';

export type OAuthMode = 'auto' | 'popup' | 'redirect' | 'external';
const OAUTH_MODES: readonly string[] = ['auto', 'popup', 'redirect', 'external'];

/**
 * How OAuth opens here. `auto` asks a native host for the system browser, else uses a popup (a
 * redirect when the browser refuses it); `external` with no host to ask behaves as `popup`; an
 * unknown value is `auto`.
 */
export function resolveOAuthMode(requested: string, host: Pick<HostBridge, 'native' | 'present'>): OAuthMode {
  const mode = OAUTH_MODES.includes(requested) ? (requested as OAuthMode) : 'auto';
  if (mode === 'auto' && host.native) return 'external';
  if (mode === 'external' && !host.present) return 'popup';
  return mode;
}

export interface LauncherHost {
  mode(): OAuthMode;
  bridge(): HostBridge;
  /** The window is open (after the user asked for it again). */
  opened(): void;
  /** No window could be opened without a fresh click. */
  blocked(): void;
  /** The window is out of sight: closed, or isolated by the provider's page. */
  closed(): void;
  result(result: OAuthResult): void;
}

export class OAuthLauncher {
  readonly #popup = new OAuthPopup();
  /** The attempts started since the OAuth step began; a result is taken from these only. */
  readonly #attempts = new Set<string>();
  /** The browser refused the window inside a click: `auto` goes by redirect instead. */
  #refused = false;
  /** A blank window was opened in the click; if it is gone when the URL arrives, the user closed it. */
  #prepared = false;
  #stopListening: (() => void) | null = null;

  constructor(private readonly host: LauncherHost) {}

  /** In the click that chose the provider, before any await: opens its window, blank. */
  prepare(placeholder: string): void {
    this.#refused = this.#prepared = false;
    const mode = this.host.mode();
    if (mode !== 'auto' && mode !== 'popup') return;
    this.#prepared = this.#openWindow(null, placeholder);
    this.#refused = !this.#prepared;
  }

  /**
   * The provider's URL arrived (no click now): into the prepared window, else this page or the
   * host; with no window to use, the user opens one from a fresh click.
   */
  open(url: string, provider: RedirectedProvider): void {
    const mode = this.host.mode();
    if (mode === 'external') return this.host.bridge().openUrl(url);
    if (mode === 'redirect' || (mode === 'auto' && this.#refused)) return this.#redirect(url, provider);
    if (this.#popup.navigate(url)) return;
    // The window opened in the click is gone: the user closed it before the provider's page came.
    if (this.#prepared) return this.host.closed();
    this.host.blocked();
  }

  /** In a click asking for the sign-in window again: a new window at the URL (or this page, or the host). */
  reopen(url: string, provider: RedirectedProvider): void {
    const mode = this.host.mode();
    if (mode === 'external') return this.host.bridge().openUrl(url);
    if (mode === 'redirect') return this.#redirect(url, provider);
    if (this.#openWindow(url, '')) return this.host.opened();
    if (mode === 'auto') return this.#redirect(url, provider);
    this.host.blocked();
  }

  /** The OAuth step is over: the window closes and results are no longer taken. */
  close(): void {
    this.#popup.close();
    this.#attempts.clear();
    this.#stopListening?.();
    this.#stopListening = null;
    this.#refused = this.#prepared = false;
  }

  #openWindow(url: string | null, placeholder: string): boolean {
    const attempt = newAttemptId();
    if (!this.#popup.open(attempt, url, placeholder)) return false;
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

  #redirect(url: string, provider: RedirectedProvider): void {
    rememberRedirect(provider);
    navigateWithoutReferrer(url, '_self');
  }
}
