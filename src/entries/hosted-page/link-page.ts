/**
 * The script of the hosted page, `dist/link.html` (built to `dist/link.js`): the widget
 * full-screen in a native app's webview or behind a hosted link. Not part of either bundle.
 *
 * It runs in the page's head, before the bundle, so that the link token leaves the address bar
 * before anything else on the page runs. The contract is in docs/host-bridge.md, "The hosted page":
 * - the token: `{type: "link-token", link_token}` from the host (preferred), or `#link-token=…`;
 *   never the query;
 * - settings: some of the element's attributes in the fragment (`#base-url=…&locale=…&theme=…`),
 *   exactly those in FRAGMENT_SETTINGS (./fragment-settings.ts), which the docs list;
 * - to the host, besides the widget's own messages: `ready` when it can take the token, `close`
 *   after the flow's `link-exit`, and `token-request` when it needs a fresh token (answered by
 *   `link-token`). `close` is its last word: after it, it takes nothing and sends nothing;
 * - framed, it runs only for the parent its `parent-origin` names, and then sizes to its content.
 */
import { LINK_EVENTS } from '../../contract/events.js';
import { exactOrigin, fromHost, hostBridge, parseJson } from '../../browser/bridge.js';
import type { HostBridge } from '../../browser/bridge.js';
import { FRAGMENT_SETTINGS } from './fragment-settings.js';
import type { FragmentSetting } from './fragment-settings.js';

/** The token's name, in the fragment and in the host's message (docs/host-bridge.md). */
const TOKEN = 'link-token';

type LinkElement = HTMLElement & {
  linkToken: string;
  connectedProviders: unknown;
  requestLinkToken: ((options: { signal: AbortSignal }) => Promise<string>) | null;
  tokenNeverCame(): void;
  withoutToken: 'wait' | 'fail';
  hostless: boolean;
  readonly linkSessionId: string;
  readonly updateComplete: Promise<boolean>;
};

/** How long the page waits for its host's `link-token` before it says the link is missing. */
const HOST_TOKEN_WAIT_MS = 2000;

const fragment = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
/** The token until the element takes it; then only the element holds it. */
let pendingToken = fragment.get(TOKEN) ?? '';

// First of all: no token stays in the address bar, or in this history entry. One in the query
// is dropped too, and never used: a query reaches servers and their logs.
if (fragment.has(TOKEN) || query.has(TOKEN)) {
  const url = new URL(location.href);
  fragment.delete(TOKEN);
  url.hash = fragment.toString();
  if (query.has(TOKEN)) {
    query.delete(TOKEN);
    url.search = query.toString();
    console.warn('<provider-link> link.html: a link token in the query is never used. Put it in the fragment (#link-token=…) or send it as a host message.');
  }
  history.replaceState(history.state, '', url.href);
}

const settings = FRAGMENT_SETTINGS.flatMap((name) => {
  const value = fragment.get(name);
  return value === null ? [] : [[name, value] as const];
});
const setting = (name: FragmentSetting) => settings.find(([key]) => key === name)?.[1] ?? '';

// The static policy allows any https API; this page talks to one. A second policy narrows
// connect-src to the base URL's origin (this page's when there is none): policies only add up.
const policy = document.createElement('meta');
policy.httpEquiv = 'Content-Security-Policy';
policy.content = `connect-src ${apiOrigin(setting('base-url'))}`;
document.head.append(policy);

function apiOrigin(baseUrl: string): string {
  try {
    return exactOrigin(new URL(baseUrl || '.', location.href).href) ?? "'none'";
  } catch {
    return "'none'";
  }
}

const parentOrigin = exactOrigin(setting('parent-origin'));
const framed = window.parent !== window;

/**
 * Framed by a page it was not told about, the page refuses to run: a link made for one parent
 * does not run in another's frame. It runs framed only with a `parent-origin` that is the parent's
 * actual origin, as `location.ancestorOrigins` gives it (Chromium, WebKit, and Firefox, checked
 * in ESR 153). An engine without it: `parent-origin` alone, since messages go only to that
 * origin and come only from it. A parent whose origin the engine hides ("null": a sandboxed parent, or in Firefox
 * a frame with referrerpolicy="no-referrer") is not the one named. A native app's webview is
 * not framed, and never refused.
 * This does not keep any site out: one that names itself as `parent-origin` passes, and can dress
 * the page up as its own. Only the server's `frame-ancestors` header stops that (a `<meta>` policy
 * cannot set it; docs/host-bridge.md, "Framing `link.html`").
 */
function trustsParent(): boolean {
  if (!parentOrigin) return false;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors ? ancestors[0] === parentOrigin : true;
}
const refused = framed && !trustsParent();
if (refused) {
  pendingToken = '';
  console.error(
    `<provider-link> link.html: refused to run in a frame whose parent is not its parent-origin (${parentOrigin ?? 'none given'}). ` +
      'Give the framing page\'s exact origin as #parent-origin=…, and serve link.html with a frame-ancestors policy (docs/host-bridge.md).',
  );
}
/**
 * A base URL this page's own policy (`connect-src 'self' https:`) blocks: neither https nor this
 * page's origin, or no address at all. Every call would fail as if the person were offline, and
 * Try again could never work: the page says at once that the link cannot be used, and the console
 * says why.
 */
const apiOriginGiven = apiOrigin(setting('base-url'));
const blockedApi = apiOriginGiven === "'none'" || (apiOriginGiven !== location.origin && !apiOriginGiven.startsWith('https://'));
if (blockedApi && !refused) {
  console.error(
    `<provider-link> link.html: base-url ${JSON.stringify(setting('base-url'))} is blocked by this page's Content-Security-Policy (connect-src 'self' https:), ` +
      "so no call could leave. Give an https base-url, or serve link.html from the API's own origin.",
  );
}
// Framed for its parent, the page is as tall as its content (the parent fits the frame to it by
// `resize`); elsewhere, in a webview or a tab, it fills the screen (link.css).
if (framed && !refused) document.documentElement.classList.add('framed');

let element: LinkElement | null = null;
/** The page's own way to the host, until it has sent `close`. */
let bridge: HostBridge | null = null;
/** The widget's `token-request` in flight: the host's next `link-token` answers it. */
let tokenRequest: ((token: string) => void) | null = null;
/** The wait for the host's first token (`tokenNeverCame`). */
let tokenWait: ReturnType<typeof setTimeout> | undefined;

/**
 * The widget's `requestLinkToken`: `token-request` to the host, answered by its `link-token`
 * message. The widget gives up after its request timeout (the token screen), and then a
 * `link-token` starts the flow again, as one always did.
 */
function requestFromHost({ signal }: { signal: AbortSignal }): Promise<string> {
  return new Promise((resolve) => {
    const answer = (token: string) => resolve(token);
    tokenRequest = answer;
    signal.addEventListener('abort', () => {
      if (tokenRequest === answer) tokenRequest = null;
    });
    bridge?.send('token-request', {});
  });
}

function giveToken(token: string): void {
  // A service this page cannot reach: a token would only lead to calls that cannot leave.
  if (blockedApi) return;
  if (tokenRequest) {
    tokenRequest(token);
    tokenRequest = null;
  } else if (element) {
    // The host can answer a token-request from now on (the first token came by `ready`).
    if (bridge?.present) element.requestLinkToken = requestFromHost;
    element.linkToken = token;
  } else pendingToken = token;
}

/** The host's `connected-providers`, kept until the widget is made; the widget takes what it can of it. */
let pendingConnected: unknown = [];

/**
 * From the host (as an object or a JSON string, the way `oauth-result` comes):
 * `{type: "link-token", link_token}`, and `{type: "connected-providers", connected_providers}`
 * (the element's `connectedProviders`, which no fragment carries: it is the person's, not a link's).
 */
function onHostMessage(event: MessageEvent): void {
  if (!fromHost(event, parentOrigin)) return;
  const data = (typeof event.data === 'string' ? parseJson(event.data) : event.data) as Record<string, unknown> | null;
  if (data?.type === TOKEN && typeof data.link_token === 'string' && data.link_token) giveToken(data.link_token);
  if (data?.type === 'connected-providers' && blockedApi === false) {
    if (element) element.connectedProviders = data.connected_providers;
    else pendingConnected = data.connected_providers;
  }
}
// react-native-webview delivers on window (iOS) or on document (Android); the same token twice
// changes nothing.
if (!refused) {
  addEventListener('message', onHostMessage);
  document.addEventListener('message', onHostMessage as EventListener);
}

/**
 * After `link-exit` has reached the host (the element sends it right after the DOM event). With
 * no host, a window a script opened closes; a tab the person opened stays on the widget's last
 * screen, which is the end (a script may not close it: the browser would refuse, with a warning).
 */
function closePage(widget: LinkElement, host: HostBridge, reason: string): void {
  queueMicrotask(() => {
    if (host.present) {
      host.send('close', { reason });
      hangUp(widget);
    } else if (window.opener) window.close();
  });
}

/**
 * `close` was the page's last word to its host, which is dismissing it: from then on it acts on
 * no message from the host and sends it none. Otherwise a late `link-token` (the answer to the
 * `token-request` of Connect another) would start a flow the host hears of after `close`. The
 * widget keeps its last screen until the host removes it, inert: a press there would start a
 * visit that no host hears of.
 */
function hangUp(widget: LinkElement): void {
  removeEventListener('message', onHostMessage);
  document.removeEventListener('message', onHostMessage as EventListener);
  clearTimeout(tokenWait);
  tokenRequest = null;
  bridge = null;
  widget.inert = true;
  // The element takes `hostless` when it is attached: attached again in this task (a move, which
  // keeps its flow and its screen), it sends nothing more (events, `resize`) and listens to no host.
  widget.hostless = true;
  widget.parentNode?.append(widget);
}

/**
 * Refused in a frame: the widget says the link cannot be used here, in the page's language, and
 * talks to no one (no host, no API, no token).
 */
function mountRefused(): void {
  const widget = document.createElement('provider-link') as unknown as LinkElement;
  for (const [name, value] of settings) if (name === 'locale' || name === 'theme') widget.setAttribute(name, value);
  widget.hostless = true;
  widget.withoutToken = 'fail';
  document.body.append(widget);
}

function mount(): void {
  // This page as an OAuth popup's return page: the bundle has handed the result back and is closing it.
  if (window.ProviderLink?.finishedOAuthPopup) return;
  if (setting('locale')) document.documentElement.lang = setting('locale');
  if (refused) return mountRefused();
  // The page's own messages carry the visit's id too, as the widget's do.
  const host = (bridge = hostBridge(setting('parent-origin'), window, () => element?.linkSessionId ?? ''));
  const widget = document.createElement('provider-link') as unknown as LinkElement;
  for (const [name, value] of settings) widget.setAttribute(name, value);
  // Before it is attached, so it starts with the token (or, without one, waits on its loading screen).
  widget.linkToken = pendingToken;
  widget.connectedProviders = pendingConnected;
  // A host that can be asked is asked for a fresh token when the service refuses this one, and for
  // "Connect another". Not for the first: `ready` asks for that one.
  if (pendingToken && host.present) widget.requestLinkToken = requestFromHost;
  pendingToken = '';
  widget.addEventListener(LINK_EVENTS.exit.name, (event) => closePage(widget, host, event.detail.reason));
  if (blockedApi) {
    // No token is asked for: nothing could reach the service. Close still tells the host.
    widget.linkToken = '';
    widget.requestLinkToken = null;
    widget.withoutToken = 'fail';
    document.body.append(widget);
    element = widget;
    return;
  }
  document.body.append(widget);
  element = widget;
  // Once the widget's first update has started its visit, so that `ready` carries the visit's id.
  void widget.updateComplete.then(() => {
    // Closed in the meantime (Close pressed at once): `close` was the last word.
    if (!bridge) return;
    host.send('ready', {});
    // The host had its chance: without a token, "this link cannot be used", with Close (and `close`
    // to the host after it). A token that comes later still starts the flow.
    tokenWait = setTimeout(() => {
      console.warn(
        `<provider-link> link.html: no link-token came within ${HOST_TOKEN_WAIT_MS} ms of ready, so the link cannot be used. ` +
          'Answer the page\'s ready message with {type: "link-token", link_token} (docs/host-bridge.md), or put the token in its fragment.',
      );
      widget.tokenNeverCame();
    }, HOST_TOKEN_WAIT_MS);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
else mount();
