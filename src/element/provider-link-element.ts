import { LitElement } from 'lit';
import type { PropertyValues } from 'lit';
import { DEFAULT_TIMEOUT_MS, regionCode } from '../core/api/client.js';
import { errorMessage } from '../i18n/index.js';
import { callApi, requestDisconnect, requestFreshToken } from '../core/machine/link-actors.js';
import type { FlowSettings, LinkEmitted, LinkEvent, LinkHost } from '../core/machine/link-machine.js';
import { hostBridge, listenToHost, NO_HOST, serviceOAuthResult } from '../browser/bridge.js';
import type { HostBridge } from '../browser/bridge.js';
import { OAuthLauncher, resolveOAuthMode } from '../browser/oauth-launcher.js';
import type { PlaceholderPage } from '../browser/placeholder-page.js';
import { takeRedirectResult } from '../browser/redirect.js';
import { whenPageParsed } from '../browser/page-parsed.js';
import { LIST_PAGE } from '../views/providers.js';
import { announcementFor, screenFor } from '../views/screen.js';
import type { Screen, ViewActions } from '../views/types.js';
import { widgetView } from '../views/widget.js';
import { LinkActorController } from './actor-controller.js';
import { AnnouncerController } from './announcer-controller.js';
import { LINK_EVENTS, linkEvent } from '../contract/events.js';
import type { LinkEventDetails, LinkOutcome } from '../contract/events.js';
import { ContrastHintController } from './contrast-hint.js';
import { LocalizeController } from './localize-controller.js';
import { connectedList, SETTINGS, slugList } from '../contract/settings.js';
import type { ConnectedProvider } from '../contract/settings.js';
import { settingProperties } from './setting-properties.js';
import type { OAuthMode, Settings, Theme } from '../contract/settings.js';
import type { MessageOverrides } from '../contract/words.js';
import { styles } from './styles.js';

export type { ConnectedProvider, MessageOverrides, OAuthMode, Theme };
// The detail types of the events below, beside the class the manifest describes.
export type { LinkDisconnectDetail, LinkErrorDetail, LinkEventDetail, LinkExitDetail, LinkSuccessDetail } from '../contract/events.js';

/**
 * `<provider-link>`: lets an end user connect a data provider to a team's account.
 *
 * @tagname provider-link
 * @fires {CustomEvent<LinkSuccessDetail>} link-success - A provider was linked (or, for email providers, the invitation was sent).
 * @fires {CustomEvent<LinkErrorDetail>} link-error - A step failed; `recoverable` says whether the user can try again here.
 * @fires {CustomEvent<LinkExitDetail>} link-exit - The flow ended: closed by the user, ended by an error, or done.
 * @fires {CustomEvent<LinkEventDetail>} link-event - One per meaningful step, for analytics.
 * @fires {CustomEvent<LinkDisconnectDetail>} link-disconnect - `disconnectProvider` disconnected a provider the person had.
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
export class ProviderLinkElement extends LitElement implements Settings {
  static override styles = styles;

  // From the settings table, which every entry reads too (a decorator per field would write the
  // list a second time). The fields below say what each setting means.
  static override properties = settingProperties;

  /**
   * The one-time link token made by the team's backend. Required, unless `requestLinkToken` is
   * given. One line of visible ASCII of at most 4 096 characters; anything else is the token screen
   * (`invalid_token`). A new value starts the flow again, unless it is a token the flow already
   * holds or `requestLinkToken` gave, or a redirect's outcome is on screen (which stays, and uses it
   * for Try again).
   */
  linkToken = '';

  /**
   * A function that gets a fresh link token from the partner's backend (a property only: never an
   * attribute). The widget calls it when it has no token as it opens, when the service refuses the
   * token in use (once, then again only after the service took a token or the person acted), and
   * for "Connect another" after a success. A token it gives is sent only in the API's header: no
   * event, address or host message holds it. It must give one line of visible ASCII within the
   * request timeout; its `signal` aborts when the widget stops waiting. Rejecting, timing out or
   * giving no usable token is `token_request_failed`, with Try again. Setting `linkToken` to the
   * token it gave (at once, in a microtask or later) restarts nothing.
   */
  requestLinkToken: ((options: { signal: AbortSignal }) => Promise<string>) | null = null;

  /** The API's base URL; default: the page's origin. */
  baseUrl = '';

  /** A provider slug: skip the list and open this provider directly. */
  provider = '';

  /**
   * The providers to offer, by slug, in the order to show them: only those in the service's list
   * are shown (the others are named in the console). Empty (the default): every provider, in the
   * service's order. In markup, slugs separated by commas (`providers="scalewise,pulsewave"`). A
   * `provider` to open directly must be one of them; if not, the console says so and the list shows.
   */
  providers: readonly string[] | string = [];

  /**
   * The providers the person has connected already, as your backend knows them (a property only):
   * `[{slug, status}]`, `status` `connected` (the default) or `needs_reconnect`. The list marks them
   * "Connected"; one that needs reconnecting says so, and choosing it runs its sign-in again with
   * "Reconnect" words, its `link-success` saying `reconnected: true`. A slug the list does not have
   * is named in the console. Changing it restarts nothing.
   */
  connectedProviders: readonly ConnectedProvider[] = [];

  /**
   * Disconnects a provider through your backend, which holds the API key (a property only):
   * `(slug, {signal}) => Promise<void>`. When given, each connected provider in the list offers
   * Disconnect, behind a confirmation; once it resolves, the list no longer marks it, and
   * `link-disconnect` says which. Rejecting or taking longer than the request timeout is
   * `link-error` `disconnect_failed`, with Try again; its `signal` aborts when the widget stops
   * waiting (Close).
   */
  disconnectProvider: ((slug: string, options: { signal: AbortSignal }) => Promise<void>) | null = null;

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

  /**
   * `auto` (default) follows the person's system colour scheme (`prefers-color-scheme`); `light`
   * or `dark` forces one. An unknown value counts as `auto`.
   */
  theme: Theme = 'auto';

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

  /**
   * Your own words for some messages, per language (a property only): `{en: {providersIntro: '…'},
   * fr: {…}}`, each a part of that language's catalogue (typed as `CatalogueOverride`), so the
   * intro, the consent sentence or the success screen can say it your way. A text keeps the
   * placeholders of ours (`{provider}`); one that does not, or a name that is no message, is left
   * out, with a console line, and ours is said.
   */
  messages: MessageOverrides | null = null;

  // View state, not flow state: what the user typed into the search box, how much of the list shows.
  #query = '';
  #listLimit = LIST_PAGE;
  /** The screen last rendered, for the announcer (derived in `render`, never set elsewhere). */
  #screen: Screen | null = null;

  readonly #localize = new LocalizeController(this);
  #bridge: HostBridge = hostBridge('');
  /**
   * The machine's way to the world, asked by its own actors: the calls to the service, the page's
   * `requestLinkToken` (read when it is called), the way to the provider for each attempt (popup,
   * redirect or the native host, closed when the OAuth state is left, the flow restarts or the
   * widget is removed), and when the page's code has had its turn to listen.
   */
  readonly #host: LinkHost = {
    apiCall: callApi,
    requestLinkToken: (input, signal) => requestFreshToken((options) => (typeof this.requestLinkToken === 'function' ? this.requestLinkToken(options) : undefined), input, signal),
    disconnectProvider: (request, signal) =>
      requestDisconnect((slug, options) => (typeof this.disconnectProvider === 'function' ? this.disconnectProvider(slug, options) : Promise.reject(new Error('none'))), request, signal),
    openSignInWindow: ({ provider }, commands, report) => {
      const launcher = new OAuthLauncher(
        {
          mode: () => resolveOAuthMode(this.oauthMode, this.#bridge),
          bridge: () => this.#bridge,
          placeholder: () => this.#placeholderPage(provider.name),
          opened: () => report({ type: 'POPUP_OPENED' }),
          blocked: () => report({ type: 'POPUP_BLOCKED' }),
          closed: () => report({ type: 'POPUP_CLOSED' }),
          // As it came: the machine checks its code and cleans its text with the visit's secrets.
          result: (result) => report({ type: 'OAUTH_RESULT', ...result }),
        },
        provider,
      );
      commands((command) => {
        if (command.type === 'OPEN_WINDOW') launcher.openWindow();
        else if (command.type === 'SHOW_WINDOW') launcher.showWindow();
        else launcher.go(command.url);
      });
      return () => launcher.close();
    },
    // The page is parsed (a return page's listeners may stand in a later module), the element has
    // rendered once, and the task it was made in is over (React's wrapper, Angular and Vue attach
    // listeners and set properties after connecting).
    pageListening: (signal) =>
      new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const forget = whenPageParsed(() => void this.updateComplete.then(() => (timer = setTimeout(resolve))), this.ownerDocument);
        signal.addEventListener('abort', () => (forget(), clearTimeout(timer)), { once: true });
      }),
  };
  readonly #flow = new LinkActorController(this, this.#host, () => takeRedirectResult(), (emitted) => this.#onEmitted(emitted));

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
  constructor() {
    super();
    // Focus and the live region follow each rendered screen (the controllers register themselves).
    new AnnouncerController(this, () => this.#screen && announcementFor(this.#screen, this.#viewState));
    // A partner's colours can arrive with any stylesheet after the first render: they are read
    // again after an update only when where they come from changed, and each pair is reported once.
    new ContrastHintController(this);
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

  /**
   * The visit's id, as every event and host message carries it (`linkSessionId`): '' until the
   * element's first update starts the visit; new when the person starts again after Close.
   */
  get linkSessionId(): string {
    return this.#flow.snapshot?.context.linkSessionId ?? '';
  }

  /** Starts again from the provider list with the current token. */
  restart(): void {
    // Before the page's code has had its turn the flow has just started with what it set: the
    // machine does nothing then (and keeps a redirect's outcome on screen).
    this.#flow.send({ type: 'RESTART' });
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
    if (parsed) this.#flow.send({ type: 'OAUTH_RESULT', ...parsed });
    else console.warn('<provider-link>: completeOAuth() needs {state}; ignored.');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listenToHost();
    this.#sizeWatch.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (this.isConnected) return; // only moved
      this.#sizeWatch.disconnect();
      this.#stopListening?.();
      this.#stopListening = null;
    });
  }

  /** The host app or parent page: listened to while connected, and only then. */
  #listenToHost(): void {
    this.#stopListening?.();
    this.#stopListening = null;
    this.#bridge = this.hostless ? NO_HOST : hostBridge(this.parentOrigin, window, () => this.linkSessionId);
    if (this.hostless) return;
    // As it came: the machine checks its code and cleans its text with the visit's secrets.
    this.#stopListening = listenToHost(this.parentOrigin, (result) => this.#flow.send({ type: 'OAUTH_RESULT', ...result }));
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('region') && this.region && !regionCode(this.region)) {
      console.warn(`<provider-link>: region "${this.region}" is not a code like "eu"; not sent.`);
    }
    if (changed.has('parentOrigin') && this.#stopListening) this.#listenToHost();
    // Every setting goes to the machine as it is; the machine decides what a change means. The
    // first update after attaching starts the visit with them all: what the page set in that task
    // and the next microtask.
    if (this.isConnected && (this.#flow.awaitingSettings || SETTINGS.some(({ property }) => changed.has(property)))) this.#flow.configure(this.#flowSettings);
  }

  /** The settings the flow runs with, as the page gave them; whatever a page sets, a string where one is due. */
  get #flowSettings(): FlowSettings {
    const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
    return {
      linkToken: text(this.linkToken),
      baseUrl: text(this.baseUrl),
      provider: text(this.provider),
      providers: slugList(this.providers),
      connected: connectedList(this.connectedProviders),
      disconnects: typeof this.disconnectProvider === 'function',
      requestTimeout: this.requestTimeout,
      renewsToken: typeof this.requestLinkToken === 'function',
      withoutToken: this.withoutToken === 'fail' ? 'fail' : 'wait',
    };
  }

  /** A public event: to the page as a DOM event, and to the host, if there is one. */
  #publish<K extends LinkOutcome>(outcome: K, detail: LinkEventDetails[K]): void {
    this.dispatchEvent(linkEvent(outcome, detail));
    this.#bridge.send(LINK_EVENTS[outcome].name, { ...detail });
  }

  #onEmitted(emitted: LinkEmitted): void {
    // The machine says what happened; the words of an error and the time of a step are added here.
    switch (emitted.type) {
      case 'hint':
        return console.warn(`<provider-link>: ${emitted.text}`);
      case 'success':
      case 'exit':
      case 'disconnect': {
        const { type, ...detail } = emitted;
        return this.#publish(type, detail);
      }
      case 'error': {
        // Clean already: the API client cleans what the service says, the machine an OAuth result.
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

  /** What the person did: said as such first (it lets the widget ask again what a page alone may not), then the event itself. */
  #person(event: LinkEvent): void {
    this.#flow.send({ type: 'PERSON_ACTED' });
    this.#flow.send(event);
  }

  /** A view action that is just a machine event. */
  #send = (type: 'OPEN_WINDOW' | 'SHOW_WINDOW' | 'RETRY' | 'CANCEL' | 'BACK') => () => this.#person({ type });

  readonly #actions: ViewActions = {
    select: (slug) => this.#person({ type: 'SELECT', slug }),
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
    submitCredentials: (credentials) => this.#person({ type: 'SUBMIT_CREDENTIALS', ...credentials }),
    submitMfa: (code) => this.#person({ type: 'SUBMIT_MFA', code }),
    submitEmail: (invite) => this.#person({ type: 'SUBMIT_EMAIL', ...invite }),
    openWindow: this.#send('OPEN_WINDOW'),
    showWindow: this.#send('SHOW_WINDOW'),
    retry: this.#send('RETRY'),
    cancel: this.#send('CANCEL'),
    back: this.#send('BACK'),
    close: () => this.exit(),
    restart: () => {
      this.#actions.search('');
      this.#person({ type: 'START_AGAIN' });
    },
    connectAnother: () => this.#person({ type: 'CONNECT_ANOTHER' }),
    disconnect: (slug) => this.#person({ type: 'DISCONNECT', slug }),
    confirmDisconnect: () => this.#person({ type: 'CONFIRM_DISCONNECT' }),
  };

  get #viewState() {
    return { snapshot: this.#flow.snapshot, t: this.#localize.t, query: this.#query, listLimit: this.#listLimit, region: this.region, appName: this.appName, hosted: this.#bridge.present, debug: this.debug };
  }

  override render() {
    this.#screen = screenFor(this.#viewState, this.#actions);
    return widgetView(this.#screen, this.#localize.t, this.#actions, this.#flow.snapshot?.context.provider);
  }
}
