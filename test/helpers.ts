/** Shared helpers: mint tokens from the fake service and drive the widget as a person would. */
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../src/entries/define.js';
import type { ProviderLinkElement } from '../src/element/provider-link-element.js';
import { LinkApiError } from '../src/core/api/api-error.js';
import { LINK_EVENTS } from '../src/contract/events.js';
import { DEMO_API_KEY } from './fake-service/credentials.js';

// What the fake accepts, and the inputs that make it fail one way: its own list, not a copy.
export * from './fake-service/credentials.js';
export { waitUntil, WAIT_LIMIT_MS } from './support/wait.js';

/**
 * The engine the test runs in: the suite runs in Chromium, and its core in Firefox and WebKit
 * (CONTRIBUTING.md, "Test engines"). Only for the few checks where the engines really differ, each
 * with its reason written beside it.
 */
export const engine: 'chromium' | 'firefox' | 'webkit' = navigator.userAgent.includes('Firefox/')
  ? 'firefox'
  : navigator.userAgent.includes('Chrome/')
    ? 'chromium'
    : 'webkit';

export interface MintOptions {
  provider?: string;
  redirect_url?: string;
  delay_ms?: number;
  filter_on_providers?: string[];
  /** Fake-only: the consent page sends Cross-Origin-Opener-Policy: same-origin. */
  oauth_coop?: boolean;
  /** Fake-only: the consent page presses Allow or Deny by itself. */
  oauth_auto?: 'allow' | 'deny';
  /** Fake-only: provider logos are served from this origin (`http://host:port`), a third party's. */
  logo_origin?: string;
  /** Fake-only: the provider's consent page is served from this origin (a third party's). */
  oauth_origin?: string;
  /** Fake-only: this many invented providers (1 to 10 000) instead of the scenario's list. */
  provider_count?: number;
  /** Fake-only: the token expires this many ms after it is made. */
  lifetime_ms?: number;
  /** Fake-only: the token expires after this many answered link calls (0: refused at once). */
  expire_after_calls?: number;
}

/** A fresh link token from the fake service, for one scenario. */
export async function mintToken(scenario = 'default', options: MintOptions = {}): Promise<string> {
  const response = await fetch('/v2/link/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': DEMO_API_KEY },
    body: JSON.stringify({ user_id: crypto.randomUUID(), scenario, ...options }),
  });
  if (!response.ok) throw new Error(`mint failed: ${response.status}`);
  return ((await response.json()) as { link_token: string }).link_token;
}

export interface FakeRequest {
  method: string;
  path: string;
  search: string;
  /** As sent, except x-service-link-token: the fake never hands a token back. */
  headers: Record<string, string>;
  /** `tokenTag()` of the x-service-link-token sent, or null without one. */
  tokenTag: string | null;
  /** The names of the JSON body's fields (never their values), or null without a JSON body. */
  bodyFields: string[] | null;
}

/**
 * The tag the fake's request log keeps instead of a token: a SHA-256 prefix, the same as
 * `tokenTag` in test/fake-service/fake-service.mjs.
 */
export async function tokenTag(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return [...digest.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every link API call the fake service saw (newest last); with `token`, only the calls that carried it. */
export async function fakeRequests(token?: string): Promise<FakeRequest[]> {
  const requests = (await (await fetch('/fake/requests')).json()) as FakeRequest[];
  if (token === undefined) return requests;
  const tag = await tokenTag(token);
  return requests.filter((request) => request.tokenTag === tag);
}

/**
 * Anything shaped like one of the fake's link tokens (`lt_` and 18 random bytes in base64url,
 * test/fake-service/fake-service.mjs): for checks that no token was kept anywhere, since the fake's log
 * names none.
 */
export const LINK_TOKEN_SHAPE = /lt_[\w-]{24}/;

const recorders = new WeakMap<ProviderLinkElement, ReturnType<typeof eventRecorder>>();

/** A widget with its attributes set, recording its events from the start; not yet in the page. */
export function createWidget(attributes: Record<string, string>): ProviderLinkElement {
  const element = document.createElement('provider-link');
  recorders.set(element, eventRecorder(element));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Mounts a widget with its attributes set before it connects, recording its events from the start. */
export async function mountWidget(attributes: Record<string, string>): Promise<ProviderLinkElement> {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const element = createWidget(attributes);
  container.append(element);
  await element.updateComplete;
  return element;
}

export const root = (element: ProviderLinkElement) => element.shadowRoot as ShadowRoot;

export const heading = (element: ProviderLinkElement) => root(element).querySelector('h2')?.textContent?.trim() ?? '';

/** The accessible name of a button: its aria-label, or its text. */
export const buttonName = (button: HTMLButtonElement) => (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim();

export function buttons(element: ProviderLinkElement): HTMLButtonElement[] {
  return [...root(element).querySelectorAll('button')];
}

export function button(element: ProviderLinkElement, name: string | RegExp): HTMLButtonElement {
  const found = buttons(element).find((b) => (typeof name === 'string' ? buttonName(b).includes(name) : name.test(buttonName(b))));
  if (!found) throw new Error(`No button named ${String(name)} in: ${buttons(element).map(buttonName).join(' | ')}`);
  return found;
}

export function hasButton(element: ProviderLinkElement, name: string): boolean {
  return buttons(element).some((b) => buttonName(b).includes(name));
}

/** The field whose visible <label> says `label` (in a widget of this page or of a frame's). */
export function field(element: ProviderLinkElement, label: string): HTMLInputElement {
  const labelElement = [...root(element).querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = labelElement ? root(element).getElementById(labelElement.htmlFor) : null;
  if (input?.localName !== 'input') throw new Error(`No field labelled "${label}"`);
  return input as HTMLInputElement;
}

export function hasField(element: ProviderLinkElement, label: string): boolean {
  return [...root(element).querySelectorAll('label')].some((l) => l.textContent?.trim() === label);
}

/** Focuses the field and types into it with real key presses. */
export async function type(element: ProviderLinkElement, label: string, text: string): Promise<void> {
  const input = field(element, label);
  input.focus();
  input.select();
  await sendKeys({ type: text });
}

export async function pressEnter(): Promise<void> {
  await sendKeys({ press: 'Enter' });
}

export async function waitForHeading(element: ProviderLinkElement, text: string | RegExp): Promise<void> {
  await waitUntil(
    () => (typeof text === 'string' ? heading(element).includes(text) : text.test(heading(element))),
    `heading never became ${String(text)} (it is "${heading(element)}")`,
  );
}

export const errorText = (element: ProviderLinkElement) =>
  root(element).querySelector('[part="error"] p')?.textContent?.trim() ?? '';

/** Every public event's name (`link-success`, …), from the element's own list. */
export const LINK_EVENT_TYPES = Object.values(LINK_EVENTS).map(({ name }) => name);

/** The shape of `linkSessionId`: a random UUID (version 4). */
export const LINK_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Checks that `ids` are one visit's `linkSessionId`: at least one, each a UUID, all the same. Returns it. */
export function expectOneVisit(ids: readonly unknown[]): string {
  expect(ids.length, 'a linkSessionId to check').to.be.greaterThan(0);
  for (const id of ids) expect(id, 'linkSessionId').to.be.a('string').that.matches(LINK_SESSION_ID);
  expect(new Set(ids).size, `one visit, one linkSessionId: ${ids.join(', ')}`).to.equal(1);
  return ids[0] as string;
}

/**
 * One visit's details (events' or host messages'), each split into its `linkSessionId` and the
 * rest: checks the ids (`expectOneVisit`) and returns the id and the rest, in order, for a
 * deep-equal of everything else.
 */
export function oneVisit<T extends { linkSessionId?: unknown }>(details: readonly T[]): { linkSessionId: string; rest: Omit<T, 'linkSessionId'>[] } {
  const linkSessionId = expectOneVisit(details.map((detail) => detail.linkSessionId));
  return { linkSessionId, rest: details.map(({ linkSessionId: _id, ...rest }) => rest) };
}

/**
 * Each event's detail without its `linkSessionId`, so that a test states the rest as it is; the
 * ids, in order, in `visitIds` (undefined for an event without one).
 */
function eventRecorder(element: ProviderLinkElement) {
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  const visitIds: unknown[] = [];
  for (const type of LINK_EVENT_TYPES) {
    element.addEventListener(type, (event) => {
      const { linkSessionId, ...detail } = (event as CustomEvent).detail as Record<string, unknown>;
      visitIds.push(linkSessionId);
      events.push({ type, detail });
    });
  }
  return {
    events,
    visitIds,
    of: (type: string) => events.filter((e) => e.type === type).map((e) => e.detail),
  };
}

/** Every link-* event the widget has fired since it was mounted, in order. */
export function recordEvents(element: ProviderLinkElement) {
  const recorder = recorders.get(element);
  if (!recorder) throw new Error('mount the widget with mountWidget()');
  return recorder;
}

/** The widget has shown the provider list. */
export async function providersShown(element: ProviderLinkElement): Promise<void> {
  await waitForHeading(element, 'Connect a data source');
}

/**
 * A widget showing the provider list: a fresh token for `scenario` (minted with `options`), the
 * widget mounted with it and `attributes`, recording its events from the start (`recordEvents`).
 */
export async function listingWidget(
  attributes: Record<string, string> = {},
  scenario = 'default',
  options: MintOptions = {},
): Promise<{ widget: ProviderLinkElement; token: string }> {
  const token = await mintToken(scenario, options);
  const widget = await mountWidget({ 'link-token': token, ...attributes });
  await providersShown(widget);
  return { widget, token };
}

/**
 * Presses a button with the real keyboard, so the browser counts it as a user gesture
 * (a scripted `click()` is not one, and popup blockers know the difference).
 */
export async function activate(target: HTMLButtonElement): Promise<void> {
  // Says where a press went astray (a widget that took the focus, a popup that had the keyboard)
  // rather than leaving it to look like a widget that ignored the press.
  const page = target.ownerDocument;
  let heardBy: EventTarget | undefined;
  const onKey = (event: Event) => (heardBy ??= event.composedPath()[0]);
  page.addEventListener('keydown', onKey, { capture: true });
  try {
    target.focus();
    await nextFrame();
    if (focusedElement(page) !== target) throw new Error(`activate: focus moved away from "${target.textContent?.trim()}" before the key press`);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => heardBy, `the page never received the Enter pressed on "${target.textContent?.trim()}"`);
    if (heardBy !== target) throw new Error(`activate: Enter meant for "${target.textContent?.trim()}" reached another element`);
  } finally {
    page.removeEventListener('keydown', onKey, { capture: true });
  }
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The element that has the keyboard, looking through shadow roots. */
export function focusedElement(page: Document = document): Element | null {
  let active = page.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The test page takes the focus back from a popup, as a person clicks back into it. */
export async function bringToFront(): Promise<void> {
  await executeServerCommand('bring-to-front');
}

/** Records every window the page opens (the windows are real; the list is only for the test). */
export function watchPopups(win: Window = window) {
  const original = win.open;
  const opened: Window[] = [];
  win.open = function (...args: Parameters<typeof window.open>) {
    const opening = original.apply(win, args);
    if (opening) opened.push(opening);
    return opening;
  };
  return {
    opened,
    get last(): Window {
      const popup = opened.at(-1);
      if (!popup) throw new Error('no window was opened');
      return popup;
    },
    restore() {
      win.open = original;
      for (const popup of opened) popup.close();
    },
  };
}

/** The windows the page opened in this test (`usePopups`). */
export interface Popups {
  readonly opened: Window[];
  /** The last one opened; the test fails if there is none. */
  readonly last: Window;
}

/**
 * For every test of the enclosing `describe`: records the windows the page opens (`watchPopups`),
 * and after the test, however it ended, closes them and gives the page its own `window.open` back.
 */
export function usePopups(): Popups {
  let watching: ReturnType<typeof watchPopups> | null = null;
  beforeEach(() => {
    watching = watchPopups();
  });
  afterEach(() => {
    watching?.restore();
    watching = null;
  });
  const current = () => {
    if (!watching) throw new Error('usePopups: the windows are watched only while a test runs');
    return watching;
  };
  return {
    get opened() {
      return current().opened;
    },
    get last() {
      return current().last;
    },
  };
}

/** Waits for a same-origin window (popup or frame) to show the fake provider's consent page. */
export async function consentPage(win: Window): Promise<Document> {
  await waitUntil(
    () => {
      try {
        return win.location.pathname === '/fake-oauth/authorize' && win.document.readyState === 'complete' && !!win.document.querySelector('button');
      } catch {
        return false;
      }
    },
    'the consent page never loaded',
  );
  return win.document;
}

/** Presses Allow or Deny on the fake provider's consent page. */
export function decide(consent: Document, decision: 'allow' | 'deny'): void {
  consent.querySelector<HTMLButtonElement>(`button[value="${decision}"]`)?.click();
}

export const returnPage = () => new URL('/test/fixtures/oauth-return.html', location.origin).href;


/** The `LinkApiError` a call fails with (the test fails if it succeeds, or fails another way). */
export async function failure(promise: Promise<unknown>): Promise<LinkApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(LinkApiError);
    return error as LinkApiError;
  }
  throw new Error('expected the call to fail');
}

/**
 * Holds this page's requests whose address includes `path` until the returned function is called
 * (they then go to the fake as they were). For reading what shows while an answer is on its way,
 * without betting on how long the answer takes.
 */
export function holdRequests(path: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const send = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes(path)) await held;
    return send.call(window, input, init);
  };
  return () => {
    window.fetch = send;
    release();
  };
}

/**
 * Opens `url` (a page of this origin) in a new window the way another site or another tab would,
 * and resolves once its script has decided (it closed itself, or loaded and stayed). `prepare` is
 * given the window first, while it is blank. WebKit opens no window without a user gesture (the
 * Chromium and Firefox here run without a popup blocker), so there it opens from a real key press
 * on a button, in the test page brought back to the front.
 */
export async function openElsewhere(url: string, prepare: (blank: Window) => void = () => {}): Promise<Window> {
  let opening: Window | null = null;
  const open = () => {
    opening = window.open('about:blank', '_blank');
    if (!opening) return;
    prepare(opening);
    opening.location.replace(url);
  };
  if (engine === 'webkit') {
    const opener = document.createElement('button');
    opener.textContent = 'Open elsewhere';
    opener.addEventListener('click', open);
    document.body.append(opener);
    await bringToFront();
    await activate(opener);
    opener.remove();
  } else {
    open();
  }
  const opened = opening as Window | null; // set by the click handler, which TypeScript cannot follow
  if (!opened) throw new Error('the browser opened no window');
  const { pathname } = new URL(url, location.href);
  await waitUntil(() => {
    try {
      return opened.closed || (opened.location.pathname === pathname && opened.document.readyState === 'complete' && 'ProviderLink' in opened);
    } catch {
      return false;
    }
  }, 'the page loaded its script');
  return opened;
}

/**
 * What the page's console says during each test of the file (or describe block) that calls this:
 * the lines of `methods`, each its arguments joined (objects as JSON, so that a leak check sees
 * inside them), emptied before each test; with `echo`, still written to the console too. The
 * console is itself again after each test.
 */
export function recordConsole(methods: readonly ('log' | 'info' | 'warn' | 'error' | 'debug')[] = ['warn'], { echo = false } = {}): string[] {
  const lines: string[] = [];
  const original = new Map(methods.map((method) => [method, console[method]]));
  beforeEach(() => {
    lines.length = 0;
    for (const [method, write] of original) {
      console[method] = (...args: unknown[]) => {
        lines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
        if (echo) write.apply(console, args);
      };
    }
  });
  afterEach(() => {
    for (const [method, write] of original) console[method] = write;
  });
  return lines;
}
