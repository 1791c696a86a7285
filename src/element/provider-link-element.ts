import { LitElement } from 'lit';
import type { PropertyValues } from 'lit';
import { fromPromise } from 'xstate';
import { createLinkClient, DEFAULT_TIMEOUT_MS } from '../api/client.js';
import type { Provider } from '../api/types.js';
import { errorMessage, languageFor, loadMessages, messagesFor } from '../i18n/index.js';
import type { Messages } from '../i18n/messages.js';
import { linkMachine, OAUTH_AUTH_TYPES } from '../machine/link-machine.js';
import type { LinkEmitted, LinkFailure, LinkInput } from '../machine/link-machine.js';
import { statePath, stepOf } from '../machine/step.js';
import { hostBridge, listenToHost } from '../host/bridge.js';
import type { HostBridge } from '../host/bridge.js';
import { listenForOAuthResult } from '../host/oauth-result.js';
import { OAuthPopup } from '../host/popup.js';
import { rememberRedirect, takeRedirectResult } from '../host/redirect.js';
import { widgetView } from '../views/widget.js';
import type { ViewActions } from '../views/types.js';
import { LinkActorController } from './actor-controller.js';
import type { LinkSnapshot } from './actor-controller.js';
import { linkEvent } from './events.js';
import type { LinkEventMap } from './events.js';
import { styles } from './styles.js';

export type OAuthMode = 'auto' | 'popup' | 'redirect' | 'external';
const OAUTH_MODES: readonly string[] = ['auto', 'popup', 'redirect', 'external'];

/** Delay before the live region speaks, so screen readers notice the change. */
const ANNOUNCE_DELAY_MS = 120;

/**
 * `<provider-link>`: lets an end user connect a data provider to a team's account.
 *
 * @tagname provider-link
 * @fires link-success - A provider was linked (or, for email providers, the invitation was sent).
 * @fires link-error - A step failed; `recoverable` says whether the user can try again here.
 * @fires link-exit - The flow ended: closed by the user, ended by an error, or done.
 * @fires link-event - One per meaningful step, for analytics.
 * @cssprop --provider-link-background - Background of the widget and its fields.
 * @cssprop --provider-link-text - Main text colour.
 * @cssprop --provider-link-muted - Secondary text: intros, descriptions, hints.
 * @cssprop --provider-link-accent - Primary buttons and focus rings.
 * @cssprop --provider-link-on-accent - Text on the accent colour.
 * @cssprop --provider-link-border - Borders of the frame, cards and secondary buttons.
 * @cssprop --provider-link-surface - Hover and error backgrounds, logo placeholders.
 * @cssprop --provider-link-error - Error text and the border of an invalid field.
 * @cssprop --provider-link-success - The success badge.
 * @cssprop --provider-link-radius - Corner radius of the frame and cards (fields and buttons use 60 %).
 * @cssprop --provider-link-font - Font family.
 * @cssprop --provider-link-space - Padding of the frame and the gap between blocks.
 * @csspart base - The widget's frame.
 * @csspart header - The title bar with Back and Close.
 * @csspart provider - A provider button in the list.
 * @csspart button - Primary and secondary buttons.
 * @csspart input - Text fields.
 * @csspart error - An error message.
 */
export class ProviderLinkElement extends LitElement {
  static override styles = styles;

  // Declared here rather than with decorators: no decorator helpers end up in the bundle.
  static override properties = {
    linkToken: { attribute: 'link-token' },
    baseUrl: { attribute: 'base-url' },
    provider: {},
    oauthMode: { attribute: 'oauth-mode' },
    locale: {},
    region: {},
    requestTimeout: { attribute: false },
    parentOrigin: { attribute: 'parent-origin' },
    theme: { reflect: true },
  };

  /** The one-time link token made by the team's backend. Required; a new value restarts the flow. */
  linkToken = '';

  /** The API's base URL; default: the page's origin. */
  baseUrl = '';

  /** A provider slug: skip the list and open this provider directly. */
  provider = '';

  /** How OAuth providers open: `auto` (default), `popup`, `redirect` or `external`. */
  oauthMode: OAuthMode = 'auto';

  /** BCP 47 language tag; default `navigator.language`, falling back to English. */
  locale = '';

  /** Default region for password and email providers. */
  region = '';

  /** Per-request time limit in milliseconds (default 15 000). Not an attribute. */
  requestTimeout = DEFAULT_TIMEOUT_MS;

  /**
   * When framed: the parent page's exact origin. Events are then posted to it, and OAuth
   * results are taken from it; messages from any other origin are ignored. Never `*`.
   */
  parentOrigin = '';

  /** `light` (default), `dark`, or `auto` to follow the system's colour scheme. */
  theme: 'light' | 'dark' | 'auto' = 'light';

  /** What the user typed into the provider search box: view state, not flow state. */
  #query = '';

  readonly #flow = new LinkActorController(
    this,
    (emitted) => this.#onEmitted(emitted),
    (snapshot) => this.#onSnapshot(snapshot),
  );
  readonly #popup = new OAuthPopup();
  /** Set when the browser refused a popup inside a click; `auto` then redirects instead. */
  #popupBlocked = false;
  #bridge: HostBridge = hostBridge('');
  #stopListening: (() => void) | null = null;
  #announceTimer: ReturnType<typeof setTimeout> | undefined;
  #shownPath = '';
  #shownError: LinkFailure | null = null;
  #shownRound = 0;
  #interacted = false;
  #warnedNoToken = false;

  /** Starts again from the provider list with the current token. */
  restart(): void {
    this.#startFlow(null);
  }

  /** Ends the flow as if the user had pressed Close (fires `link-exit`). */
  exit(): void {
    this.#flow.send({ type: 'EXIT' });
  }

  /** Delivers an OAuth result that arrived another way (a native host, a deep link). */
  completeOAuth(result: { state: string; error_type?: string | null; error?: string | null }): void {
    this.#flow.send({ type: 'OAUTH_RESULT', state: String(result.state), errorType: result.error_type ?? null, error: result.error ?? null });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listen();
    this.addEventListener('pointerdown', this.#markInteracted);
    this.addEventListener('keydown', this.#markInteracted);
    if (!this.#flow.running) this.#startFlow(takeRedirectResult());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (this.isConnected) return; // only moved
      this.#popup.close();
      this.#stopListening?.();
      this.#stopListening = null;
      clearTimeout(this.#announceTimer);
    });
    this.removeEventListener('pointerdown', this.#markInteracted);
    this.removeEventListener('keydown', this.#markInteracted);
  }

  /** The OAuth return channel and the host: listened to while connected, and only then. */
  #listen(): void {
    this.#stopListening?.();
    this.#bridge = hostBridge(this.parentOrigin);
    const fromPopup = listenForOAuthResult(this.#popup.name, (result) => this.#flow.send({ type: 'OAUTH_RESULT', ...result }));
    const fromHost = listenToHost(this.parentOrigin, (result) => this.completeOAuth(result));
    this.#stopListening = () => {
      fromPopup();
      fromHost();
    };
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('locale')) this.#loadLanguage();
    if (changed.has('parentOrigin') && this.isConnected && this.#stopListening) this.#listen();
    const restartOn = ['linkToken', 'baseUrl', 'provider', 'requestTimeout'] as const;
    if (this.isConnected && this.hasUpdated && restartOn.some((name) => changed.has(name))) this.#startFlow(null);
  }

  get #locale(): string {
    return this.locale || globalThis.navigator?.language || 'en';
  }

  get #t(): Messages {
    return messagesFor(this.#locale);
  }

  /** Each widget speaks its own language; the catalogue arrives while the providers load. */
  #loadLanguage(): void {
    const locale = this.#locale;
    if (messagesFor(locale).lang === languageFor(locale)) return;
    void loadMessages(locale).then(() => {
      if (this.#locale === locale) this.requestUpdate();
    });
  }

  /**
   * How OAuth opens here. `auto` asks a native host for the system browser, else uses a popup
   * (a redirect when the popup is blocked); `external` with no host to ask behaves as `popup`.
   */
  get #mode(): OAuthMode {
    const mode = OAUTH_MODES.includes(this.oauthMode) ? this.oauthMode : 'auto';
    if (mode === 'auto' && this.#bridge.native) return 'external';
    if (mode === 'external' && !this.#bridge.present) return 'popup';
    return mode;
  }

  #markInteracted = () => {
    this.#interacted = true;
  };

  #startFlow(resumed: ReturnType<typeof takeRedirectResult>): void {
    this.#query = '';
    this.#shownPath = '';
    this.#popup.close();
    if (!resumed && !this.linkToken) {
      this.#flow.stop();
      this.#flow.snapshot = null;
      if (!this.#warnedNoToken) console.warn('<provider-link>: no link-token yet');
      this.#warnedNoToken = true;
      return;
    }
    const client = createLinkClient({ linkToken: this.linkToken, baseUrl: this.baseUrl || undefined, timeoutMs: this.requestTimeout });
    const machine = linkMachine.provide({
      actors: {
        listProviders: fromPromise(({ signal }) => client.listProviders(signal)),
        getOAuthUrl: fromPromise(({ input, signal }) => client.getOAuthUrl(input.slug, signal)),
        signIn: fromPromise(({ input, signal }) => client.signInWithPassword(input.slug, input, signal)),
        completeMfa: fromPromise(({ input, signal }) => client.completeMfa(input.slug, input.code, signal)),
        sendEmailInvite: fromPromise(({ input, signal }) => client.sendEmailInvite(input.slug, input, signal)),
      },
    });
    const input: LinkInput = { providerSlug: this.provider || null, canCallApi: Boolean(this.linkToken) };
    if (resumed) {
      const { slug, name, authType } = resumed.provider;
      const provider: Provider = { id: null, slug, name, authType, description: '', logo: null, formComponents: {} };
      input.resumedOAuth = { provider, result: resumed.result };
    }
    this.#flow.start(machine, input);
  }

  /** A public event: to the page as a DOM event, and to the host, if there is one. */
  #publish<K extends keyof LinkEventMap>(type: K, detail: LinkEventMap[K]['detail']): void {
    this.dispatchEvent(linkEvent(type, detail));
    this.#bridge.send(type, { ...detail });
  }

  #onEmitted(emitted: LinkEmitted): void {
    switch (emitted.type) {
      case 'success': {
        const { provider, authType, redirectUrl } = emitted;
        this.#publish('link-success', { provider, authType, redirectUrl });
        break;
      }
      case 'error': {
        const { errorType, debug, provider, recoverable } = emitted;
        const message = errorMessage(this.#t, errorType);
        this.#publish('link-error', { errorType, message, debug, provider, recoverable });
        break;
      }
      case 'exit': {
        const { reason, errorType, provider, step } = emitted;
        this.#popup.close();
        this.#publish('link-exit', { reason, provider, step, ...(errorType ? { errorType } : {}) });
        break;
      }
      case 'step': {
        const { name, step, provider } = emitted;
        this.#publish('link-event', { name, step, provider, at: new Date().toISOString() });
        break;
      }
      case 'oauth.open':
        this.#sendToProvider(emitted.url);
        break;
    }
  }

  #onSnapshot(snapshot: LinkSnapshot): void {
    // The popup lives only while the flow waits for it.
    if (!snapshot.matches({ oauth: 'fetchingUrl' }) && !snapshot.matches({ oauth: 'waiting' })) this.#popup.close();
  }

  // --- OAuth ----------------------------------------------------------------------------

  /** Inside the click, before any await: popup blockers only allow windows opened right here. */
  #openBlankPopupIfNeeded(provider: Provider | null): void {
    if (!provider || !OAUTH_AUTH_TYPES.includes(provider.authType)) return;
    const mode = this.#mode;
    if (mode === 'auto' || mode === 'popup') this.#popupBlocked = !this.#popup.open(undefined, this.#t.oauthOpening(provider.name));
  }

  #sendToProvider(url: string): void {
    const mode = this.#mode;
    if (mode === 'external') {
      this.#bridge.openUrl(url);
    } else if (mode === 'redirect' || (mode === 'auto' && this.#popupBlocked)) {
      this.#redirectTo(url);
    } else if (this.#popup.navigate(url)) {
      this.#popup.watch(() => this.#flow.send({ type: 'POPUP_CLOSED' }));
    } else {
      // Blocked, or no click opened a window: the user opens it from a fresh click.
      this.#flow.send({ type: 'POPUP_BLOCKED' });
    }
  }

  #redirectTo(url: string): void {
    const provider = this.#flow.snapshot?.context.provider;
    if (provider) rememberRedirect(provider);
    window.location.assign(url);
  }

  #openOAuthWindow = () => {
    const url = this.#flow.snapshot?.context.oauthUrl;
    if (!url) return;
    const mode = this.#mode;
    if (mode === 'external') return this.#bridge.openUrl(url);
    if (mode === 'redirect') return this.#redirectTo(url);
    if (this.#popup.open(url)) {
      this.#popupBlocked = false;
      this.#flow.send({ type: 'POPUP_OPENED' });
      this.#popup.watch(() => this.#flow.send({ type: 'POPUP_CLOSED' }));
    } else if (mode === 'auto') {
      this.#redirectTo(url);
    } else {
      this.#flow.send({ type: 'POPUP_BLOCKED' });
    }
  };

  // --- view ------------------------------------------------------------------------------

  readonly #actions: ViewActions = {
    select: (provider) => {
      this.#openBlankPopupIfNeeded(provider);
      this.#flow.send({ type: 'SELECT', slug: provider.slug });
    },
    search: (query) => {
      this.#query = query;
      this.requestUpdate();
    },
    submitCredentials: (form) => {
      const data = new FormData(form);
      this.#flow.send({
        type: 'SUBMIT_CREDENTIALS',
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
        region: this.region || null,
      });
    },
    submitMfa: (form) => {
      this.#flow.send({ type: 'SUBMIT_MFA', code: String(new FormData(form).get('code') ?? '').trim() });
    },
    submitEmail: (form) => {
      this.#flow.send({ type: 'SUBMIT_EMAIL', email: String(new FormData(form).get('email') ?? '').trim(), region: this.region || null });
    },
    openOAuthWindow: () => this.#openOAuthWindow(),
    retry: () => {
      if (this.#flow.snapshot?.matches('oauth')) this.#openBlankPopupIfNeeded(this.#flow.snapshot.context.provider);
      this.#flow.send({ type: 'RETRY' });
    },
    back: () => this.#flow.send({ type: 'BACK' }),
    close: () => this.exit(),
    restart: () => this.restart(),
  };

  override render() {
    return widgetView({ snapshot: this.#flow.snapshot, t: this.#t, query: this.#query }, this.#actions);
  }

  protected override updated(): void {
    const snapshot = this.#flow.snapshot;
    const path = snapshot ? statePath(snapshot.value) : '';
    const error = snapshot?.context.error ?? null;
    // A new state, or a new error in the same state (a form sent with an empty field).
    if (path === this.#shownPath && error === this.#shownError) return;
    const previousStep = stepOf(this.#shownPath);
    this.#shownPath = path;
    this.#shownError = error;
    const root = this.renderRoot as ShadowRoot;
    // Busy: the form stays where it is; say what is happening ("Signing in…").
    if (snapshot?.hasTag('busy')) return this.#announce(root.querySelector('.busy,[type=submit]')?.textContent?.trim() ?? '');
    // Another MFA round is another code: the previous one must not linger in the field.
    const round = snapshot?.context.mfaRound ?? 0;
    if (round !== this.#shownRound) root.querySelector('form')?.reset();
    this.#shownRound = round;
    const heading = root.querySelector('h2');
    // The field the error names, else the last one it concerns (the password, after a refusal).
    const invalid = [...root.querySelectorAll<HTMLInputElement>('input[aria-invalid="true"]')].at(-1);
    if (this.#interacted) {
      if (invalid) {
        invalid.focus();
        invalid.select();
      } else if (stepOf(path) !== previousStep || !root.activeElement) {
        heading?.focus();
      }
    }
    // The step and what it says first: "Enter the verification code. We sent another code…"
    this.#announce(error ? errorMessage(this.#t, error.code) : `${heading?.textContent}. ${root.querySelector('.lead')?.textContent ?? ''}`);
  }

  /** Empties the live region, then fills it a moment later, so screen readers notice. */
  #announce(text: string): void {
    const region = this.renderRoot.querySelector('#announcer');
    if (!region) return;
    clearTimeout(this.#announceTimer);
    region.textContent = '';
    this.#announceTimer = setTimeout(() => {
      region.textContent = text;
    }, ANNOUNCE_DELAY_MS);
  }
}

