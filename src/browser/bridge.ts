/**
 * The host bridge (docs/host-bridge.md): the native app or parent page around the widget.
 * Outgoing, every message is `{version, type, detail}` sent to whichever host is present;
 * incoming, the host can deliver an OAuth result. Knows neither Lit nor the machine.
 */
import { clip } from '../core/api/guards.js';
import type { OAuthResult } from '../core/api/types.js';

/** Bumped when a message changes shape; hosts can switch on it. */
export const BRIDGE_VERSION = 1;

export interface BridgeMessage {
  version: typeof BRIDGE_VERSION;
  type: string;
  detail: Record<string, unknown>;
  /** Only on `open-url`: the address to open in the system browser (also in `detail`). */
  url?: string;
}


interface NativeHosts {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { providerLink?: { postMessage(message: unknown): void } } };
  ProviderLinkAndroid?: { postMessage(message: string): void };
}

type Post = (message: BridgeMessage) => void;

/**
 * A native host's message handler: an object with a `postMessage` function that is not itself a
 * window. A page's `<iframe name="ReactNativeWebView">` makes a window of that name, with a
 * `postMessage` of its own; it must not pass for the app.
 */
function handler(read: () => unknown): { postMessage(message: unknown): void } | null {
  try {
    const candidate = read() as { postMessage?: unknown; window?: unknown } | null | undefined;
    if (typeof candidate !== 'object' || candidate === null || candidate.window === candidate) return null;
    return typeof candidate.postMessage === 'function' ? (candidate as { postMessage(message: unknown): void }) : null;
  } catch {
    return null; // a cross-origin frame of that name throws on access
  }
}

/** The native host's post function, or null in a plain browser. */
function nativePost(win: Window): Post | null {
  const hosts = win as Window & NativeHosts;
  const reactNative = handler(() => hosts.ReactNativeWebView);
  if (reactNative) return (message) => reactNative.postMessage(JSON.stringify(message));
  const ios = handler(() => hosts.webkit?.messageHandlers?.providerLink);
  if (ios) return (message) => ios.postMessage(message);
  const android = handler(() => hosts.ProviderLinkAndroid);
  if (android) return (message) => android.postMessage(JSON.stringify(message));
  return null;
}

/** A usable `parent-origin`: an absolute http(s) origin, never `*`. */
export function exactOrigin(value: string): string | null {
  // No attribute is the common case, and a thrown error is not free: with script positions to
  // work out for the stack, it cost a throttled phone tens of milliseconds at start.
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

export interface HostBridge {
  /** A native app hosts this page: OAuth goes to the system browser through it. */
  readonly native: boolean;
  /** Anyone is listening (a native app, or the parent page named by `parent-origin`). */
  readonly present: boolean;
  send(type: string, detail: Record<string, unknown>): void;
  /** Asks the host to open an OAuth page in the system browser. */
  openUrl(url: string): void;
  /** A framed widget's height in CSS pixels, for the parent page to fit the frame to it. */
  resized(height: number): void;
}

/** No host: nothing is sent (a widget not attached yet, or one that talks to no one). */
export const NO_HOST: HostBridge = { native: false, present: false, send: () => {}, openUrl: () => {}, resized: () => {} };

/**
 * The hosts present for this page; `parentOrigin` is the element's `parent-origin` attribute.
 * Every message's detail carries the visit's id (`linkSessionId`), read as it is sent.
 */
export function hostBridge(parentOrigin: string, win: Window = window, linkSessionId: () => string = () => ''): HostBridge {
  const native = nativePost(win);
  const origin = win.parent !== win ? exactOrigin(parentOrigin) : null;
  const posts: Post[] = [];
  if (native) posts.push(native);
  if (origin) posts.push((message) => win.parent.postMessage(message, origin));
  const post = (type: string, detail: Record<string, unknown>, extra: { url?: string } = {}) => {
    const message: BridgeMessage = { version: BRIDGE_VERSION, type, ...extra, detail: { linkSessionId: linkSessionId(), ...detail } };
    for (const to of posts) {
      try {
        to(message);
      } catch {
        // A host that throws must not break the widget; the DOM event still fired.
      }
    }
  };
  return {
    native: native !== null,
    present: posts.length > 0,
    send: (type, detail) => post(type, detail),
    openUrl: (url) => post('open-url', { url }, { url }),
    // To the parent page only: a native app sizes its webview itself.
    resized: (height) => origin && win.parent.postMessage({ version: BRIDGE_VERSION, type: 'resize', detail: { height, linkSessionId: linkSessionId() } }, origin),
  };
}

/**
 * Listens for `{type: "oauth-result", state, error_type?, error?}` from the host: from the parent
 * page only at `parentOrigin`, and from a native app (which injects messages with no source
 * window). Messages from any other window or origin are ignored. Returns the stop function.
 */
export function listenToHost(parentOrigin: string, onResult: (result: OAuthResult) => void, win: Window = window): () => void {
  const origin = exactOrigin(parentOrigin);
  let last = '';
  const onMessage = (event: MessageEvent) => {
    if (!fromHost(event, origin, win)) return;
    const result = hostOAuthResult(typeof event.data === 'string' ? parseJson(event.data) : event.data);
    // Some hosts deliver one message on both window and document: take it once.
    const key = result && JSON.stringify(result);
    if (!result || key === last) return;
    last = key ?? '';
    setTimeout(() => (last = ''), 1000);
    onResult(result);
  };
  // react-native-webview delivers on window (iOS) or on document (Android).
  win.addEventListener('message', onMessage);
  win.document.addEventListener('message', onMessage as EventListener);
  return () => {
    win.removeEventListener('message', onMessage);
    win.document.removeEventListener('message', onMessage as EventListener);
  };
}

/**
 * Whether a message comes from the host: the parent page at exactly `origin` (from
 * `exactOrigin`), or a native app. A native app's message has no source window, or the page
 * itself, and the page's own origin or none (docs/host-bridge.md, "How hosts deliver"): script it
 * injects calls `window.postMessage(…, location.origin)`, and react-native-webview's and Android's
 * message APIs dispatch with an empty origin. A message without a source window from any other
 * origin is a removed cross-site frame's (site isolation drops the source of a gone frame), and an
 * opaque origin (a sandboxed frame, a data: URL) is never the host. For `listenToHost` and the
 * hosted page's `link-token`.
 */
export function fromHost(event: MessageEvent, origin: string | null, win: Window = window): boolean {
  // Never an opaque origin, even where the page's own is one (a file: or loadData page in a webview).
  if (event.origin === 'null') return false;
  const fromParent = win.parent !== win && event.source === win.parent && event.origin === origin;
  const fromNative =
    (event.source === null || event.source === win) && (event.origin === win.location.origin || event.origin === '') && nativePost(win) !== null;
  return fromParent || fromNative;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `{state, error_type?, error?}` in the service's field names (texts cut to size), or null. */
export function serviceOAuthResult(data: unknown): OAuthResult | null {
  const { state, error_type: errorType, error } = (data ?? {}) as Record<string, unknown>;
  return typeof state === 'string' ? { state, errorType: clip(errorType, 100), error: clip(error, 500) } : null;
}

/** `{type: "oauth-result", state, error_type?, error?}` from a host, or null. */
const hostOAuthResult = (data: unknown) => ((data as { type?: unknown } | null)?.type === 'oauth-result' ? serviceOAuthResult(data) : null);
