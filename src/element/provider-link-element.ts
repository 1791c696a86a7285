import { LitElement } from 'lit';
import type { PropertyValues } from 'lit';
import { fromCallback } from 'xstate';
import type { OAuthResult } from '../api/types.js';
import { createLinkClient, DEFAULT_TIMEOUT_MS, effectiveTimeout, regionCode } from '../api/client.js';
import { flowSecrets } from '../api/secrets.js';
import { errorMessage } from '../i18n/index.js';
import { createLinkActors, createTokenRequest } from '../machine/link-actors.js';
import { linkMachine } from '../machine/link-machine.js';
import type { LinkEmitted, LinkInput, SignInWindowCommand, SignInWindowInput } from '../machine/link-machine.js';
import { hostBridge, listenToHost, NO_HOST, serviceOAuthResult } from '../host/bridge.js';
import type { HostBridge } from '../host/bridge.js';
import { OAuthLauncher, resolveOAuthMode } from '../host/oauth-launcher.js';
import type { PlaceholderPage } from '../host/placeholder-page.js';
import type { OAuthMode } from '../host/oauth-launcher.js';
import { hasRedirectResult, takeRedirectResult } from '../host/redirect.js';
import { whenPageParsed } from '../host/page-parsed.js';
import { LIST_PAGE } from '../views/providers.js';
import { announcementFor, screenFor } from '../views/screen.js';
import type { Screen, ViewActions } from '../views/types.js';
import { widgetView } from '../views/widget.js';
import { LinkActorController } from './actor-controller.js';
import { EarlyProviderList } from './early-provider-list.js';
import { AnnouncerController } from './announcer-controller.js';
import { LINK_EVENTS, linkEvent } from './events.js';
import type { LinkEventDetails, LinkOutcome } from './events.js';
import { hintAtLowContrast } from './contrast-hint.js';
import { LocalizeController } from './localize-controller.js';
import { settingProperties } from './settings.js';
import { styles } from './styles.js';

/**
 * How long a connected widget waits for its token before saying so (set from code, it comes at once).
 * @internal exported for the tests; not part of the element's API, so not in its manifest.
 */
export const TOKEN_GRACE_MS = 2000;

export type { OAuthMode };
// The detail types of the events below, beside the class the manifest describes.
export type { LinkErrorDetail, LinkEventDetail, LinkExitDetail, LinkSuccessDetail } from './events.js';

/**
 * `<provider-link>`: lets an end user connect a data provider to a team's account.
 *
 * @tagname provider-link
 * @fires {CustomEvent<LinkSuccessDetail>} link-success - A provider was linked (or, for email providers, the invitation was sent).
 * @fires {CustomEvent<LinkErrorDetail>} link-error - A step failed; `recoverable` says whether the user can try again here.
 * @fires {CustomEvent<LinkExitDetail>} link-exit - The flow ended: closed by the user, ended by an error, or done.
 * @fires {CustomEvent<LinkEventDetail>} link-event - One per meaningful step, for analytics.
 * @cssprop --provider-link-background - Background of the widget and its fields.
 * @cssprop --provider-link-text - Main text colour.
 * @cssprop --provider-link-muted - Secondary text: intros, descriptions, hints.
 * @cssprop --provider-link-accent - Primary buttons and focus rings.
 * @cssprop --provider-link-on-accent - Text on the accent colour. Default: black or white, whichever reads on the accent at 4.5:1 (a fixed one per theme in engines without relative colours).
 * @cssprop --provider-link-border - Borders of the frame, cards and secondary buttons.
 * @cssprop --provider-link-surface - Hover and error backgrounds, logo placeholders.
 * @cssprop --provider-link-error - Error text and the border of an invalid field.
 * @cssprop --provider-link-success - The success badge.
 * @cssprop --provider-link-radius - Corner radius of the frame and cards (fields and buttons use 60 %).
 * @cssprop --provider-link-font - Font family.
 * @cssprop --provider-link-space - Padding of the frame and the gap between blocks.
 * @cssprop --provider-link-max-height - The widget's greatest height (default: none). A longer list scrolls inside, under the header and the search box, which stay in view.
 * @csspart base - The widget's frame.
 * @csspart header - The title bar with Back and Close.
 * @csspart provider - A provider button in the list.
 * @csspart button - Primary and secondary buttons.
 * @csspart input - Text fields.
 * @csspart error - An error message.
 */
export class ProviderLinkElement extends LitElement {
  static override styles = styles;

  // From the settings table, which every entry reads too (a decorator per field would write the
  // list a second time). The fields below say what each setting means.
  static override properties = settingProperties;

  /** The one-time link token made by the team's backend. Required, unless `requestLinkToken` is given; a new value restarts the flow, unless it is the token the flow already holds (one `requestLinkToken` gave). */
  linkToken = '';

  /**
   * A function that gets a fresh link token from the partner's backend (a property only: never an
   * attribute). The widget calls it when it has no token as it opens, when the service refuses the
   * token in use (once per refusal), and for "Connect another" after a success. A token it gives
   * is sent only in the API's header: no event, address or host message holds it. It must give
   * one line of visible ASCII within the request timeout; its `signal` aborts when the widget stops
   * waiting. Setting `linkToken` to the token it gave restarts nothing.
   */
  requestLinkToken: ((options: { signal: AbortSignal }) => Promise<string>) | null = null;

  /** The API's base URL; default: the page's origin. */
  baseUrl = '';

  /** A provider slug: skip the list and open this provider directly. */
  provider = '';

  /** How OAuth providers open: `auto` (default), `popup`, `redirect` or `external`. */
  oauthMode: OAuthMode = 'auto';

  /** BCP 47 language tag; default `navigator.language`, falling back to English. */
  locale = '';

  /** Default region for password and email providers: a two-letter code such as `eu` or `us`. */
  region = '';

  /**
   * Per-request time limit in milliseconds (default 15 000), kept between 1 000 and 600 000;
   * `Infinity` (or any non-finite value) means no limit, from code only; `undefined` (or an
   * attribute that is not a finite number) means the default.
   */
  requestTimeout: number | undefined = DEFAULT_TIMEOUT_MS;

  /**
   * When framed: the parent page's exact origin. Events are then posted to it, and OAuth
   * results are taken from it; messages from any other origin are ignored. Never `*`.
   */
  parentOrigin = '';

  /** `light` (default), `dark`, or `auto` to follow the system's colour scheme. */
  theme: 'light' | 'dark' | 'auto' = 'light';

  /**
   * The partner's product name, for the consent sentence ("Acme Health will receive: …"); without
   * it the sentence says "This app will receive: …". A provider that connects only from the
   * mobile app says "Open Acme Health on your phone to connect …".
   */
  appName = '';

  /**
   * Shows, under an error, the service's developer text behind "Technical details": for the
   * partner while integrating, not for the people who link. `link-error`'s `debug` carries it
   * either way. The attribute is a boolean one (`debug="false"` is off).
   */
  debug = false;

  // View state, not flow state: what the user typed into the search box, how much of the list shows.
  #query = '';
  #listLimit = LIST_PAGE;
  /** The screen last rendered, for the announcer (derived in `render`, never set elsewhere). */
  #screen: Screen | null = null;

  readonly #localize = new LocalizeController(this);
  readonly #flow = new LinkActorController(this, (emitted) => this.#onEmitted(emitted));
  #bridge: HostBridge = hostBridge('');
  /**
   * The machine's `signInWindow` actor: this page's way to the provider (popup, redirect or the
   * native host). The machine starts one for each attempt and stops it, closing the window, when
   * the OAuth state is left, the flow restarts or the widget is removed.
   */
  readonly #signInWindow = fromCallback<SignInWindowCommand, SignInWindowInput>(({ input, receive, sendBack }) => {
    const launcher = new OAuthLauncher(
      {
        mode: () => resolveOAuthMode(this.oauthMode, this.#bridge),
        bridge: () => this.#bridge,
        placeholder: () => this.#placeholderPage(input.provider.name),
        opened: () => sendBack({ type: 'POPUP_OPENED' }),
        blocked: () => sendBack({ type: 'POPUP_BLOCKED' }),
        closed: () => sendBack({ type: 'POPUP_CLOSED' }),
        result: (result) => sendBack({ type: 'OAUTH_RESULT', ...this.#cleaned(result) }),
      },
      input.provider,
    );
    receive((command) => {
      if (command.type === 'OPEN_WINDOW') launcher.openWindow();
      else if (command.type === 'SHOW_WINDOW') launcher.showWindow();
      else launcher.go(command.url);
    });
    return () => launcher.close();
  });
  #stopListening: (() => void) | null = null;

  /** The sign-in window's first page, in the widget's words and look as they are now. */
  #placeholderPage(provider: string): PlaceholderPage {
    const t = this.#localize.t;
    const frame = this.renderRoot.querySelector('.base');
    const computed = frame && getComputedStyle(frame);
    const look: PlaceholderPage['look'] = computed
      ? {
          background: computed.backgroundColor,
          text: computed.color,
          muted: computed.getPropertyValue('--_muted').trim(),
          accent: computed.getPropertyValue('--_accent').trim(),
          font: computed.fontFamily,
          'color-scheme': computed.colorScheme,
        }
      : {};
    return { lang: t.lang, dir: t.dir, provider, text: t.oauthOpening(provider), look };
  }

  /** Each change of the widget's height goes to a parent page that frames it (bridge `resize`). */
  readonly #sizeWatch = new ResizeObserver(([entry]) => this.#bridge.resized(Math.ceil(entry!.borderBoxSize[0]!.blockSize)));
  /** The running flow's secrets: its tokens, the page's and each fresh one, and what the user typed. */
  #secrets = flowSecrets();
  /** `#restartingSettings` of the flow that runs (none yet: the first start sets it). */
  #flowStartedWith: string | null = null;
  /** The `linkToken` the flow that runs started with, or took as its own since (`#takesOwnToken`). */
  #flowPageToken: string | null = null;
  /** True from connecting until the page is parsed, when the connection's own start runs. */
  #awaitingPage = false;
  /** Forgets the wait for the parsed page (an element removed before it is). */
  #stopAwaitingPage = () => {};
  readonly #earlyList = new EarlyProviderList();
  /** Pending while a connected widget has no token: a page that forgot it hears of it, once. */
  #tokenWait: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    // Focus and the live region follow each rendered screen (the controller registers itself).
    new AnnouncerController(this, () => this.#screen && announcementFor(this.#screen, this.#viewState));
  }

  /**
   * Without a token (and no redirect result to show): `wait` for the page to set one, or `fail`
   * at once with `invalid_token`. The modal and the hosted page say `fail`: nothing else will
   * give them a token.
   * @internal for the package's own entries; not a setting of the element.
   */
  withoutToken: 'wait' | 'fail' = 'wait';

  /**
   * A widget waiting for its token gives up: it says the link cannot be used (`invalid_token`).
   * @internal for the hosted page, whose host had its chance to send one.
   */
  tokenNeverCame(): void {
    this.#flow.send({ type: 'TOKEN_MISSING' });
  }

  /**
   * Talks to no host at all: no message out, none taken in, whatever the page offers. Set before
   * the element is attached.
   * @internal for the hosted page, refused in a frame it was not told about.
   */
  hostless = false;

  /** Starts again from the provider list with the current token. */
  restart(): void {
    // Before the page is parsed the flow has not started: the start that comes then reads the
    // current settings (and takes a redirect result, which a start from here would spend).
    if (!this.#awaitingPage) this.#startFlow(null);
  }

  /** Ends the flow as if the user had pressed Close (fires `link-exit`). */
  exit(): void {
    this.#flow.send({ type: 'EXIT' });
  }

  /**
   * Delivers an OAuth result that arrived another way (a native host, a deep link), in the
   * service's field names: `{state, error_type?, error?}`. Anything else is ignored with a warning.
   */
  completeOAuth(result: { state: string; error_type?: string | null; error?: string | null }): void {
    const parsed = serviceOAuthResult(result);
    if (parsed) this.#flow.send({ type: 'OAUTH_RESULT', ...this.#cleaned(parsed) });
    else console.warn('<provider-link>: completeOAuth() needs {state}; ignored.');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listenToHost();
    this.#sizeWatch.observe(this);
    // Once the page is parsed: its scripts are listening by then, wherever they stand (a return
    // page from a redirect reports its outcome at once, and must not report it to nobody). Until
    // then no setting starts the flow (willUpdate): this start reads them all, and alone takes the
    // redirect result; a start without it would spend the visit on the API with a spent token.
    this.#awaitingPage = true;
    this.#stopAwaitingPage();
    this.#stopAwaitingPage = whenPageParsed(() => {
      this.#awaitingPage = false;
      if (this.isConnected && !this.#flow.running) this.#startFlow(takeRedirectResult());
    }, this.ownerDocument);
    // The first update asks for the list early, once the settings set right after attaching are in.
    if (this.#awaitingPage) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (this.isConnected) return; // only moved
      this.#stopAwaitingPage();
      this.#earlyList.drop();
      this.#sizeWatch.disconnect();
      clearTimeout(this.#tokenWait);
      this.#stopListening?.();
      this.#stopListening = null;
    });
  }

  /** The host app or parent page: listened to while connected, and only then. */
  #listenToHost(): void {
    this.#stopListening?.();
    this.#stopListening = null;
    this.#bridge = this.hostless ? NO_HOST : hostBridge(this.parentOrigin);
    if (this.hostless) return;
    this.#stopListening = listenToHost(this.parentOrigin, (result) => this.#flow.send({ type: 'OAUTH_RESULT', ...this.#cleaned(result) }));
  }

  /**
   * An OAuth result's text as the flow may keep it: cleaned of the flow's secrets (its tokens,
   * what the person typed) as it enters, before it is cut to length, so the error screen's
   * "Technical details" and `link-error`'s `debug` read the same clean text. It comes from an
   * address or a host, which the API client never saw; everything the client passes on is clean.
   */
  #cleaned<T extends OAuthResult>(result: T): T {
    return result.error ? { ...result, error: this.#secrets.scrub(result.error, result.error.length) } : result;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('region') && this.region && !regionCode(this.region)) {
      console.warn(`<provider-link>: region "${this.region}" is not a code like "eu"; not sent.`);
    }
    if (changed.has('parentOrigin') && this.#stopListening) this.#listenToHost();
    // A flow runs with the settings it started with: a change (a token set from code just after
    // connecting, too) starts it again; the first update of a flow connecting just started does not.
    if (this.#awaitingPage && this.isConnected) this.#askForListEarly();
    else if (this.isConnected && (this.#flowStartedWith !== this.#restartingSettings || this.#flowPageToken !== this.linkToken) && !this.#takesOwnToken()) this.#startFlow(null);
  }

  /**
   * The page set `linkToken` to the token the flow already holds (a fresh one `requestLinkToken`
   * gave, which a React page keeps in its state and passes back; a host answering a token request
   * twice): nothing to start again, the person stays where they are. Any other setting changed
   * with it still restarts.
   */
  #takesOwnToken(): boolean {
    const held = this.#flow.snapshot?.context.linkToken;
    if (this.#flowStartedWith !== this.#restartingSettings || !held || held !== this.linkToken) return false;
    this.#flowPageToken = this.linkToken;
    return true;
  }

  /** The settings other than the token whose change starts the flow again. */
  get #restartingSettings(): string {
    // Whether there is a `requestLinkToken`, not which: it is read each time it is called.
    return JSON.stringify([this.baseUrl, this.provider, this.requestTimeout, typeof this.requestLinkToken === 'function']);
  }

  /** The client's settings, from the element's. */
  get #clientOptions() {
    return { linkToken: this.linkToken, baseUrl: this.baseUrl || undefined, timeoutMs: this.requestTimeout };
  }

  /** While the page is parsed: the list, asked for now, for the flow to take when it starts. */
  #askForListEarly(): void {
    // Never on a return page: the outcome needs no call, and the token is spent.
    if (this.linkToken && !hasRedirectResult()) this.#earlyList.ask(this.#clientOptions);
    else this.#earlyList.drop();
  }

  #startFlow(resumed: ReturnType<typeof takeRedirectResult>): void {
    this.#flowStartedWith = this.#restartingSettings;
    this.#flowPageToken = this.linkToken;
    this.#query = '';
    this.#listLimit = LIST_PAGE;
    clearTimeout(this.#tokenWait);
    // No token yet (a page sets it from its code, at once): the loading screen until one is set,
    // which starts a new flow. The flow runs meanwhile, so Close ends it.
    if (!resumed && !this.linkToken && this.withoutToken === 'wait' && typeof this.requestLinkToken !== 'function') {
      this.#tokenWait = setTimeout(() => console.warn('<provider-link>: still no link token; set linkToken from your code.'), TOKEN_GRACE_MS);
    }
    const early = resumed ? null : this.#earlyList.take(this.#clientOptions);
    if (resumed) this.#earlyList.drop();
    const options = this.#clientOptions;
    const secrets = (this.#secrets = flowSecrets([options.linkToken]));
    const first = early ?? createLinkClient({ ...options, secrets });
    // The machine holds the token each call is made with: the page's, then each fresh one.
    const clientFor = (linkToken: string) => (linkToken === options.linkToken ? first : createLinkClient({ ...options, linkToken, secrets }));
    const renewsToken = typeof this.requestLinkToken === 'function';
    const input: LinkInput = { providerSlug: this.provider || null, canCallApi: Boolean(this.linkToken), withoutToken: this.withoutToken, linkToken: options.linkToken, renewsToken };
    if (resumed) {
      const { slug, name, authType } = resumed.provider;
      input.resumedOAuth = { provider: { id: null, slug, name, authType, description: '', logo: null, formComponents: {}, supportedResources: [] }, result: this.#cleaned(resumed.result) };
    }
    const requestLinkToken = createTokenRequest({ request: (options) => this.requestLinkToken?.(options), timeoutMs: effectiveTimeout(this.requestTimeout), secrets });
    this.#flow.start(linkMachine.provide({ actors: { ...createLinkActors(clientFor), requestLinkToken, signInWindow: this.#signInWindow } }), input);
  }

  /** A public event: to the page as a DOM event, and to the host, if there is one. */
  #publish<K extends LinkOutcome>(outcome: K, detail: LinkEventDetails[K]): void {
    this.dispatchEvent(linkEvent(outcome, detail));
    this.#bridge.send(LINK_EVENTS[outcome].name, { ...detail });
  }

  #onEmitted(emitted: LinkEmitted): void {
    // The machine says what happened; the words of an error and the time of a step are added here.
    switch (emitted.type) {
      case 'success':
      case 'exit': {
        const { type, ...detail } = emitted;
        return this.#publish(type, detail);
      }
      case 'error': {
        // Clean already: the API client cleans what the service says, `#cleaned` an OAuth result.
        const { type, ...detail } = emitted;
        // The page's own origin has no link API: the integrator has not set base-url yet.
        if (detail.errorType === 'http_404' && !this.baseUrl) console.warn('<provider-link>: no link API at this origin; set base-url.');
        return this.#publish(type, { ...detail, message: errorMessage(this.#localize.t, detail.errorType) });
      }
      case 'step': {
        const { type, ...detail } = emitted;
        return this.#publish(type, { ...detail, at: new Date().toISOString() });
      }
    }
  }

  /** A view action that is just a machine event. */
  #send = (type: 'OPEN_WINDOW' | 'SHOW_WINDOW' | 'RETRY' | 'CANCEL' | 'BACK') => () => this.#flow.send({ type });

  readonly #actions: ViewActions = {
    select: (slug) => this.#flow.send({ type: 'SELECT', slug }),
    search: (query) => {
      this.#query = query;
      this.#listLimit = LIST_PAGE;
      this.requestUpdate();
    },
    clearSearch: () => {
      this.#actions.search('');
      // The button is gone with the empty result: the keyboard goes back to the box.
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#provider-search')?.focus());
    },
    showMore: () => {
      this.#listLimit += LIST_PAGE;
      this.requestUpdate();
    },
    submitCredentials: (credentials) => this.#flow.send({ type: 'SUBMIT_CREDENTIALS', ...credentials }),
    submitMfa: (code) => this.#flow.send({ type: 'SUBMIT_MFA', code }),
    submitEmail: (invite) => this.#flow.send({ type: 'SUBMIT_EMAIL', ...invite }),
    openWindow: this.#send('OPEN_WINDOW'),
    showWindow: this.#send('SHOW_WINDOW'),
    retry: this.#send('RETRY'),
    cancel: this.#send('CANCEL'),
    back: this.#send('BACK'),
    close: () => this.exit(),
    restart: () => this.restart(),
    connectAnother: () => this.#flow.send({ type: 'CONNECT_ANOTHER' }),
  };

  get #viewState() {
    return { snapshot: this.#flow.snapshot, t: this.#localize.t, query: this.#query, listLimit: this.#listLimit, region: this.region, appName: this.appName, hosted: this.#bridge.present, debug: this.debug };
  }

  override updated(): void {
    // A partner's colours can arrive with any stylesheet after the first render: the hint reads them
    // again only when where they come from changed (contrast-hint.ts), and reports each pair once.
    hintAtLowContrast(this);
  }

  override render() {
    this.#screen = screenFor(this.#viewState, this.#actions);
    return widgetView(this.#screen, this.#localize.t, this.#actions, this.#flow.snapshot?.context.provider);
  }
}
