/**
 * The harness: a real `<provider-link>` (mounted and read through test/helpers.ts) brought to one
 * of its five calls by valid answers, handed one hostile answer there, and what the page saw
 * afterwards written down as an `Outcome`. It judges nothing: hostile-answers.test.ts does.
 *
 * `window.fetch` is replaced while the test runs, so a case costs milliseconds and a megabyte
 * answer, a body cut off halfway or a refused connection are served exactly as drawn.
 *
 * No wait here has a clock. The harness waits for the screen it wants, or until the widget is at
 * rest: every answer the fake gave has been read, no timer the page set is still to fire, Lit has
 * no update pending, and a frame has passed. A widget at rest without that screen is stuck, and the
 * case says so. Only a task that never ends (a loop) escapes this: the runner's own timeout ends the
 * run then, and the `fuzz-watchdog` server command says which case it was.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { buttonName, buttons, createWidget, heading, recordEvents, root } from '../helpers.js';
import { ECHO_BODY, SECRETS } from './arbitraries.js';
import type { Answer, CallName, EchoForm, HostileCase, SecretName, Turn } from './arbitraries.js';

export type Secrets = Record<SecretName, string>;

/** What the page saw during one case. */
export interface Outcome {
  /** The turn started a new flow; otherwise it went on from the screen the last one left. */
  fresh: boolean;
  /** Why the flow never came to the call under test, or null: then the case is not judged further. */
  notReached: string | null;
  /** The longest main-thread task of the turn: information for the report, never a verdict. */
  longestTaskMs: number;
  /** Why the screen the widget came to rest on after the answer is not one a person can go on from, or null. */
  unsettled: string | null;
  heading: string;
  /** Requests the flow made after the answer, which the fake left hanging. */
  unexpectedRequests: string[];
  errors: string[];
  events: { type: string; detail: unknown }[];
  console: string[];
  requestUrls: string[];
  opened: string[];
  popupLocations: string[];
  navigations: string[];
  pageUrlBefore: string;
  pageUrlAfter: string;
  storage: string;
  /** The answer's body as served, echoes filled in. */
  served: string;
  /** What a person sees: all text but what sits behind the closed "Technical details". */
  visibleText: string;
  elements: { tag: string; classes: string[]; attributes: { name: string; value: string }[] }[];
  lightDom: string;
  elementsAddedToPage: number;
  scriptRan: boolean;
  /** The names on the provider buttons. */
  providerNames: string[];
  secrets: Secrets;
  /** The secrets the user of this call typed or held (the token counts for every call). */
  typed: SecretName[];
}

// ---------------------------------------------------------------------------------------------
// The service: valid answers up to the call under test, then the hostile one.

const VALID_PROVIDERS = [
  { id: 1, name: 'Fuzz Oauth', slug: 'fuzz_oauth', description: 'Signs in on its own site.', logo: 'https://logos.example/oauth.png', auth_type: 'oauth', form_components: {} },
  { id: 2, name: 'Fuzz Password', slug: 'fuzz_password', description: 'Asks for a password.', logo: 'https://logos.example/password.png', auth_type: 'password', form_components: {} },
  { id: 3, name: 'Fuzz Email', slug: 'fuzz_email', description: 'Sends an invitation.', logo: 'https://logos.example/email.png', auth_type: 'email', form_components: {} },
];
const VALID_MFA_HINT = '+1 ••• ••42';
const VALID_PENDING = { state: 'pending_provider_mfa', provider_mfa: { method: 'sms', hint: VALID_MFA_HINT }, provider: 'fuzz_password', connected: false, provider_id: '' };
/** What the valid answers give the widget to show. */
export const VALID_SHOWN = VALID_PROVIDERS.flatMap((p) => [p.name, p.description]).concat(VALID_MFA_HINT);

/** One exchange the fake expects next: the call, and the answer it gives. */
interface Step {
  method: 'GET' | 'POST';
  path: string;
  answer: Answer;
  hostile?: boolean;
}

const validAnswer = (json: unknown): Answer => ({ status: 200, contentType: 'application/json', body: { json }, transport: 'whole' });

const fake = {
  steps: [] as Step[],
  secrets: null as Secrets | null,
  served: '',
  /** The hostile request came, and its answer has been read to the end (or its fetch rejected). */
  hostileSent: false,
  hostileRead: false,
  /** Answers handed over whose bodies the widget has not finished reading. */
  reading: new Set<Response>(),
  unexpected: [] as string[],
  script(steps: Step[], secrets: Secrets) {
    this.steps = steps;
    this.secrets = secrets;
    this.served = '';
    this.hostileSent = false;
    this.hostileRead = false;
    this.reading.clear();
    this.unexpected = [];
  },
};

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  seen.requestUrls.push(url.href);
  const method = (init.method ?? 'GET').toUpperCase();
  const signal = init.signal ?? null;
  if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  const step = fake.steps[0];
  if (!step || step.method !== method || step.path !== url.pathname) {
    // A request the flow should not make now: it gets no answer, as a service that hangs.
    fake.unexpected.push(`${method} ${url.pathname}`);
    return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
  }
  fake.steps.shift();
  if (step.hostile) fake.hostileSent = true;
  const text = servedText(step.answer, typeof init.body === 'string' ? init.body : null);
  if (step.hostile) fake.served = text;
  let response: Response;
  try {
    response = respond(step.answer, text);
  } catch (refused) {
    if (step.hostile) fake.hostileRead = true;
    throw refused;
  }
  return watchReading(response, () => {
    if (step.hostile) fake.hostileRead = true;
  });
}

const BODY_READERS = ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const;

/** The response, counted in `fake.reading` until a read of its body settles (read, or broken off). */
function watchReading(response: Response, onRead: () => void): Response {
  fake.reading.add(response);
  const read = () => {
    // A response of an earlier turn (`script` emptied the set) no longer counts.
    if (fake.reading.delete(response)) onRead();
    movedOn();
  };
  for (const name of BODY_READERS) {
    const reader = response[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof reader !== 'function') continue;
    Object.defineProperty(response, name, {
      value: (...args: unknown[]) => {
        const reading = reader.apply(response, args);
        // Seen before the widget's own `await` goes on; the widget still gets the original promise.
        reading.then(read, read);
        return reading;
      },
    });
  }
  return response;
}

/** The answer as the service sends it: whole, cut off halfway, or not at all. */
function respond(answer: Answer, text: string): Response {
  if (answer.transport === 'refused') throw new TypeError('Failed to fetch');
  const nullBody = [204, 205, 304].includes(answer.status);
  const headers = answer.contentType ? { 'content-type': answer.contentType } : undefined;
  if (answer.transport === 'cut') {
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, bytes.length >> 1));
        controller.error(new TypeError('network error'));
      },
    });
    return new Response(nullBody ? null : stream, { status: answer.status, headers });
  }
  return new Response(nullBody ? null : text, { status: answer.status, headers });
}

const ECHO = new RegExp(`\\{\\{(${SECRETS.join('|')})(?::(json|html|url))?\\}\\}`, 'g');

const nonAscii = /[^ -~]/g;
const hex = (c: string, width: number) => (c.codePointAt(0) ?? 0).toString(16).padStart(width, '0');
/** A secret as a service writes it back in text, in each form an echo may take. */
const ECHO_WRITERS: Record<EchoForm, (secret: string) => string> = {
  plain: (secret) => secret,
  json: (secret) => JSON.stringify(secret).slice(1, -1).replace(nonAscii, (c) => `\\u${hex(c, 4)}`),
  html: (secret) => secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(nonAscii, (c) => `&#x${hex(c, 1)};`),
  url: encodeURIComponent,
};

/** The body with the echoes filled in from this request and this case's secrets. */
function servedText(answer: Answer, requestBody: string | null): string {
  const secrets = fake.secrets as Secrets;
  const json = 'json' in answer.body;
  let text = json ? (JSON.stringify((answer.body as { json: unknown }).json) ?? '') : (answer.body as { text: string }).text;
  if (text.includes(ECHO_BODY)) {
    text = json ? text.replaceAll(JSON.stringify(ECHO_BODY), requestBody ?? 'null') : text.replaceAll(ECHO_BODY, requestBody ?? '');
  }
  // An echo stands for text: inside a JSON string it is escaped once more, as a service's JSON would.
  return fillEchoes(text, secrets, json ? (written) => JSON.stringify(written).slice(1, -1) : undefined);
}

/** A text with its echoes of the case's secrets written in, as the service sent them. */
export function fillEchoes(text: string, secrets: Secrets, inside: (written: string) => string = (written) => written): string {
  return text.replace(ECHO, (_, name: SecretName, form: EchoForm | undefined) => inside(ECHO_WRITERS[form ?? 'plain'](secrets[name])));
}

// ---------------------------------------------------------------------------------------------
// The page around the widget, replaced while the test runs.

const seen = {
  errors: [] as string[],
  console: [] as string[],
  opened: [] as string[],
  popupLocations: [] as string[],
  navigations: [] as string[],
  requestUrls: [] as string[],
  longTasks: [] as number[],
  clear() {
    for (const list of [this.errors, this.console, this.opened, this.popupLocations, this.navigations, this.requestUrls, this.longTasks]) list.length = 0;
  },
};

/** A stand-in for the OAuth popup: records where the widget sends it, and goes nowhere. */
function fakePopup(): Window {
  let href = 'about:blank';
  const go = (url: string | URL) => {
    href = String(url);
    seen.popupLocations.push(href);
  };
  const popup = {
    closed: false,
    name: '',
    opener: window,
    // The widget sends the window on by a no-referrer link clicked in the window's own document.
    document: {
      title: '',
      body: { textContent: '' },
      createElement: () => {
        const link = { href: '', target: '', referrerPolicy: '', click: () => go(link.href) };
        return link;
      },
    },
    location: {
      get href() {
        return href;
      },
      set href(url: string) {
        go(url);
      },
      assign: go,
      replace: go,
    },
    close() {
      popup.closed = true;
    },
    focus() {},
    postMessage() {},
  };
  return popup as unknown as Window;
}

interface NavigateEvent extends Event {
  readonly destination: { readonly url: string };
  readonly cancelable: boolean;
}
const navigation = (window as unknown as { navigation?: EventTarget }).navigation;

const originals = { fetch: window.fetch, open: window.open, onerror: window.onerror, console: { ...console }, title: document.title };
// The DOM's timers (Node's types, also loaded, would be taken for them).
type SetTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]) => number;
type ClearTimeout = (id?: number) => void;
const timerOriginals = { setTimeout: window.setTimeout as unknown as SetTimeout, clearTimeout: window.clearTimeout as unknown as ClearTimeout };
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const longTaskObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
});

/**
 * The one-shot timers set while the cases run (the runner's connection sets none then), until they
 * fire or are cleared: a widget waiting for one is not at rest. A repeating one (the watch on the
 * sign-in window) waits for something outside, as a request the fake never answers does: intervals
 * do not count.
 */
const timers = new Set<number>();
function countedSetTimeout(handler: TimerHandler, delay?: number, ...args: unknown[]): number {
  if (typeof handler !== 'function') return timerOriginals.setTimeout.call(window, handler, delay, ...args);
  const id = timerOriginals.setTimeout.call(
    window,
    () => {
      timers.delete(id);
      try {
        (handler as (...args: unknown[]) => void)(...args);
      } finally {
        movedOn();
      }
    },
    delay,
  );
  timers.add(id);
  return id;
}
function countedClearTimeout(id?: number): void {
  timerOriginals.clearTimeout.call(window, id);
  if (id !== undefined && timers.delete(id)) movedOn();
}

/** Resolves at the next thing that can move the widget on: a timer fired or cleared, an answer read. */
let nextMove: Promise<void>;
let movedOn: () => void;
const expectMove = () => (nextMove = new Promise<void>((resolve) => (movedOn = () => (expectMove(), resolve()))));
expectMove();

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

const onError = (event: ErrorEvent) => {
  seen.errors.push(`uncaught ${errorName(event.error ?? event.message)}: ${String(event.message).slice(0, 300)}`);
  // The case reports it; mocha must not fail for it on its own.
  event.preventDefault();
  event.stopImmediatePropagation();
};
const onRejection = (event: PromiseRejectionEvent) => {
  seen.errors.push(`unhandled rejection ${errorName(event.reason)}: ${String((event.reason as Error)?.message ?? event.reason).slice(0, 300)}`);
  event.preventDefault();
  event.stopImmediatePropagation();
};
const onNavigate = (event: Event) => {
  const navigate = event as NavigateEvent;
  seen.navigations.push(navigate.destination.url);
  if (navigate.cancelable) navigate.preventDefault();
};

/** The page's own console, which the widget's lines do not reach while the harness runs. */
export const log = (...args: unknown[]) => originals.console.log(...args);

const documentElements = () => document.querySelectorAll('script, iframe, object, embed, img, a, form').length;
let documentElementsBefore = 0;

export async function takeOverPage(): Promise<void> {
  await remount();
  documentElementsBefore = documentElements();
  window.fetch = fakeFetch;
  window.open = (url?: string | URL) => {
    seen.opened.push(String(url ?? ''));
    return fakePopup();
  };
  for (const method of CONSOLE_METHODS) console[method] = (...args: unknown[]) => void seen.console.push(`console.${method}: ${args.map(String).join(' ')}`);
  // Mocha's own `onerror` fails whichever test runs when an error escapes: the case reports it instead.
  originals.onerror = window.onerror;
  window.onerror = null;
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection, true);
  navigation?.addEventListener('navigate', onNavigate);
  longTaskObserver.observe({ type: 'longtask' });
  await executeServerCommand('fuzz-watchdog', { watch: true });
  // After the command: the runner's connection sets a long timer for each, which is not the widget's.
  Object.assign(window, { setTimeout: countedSetTimeout, clearTimeout: countedClearTimeout });
}

export async function giveBackPage(): Promise<void> {
  Object.assign(window, timerOriginals);
  timers.clear();
  await executeServerCommand('fuzz-watchdog', { watch: false });
  document.title = originals.title;
  window.fetch = originals.fetch;
  window.open = originals.open;
  Object.assign(console, originals.console);
  window.onerror = originals.onerror;
  window.removeEventListener('error', onError, true);
  window.removeEventListener('unhandledrejection', onRejection, true);
  navigation?.removeEventListener('navigate', onNavigate);
  longTaskObserver.disconnect();
  widget.remove();
}

// ---------------------------------------------------------------------------------------------
// Driving the widget.

let widget: ProviderLinkElement;

/** A new widget, for each case and after a turn that may have left the old one in pieces. */
async function remount(): Promise<void> {
  widget?.remove();
  // `external` with no native host to ask is the popup mode; redirect would navigate this page.
  widget = createWidget({ 'oauth-mode': 'external' });
  // No request times out: one the fake leaves unanswered then waits for good, and a widget that
  // waits on nothing else is at rest (stuck) at once, instead of 15 s later on a timeout screen.
  widget.requestTimeout = Infinity;
  // Straight into the page: a fixture waits for a frame, which would cost more than most cases.
  document.body.append(widget);
  await tick();
}

const shadow = () => root(widget);

/** A fresh macrotask (setTimeout is clamped to 4 ms once nested; a message is not). */
const tick = (() => {
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(0);
    });
})();
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Nothing the page started can still move the widget on (a request the fake never answers cannot). */
const atRest = () => fake.reading.size === 0 && timers.size === 0 && !widget.isUpdatePending;

/**
 * After this many rounds (each a task, an answer read or a timer fired) `until` says once in the log
 * what it still waits for: information for a run the runner's timeout ends, never a verdict.
 */
const SAY_STILL_WAITING = 100_000;
let waitingFor = '';

/**
 * Waits until `ready` (true), or until the widget is at rest without it (false). It never touches
 * `updateComplete`, whose rejection must stay unhandled for the case to see it.
 */
async function until(ready: () => boolean): Promise<boolean> {
  for (let spins = 1; ; spins++) {
    await tick(); // microtasks and Lit's update land first
    if (ready()) return true;
    if (atRest()) {
      // What a frame sets off (an observer, a frame callback) lands before the widget counts as stuck.
      await frame();
      await tick();
      if (ready()) return true;
      if (atRest()) return false;
    } else if (!widget.isUpdatePending) {
      await nextMove;
    }
    if (spins === SAY_STILL_WAITING) {
      log(`hostile answers: ${waitingFor} not yet, after ${spins} waits (${fake.reading.size} answer(s) being read, ${timers.size} timer(s) pending, Lit update ${widget.isUpdatePending ? '' : 'not '}pending)`);
    }
  }
}

class NotReached extends Error {}

async function reach(what: string, ready: () => boolean): Promise<void> {
  waitingFor = what;
  if (!(await until(ready))) throw new NotReached(`${what} never came: the widget came to rest on heading "${heading(widget)}" (unexpected requests: ${fake.unexpected.join(', ') || 'none'})`);
}

let eventsBefore = 0;
const caseEvents = () => recordEvents(widget).events.slice(eventsBefore);
const viewed = (name: string) => caseEvents().filter((event) => event.type === 'link-event' && event.detail['name'] === name).length;
const idle = () => shadow().querySelector('.base')?.getAttribute('aria-busy') === 'false';
const formReady = (id: string) => idle() && shadow().getElementById(id) !== null;
const oauthChoice = () => [...shadow().querySelectorAll<HTMLButtonElement>('button.provider')].find((button) => button.textContent?.includes('Fuzz Oauth'));

function fill(id: string, value: string): void {
  const input = shadow().getElementById(id);
  if (!(input instanceof HTMLInputElement)) throw new NotReached(`no #${id} field`);
  input.value = value;
}

/** A form that asks for a region (after `unsupported_region`): a person chooses one, the first offered. */
function chooseRegion(): void {
  const picker = shadow().getElementById('region');
  if (picker instanceof HTMLSelectElement && picker.value === '') picker.value = picker.options[1]?.value ?? '';
}

function submit(): void {
  const form = shadow().querySelector('form');
  if (!form) throw new NotReached('no form to submit');
  form.requestSubmit();
}

const buttonNamed = (name: string) => buttons(widget).find((button) => !button.disabled && buttonName(button) === name);
/** Try again on the OAuth step's own screens (not connected, window lost). */
const oauthRetry = () => (['Not connected', 'Didn’t finish?'].includes(heading(widget)) ? buttonNamed('Try again') : undefined);

/** Signs in from a new flow (`fresh`), or again from the form the last turn left. */
async function signIn(secrets: Secrets, fresh: boolean): Promise<void> {
  await reach('the sign-in form', () => (!fresh || viewed('credentials_viewed') === 1) && formReady('username'));
  fill('username', secrets.username);
  fill('password', secrets.password);
  chooseRegion();
  submit();
}

/** One of the five calls, and how the widget is brought to send it. */
interface Call {
  /** The `provider` attribute: '' shows the list first. */
  provider: string;
  hostile: Omit<Step, 'answer'>;
  /** The valid answers the flow needs before the call under test. */
  before(turn: Turn, fresh: boolean): Step[];
  /** Whether the screen shown now can send the call again without a new flow. */
  canContinue(): boolean;
  /** What the user does, from a new flow's first screen or from the screen shown now, to have the widget send the call. */
  drive(turn: Turn, secrets: Secrets, fresh: boolean): Promise<void>;
  typed: SecretName[];
}

const LIST: Step = { method: 'GET', path: '/v2/link/providers', answer: validAnswer(VALID_PROVIDERS) };
const PASSWORD_PATH = '/v2/link/provider/password/fuzz_password';
const PENDING: Step = { method: 'POST', path: `${PASSWORD_PATH}/complete_mfa`, answer: validAnswer(VALID_PENDING) };

export const CALLS: Record<CallName, Call> = {
  providers: {
    provider: '',
    hostile: { method: 'GET', path: '/v2/link/providers' },
    before: () => [],
    canContinue: () => buttonNamed('Try again') !== undefined,
    drive: async (_, __, fresh) => {
      if (!fresh) buttonNamed('Try again')?.click();
    },
    typed: ['token'],
  },
  oauth: {
    provider: '',
    hostile: { method: 'GET', path: '/v2/link/provider/oauth/fuzz_oauth' },
    before: (_, fresh) => (fresh ? [LIST] : []),
    canContinue: () => idle() && (oauthChoice() !== undefined || oauthRetry() !== undefined),
    drive: async () => {
      await reach('the provider list', () => idle() && (oauthChoice() !== undefined || oauthRetry() !== undefined));
      (oauthChoice() ?? oauthRetry())?.click();
    },
    typed: ['token'],
  },
  password: {
    provider: 'fuzz_password',
    hostile: { method: 'POST', path: PASSWORD_PATH },
    before: (_, fresh) => (fresh ? [LIST] : []),
    canContinue: () => formReady('username'),
    drive: (_, secrets, fresh) => signIn(secrets, fresh),
    typed: ['token', 'username', 'password'],
  },
  complete_mfa: {
    provider: 'fuzz_password',
    hostile: { method: 'POST', path: `${PASSWORD_PATH}/complete_mfa` },
    before: ({ mfaRounds = 0 }, fresh) => [...(fresh ? [LIST, { ...PENDING, path: PASSWORD_PATH }] : []), ...Array.from({ length: mfaRounds }, () => PENDING)],
    canContinue: () => formReady('code'),
    drive: async ({ mfaRounds = 0 }, secrets, fresh) => {
      if (fresh) await signIn(secrets, fresh);
      // Each valid round shows the code form anew; from a form already shown, one fewer.
      const shownBefore = fresh ? 0 : -1;
      for (let round = 1; round <= mfaRounds + 1; round++) {
        await reach(`MFA round ${round}`, () => viewed('mfa_viewed') === round + shownBefore && formReady('code'));
        fill('code', secrets.code);
        submit();
      }
    },
    typed: ['token', 'username', 'password', 'code'],
  },
  email: {
    provider: 'fuzz_email',
    hostile: { method: 'POST', path: '/v2/link/provider/email/fuzz_email' },
    before: (_, fresh) => (fresh ? [LIST] : []),
    canContinue: () => formReady('email'),
    drive: async (_, secrets, fresh) => {
      await reach('the email form', () => (!fresh || viewed('email_viewed') === 1) && formReady('email'));
      fill('email', secrets.email);
      chooseRegion();
      submit();
    },
    typed: ['token', 'email'],
  },
};

// ---------------------------------------------------------------------------------------------
// One case.

let turnNumber = 0;
/** The secrets of the flow on screen; a turn that goes on from it goes on with them. */
let flow: Pick<Secrets, 'token' | 'username' | 'password'> | null = null;

/** Runs the turns of one case and writes down what the page saw after each. */
export async function runCase(test: HostileCase): Promise<Outcome[]> {
  const call = CALLS[test.call];
  // A widget of its own: what one case leaves behind (a request in flight, a late event) must
  // not change the next, or a failure would not come back when its seed and path replay it alone.
  await remount();
  flow = null;
  const outcomes: Outcome[] = [];
  for (const turn of test.turns) {
    const fresh = flow === null || !call.canContinue();
    const outcome = await runTurn(call, turn, fresh);
    outcomes.push(outcome);
    if (outcome.notReached) flow = null;
  }
  return outcomes;
}

async function runTurn(call: Call, turn: Turn, fresh: boolean): Promise<Outcome> {
  const n = ++turnNumber;
  // Secrets with characters that every escaping changes (a quote, an ampersand, a letter beyond ASCII).
  if (fresh || !flow) flow = { token: `fuzz-token-${n}-t`, username: `fuzz&user-${n}-u`, password: `fuzz"päss-${n}-p` };
  const secrets: Secrets = { ...flow, code: `fuzz-code-${n}-c`, email: `fuzz-${n}-e@mail.example` };
  await tick(); // what the last turn left behind lands before this one starts
  longTaskObserver.takeRecords();
  seen.clear();
  eventsBefore = recordEvents(widget).events.length;
  fake.script([...call.before(turn, fresh), { ...call.hostile, answer: turn.answer, hostile: true }], secrets);
  const outcome: Outcome = {
    fresh,
    notReached: null,
    longestTaskMs: 0,
    unsettled: null,
    heading: '',
    unexpectedRequests: [],
    errors: [],
    events: [],
    console: [],
    requestUrls: [],
    opened: [],
    popupLocations: [],
    navigations: [],
    pageUrlBefore: location.href,
    pageUrlAfter: location.href,
    storage: '',
    served: '',
    visibleText: '',
    elements: [],
    lightDom: '',
    elementsAddedToPage: 0,
    scriptRan: false,
    providerNames: [],
    secrets,
    typed: call.typed,
  };

  if (fresh) {
    // A new token (and the provider to open) restarts the flow, once, in Lit's next update: after
    // a tick the screen is the new flow's, not what the last turn left.
    widget.linkToken = secrets.token;
    widget.provider = call.provider;
    await tick();
  }
  try {
    await call.drive(turn, secrets, fresh);
    await reach('the call under test', () => fake.hostileSent);
    // The screen after the answer: one with a way on, or the one the widget came to rest on.
    waitingFor = 'a screen with a way on after the answer';
    await until(() => fake.hostileRead && unsettled() === null);
    // Layout now, inside the case: what the answer costs to lay out shows in its longest task.
    shadow().querySelector('.base')?.getBoundingClientRect();
  } catch (error) {
    if (!(error instanceof NotReached)) throw error;
    outcome.notReached = error.message;
  }
  await tick();
  for (const entry of longTaskObserver.takeRecords()) seen.longTasks.push(entry.duration);
  outcome.longestTaskMs = Math.max(0, ...seen.longTasks);
  if (outcome.notReached) return outcome;
  return Object.assign(outcome, look(), { served: fake.served, pageUrlAfter: location.href });
}

const ACTIONS = /^(Try again|Back|Choose another provider|Close|Done|Cancel|Start again|Open .* sign-in)$/s;

/** Why the screen is not one a person can go on from: busy, blank, no heading, nothing to press. */
function unsettled(): string | null {
  const base = shadow().querySelector('.base');
  if (!base) return 'a blank box (no frame rendered)';
  if (base.getAttribute('aria-busy') !== 'false' || shadow().querySelector('.spinner')) return 'still busy (a spinner) after the answer';
  if (!heading(widget)) return 'a screen without a heading';
  const actionable = buttons(widget).some(
    (button) => !button.disabled && (button.type === 'submit' || button.classList.contains('provider') || ACTIONS.test(buttonName(button))),
  );
  return actionable ? null : 'no button to go on with';
}

/** Everything the case left on the page and around it. */
function look(): Partial<Outcome> {
  const text: string[] = [];
  const walker = document.createTreeWalker(shadow(), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest('details')) text.push(node.textContent ?? '');
  const storage = (store: Storage) => Object.entries(store).map(([key, value]) => `${key}=${value}`).join('\n');
  const scriptRan = (window as { __pwned?: unknown }).__pwned !== undefined;
  delete (window as { __pwned?: unknown }).__pwned;
  return {
    unsettled: unsettled(),
    heading: heading(widget),
    unexpectedRequests: [...fake.unexpected],
    errors: [...seen.errors],
    events: caseEvents(),
    console: [...seen.console],
    requestUrls: [...seen.requestUrls],
    opened: [...seen.opened],
    popupLocations: [...seen.popupLocations],
    navigations: [...seen.navigations],
    storage: `${storage(sessionStorage)}\n${storage(localStorage)}`,
    visibleText: text.join(' '),
    elements: [...shadow().querySelectorAll('*')].map((element) => ({
      tag: element.tagName.toLowerCase(),
      classes: [...element.classList],
      attributes: [...element.attributes].map(({ name, value }) => ({ name, value })),
    })),
    lightDom: widget.innerHTML,
    elementsAddedToPage: documentElements() - documentElementsBefore,
    scriptRan,
    providerNames: [...shadow().querySelectorAll('button.provider .name')].map((name) => name.textContent ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------
// Reports.

/** A case as a person reads it in a report. */
export function describeCase(test: HostileCase): string {
  const { method, path } = CALLS[test.call].hostile;
  return [`${method} ${path}, answered ${test.turns.length} time(s):`, ...test.turns.map((turn, i) => `  ${i + 1}. ${describeTurn(turn)}`)].join('\n');
}

function describeTurn({ answer, mfaRounds }: Turn): string {
  const { status, contentType, body, transport } = answer;
  const what = transport === 'refused' ? 'fetch rejects (no answer)' : `HTTP ${status}${contentType ? ` (${contentType})` : ''}${transport === 'cut' ? ', body cut off halfway' : ''}`;
  const shown = 'json' in body ? `JSON ${summarize(body.json)}` : `text ${summarize(body.text)}`;
  return `${what}${mfaRounds ? `, after ${mfaRounds} valid MFA round(s)` : ''}: ${shown}`;
}

/** A value with long strings and deep nesting summarised. */
export function summarize(value: unknown, depth = 0): string {
  if (typeof value === 'string') return summarizeString(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (depth > 6) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, 8).map((item) => summarize(item, depth + 1));
    if (value.length > 8) items.push(`… ${value.length - 8} more`);
    return `[${items.join(', ')}]`;
  }
  const fields = Object.entries(value).map(([key, field]) => `${JSON.stringify(key)}: ${summarize(field, depth + 1)}`);
  return `{${fields.join(', ')}}`;
}

/** A string with its long runs written as `"<" × 1048576`, and cut after a few hundred characters. */
function summarizeString(value: string): string {
  const parts: string[] = [];
  let plain = '';
  let i = 0;
  while (i < value.length) {
    let run: { unit: string; count: number } | null = null;
    for (let size = 1; size <= 12 && !run; size++) {
      const unit = value.slice(i, i + size);
      let count = 1;
      while (value.startsWith(unit, i + count * size)) count++;
      if (count >= 8 && count * size >= 24) run = { unit, count };
    }
    if (run) {
      if (plain) parts.push(JSON.stringify(plain));
      plain = '';
      parts.push(`${JSON.stringify(run.unit)} × ${run.count}`);
      i += run.unit.length * run.count;
    } else {
      plain += value[i];
      i++;
    }
  }
  if (plain) parts.push(JSON.stringify(plain));
  const whole = parts.join(' + ') || '""';
  return whole.length > 400 ? `${whole.slice(0, 400)}… (${value.length} chars)` : whole;
}
