/**
 * Property-based: a real `<provider-link>` against thousands of hostile answers to each of its five
 * calls (test/fuzz/answers.ts). `window.fetch` is replaced while this file runs: the calls before
 * the one under test get valid answers, so the flow reaches it; that one gets the hostile answer.
 *
 * Each case is checked for every property at once. A property that fails is then narrowed by
 * fast-check to a minimal answer, per distinct kind of failure, and reported with the seed and
 * the path that replay it.
 *
 * `npm test` runs CI_CASES cases with CI_SEED; `npm run fuzz` runs many more with a random seed
 * (FUZZ_RUNS and FUZZ_SEED, read through the `fuzz-options` server command).
 */
import fc from 'fast-check';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/element/define.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { describe as describeValue, ECHO_BODY, hostileCases } from './answers.js';
import type { Answer, CallName, HostileCase } from './answers.js';

/** Cases across the five calls in `npm test`, and its seed. */
const CI_CASES = 10_000;
const CI_SEED = 20_250_607;
/**
 * The longest main-thread task a case may cause. What it guards against is a freeze (a step worse
 * than linear in a hostile answer), which takes seconds; speed itself is `npm run bench`'s. The
 * largest valid case, 20 000 providers, measured 203–232 ms on this two-core machine while another
 * build ran beside the tests, so 200 ms failed CI for load alone.
 */
const LONG_TASK_MS = 300;
/** The watchdog stops a script that has held the main thread this long (scripts/fuzz-commands.mjs). */
const HANG_MS = 600;
/** How long the flow may take to reach the call under test, and to settle after the answer. */
const REACH_MS = 1_500;
const SETTLE_MS = 1_000;
const NEVER_FINISHED = 'the case never finished';

const { runs: askedRuns, seed: askedSeed } = (await executeServerCommand<{ runs: number | null; seed: number | null }, undefined>('fuzz-options')) ?? {
  runs: null,
  seed: null,
};
const LONG_RUN = askedRuns !== null;
const SEED = askedSeed ?? CI_SEED;
const CALLS: CallName[] = ['providers', 'oauth', 'password', 'complete_mfa', 'email'];
const RUNS_PER_CALL = Math.ceil((askedRuns ?? CI_CASES) / CALLS.length);
/** In CI a call that runs too slowly stops early, and fails for it; `npm run fuzz` takes its time. */
const EXPLORE_BUDGET_MS = LONG_RUN ? Infinity : 36_000;
/** Shrinking time per kind of failure, and for all of a run. */
const SHRINK_MS = LONG_RUN ? 60_000 : 6_000;
const SHRINK_TOTAL_MS = LONG_RUN ? Infinity : 30_000;
const KINDS_SHRUNK = 4;

// ---------------------------------------------------------------------------------------------
// What the page saw during one case.

type Property = 'reaches' | 'uncaught' | 'settles' | 'plain-text' | 'no-markup' | 'http-only' | 'responsive' | 'secrets' | 'valid-entries';

const PROPERTIES: [Property, string][] = [
  ['reaches', 'the flow reaches the call under test through valid answers (the harness works)'],
  ['uncaught', 'no uncaught error and no unhandled rejection'],
  ['settles', 'after the one answer, a screen with an action: never blank, never a spinner that waits on'],
  ['plain-text', 'no raw JSON or HTML from the answer in the visible text'],
  ['no-markup', 'no element, attribute or script from the answer in the widget'],
  ['http-only', 'only http(s) URLs opened or handed to the page, and the page does not navigate'],
  ['responsive', `no main-thread task over ${LONG_TASK_MS} ms`],
  ['secrets', 'no token, username, password, code or email in an event, console line, URL or storage'],
  ['valid-entries', 'every valid provider of a list that mixes valid and malformed entries is offered'],
];

/** One failure of one property in one case: `kind` groups failures that have the same cause. */
interface Violation {
  kind: string;
  detail: string;
}
type Verdict = Map<Property, Violation[]>;

interface Secrets {
  token: string;
  username: string;
  password: string;
  code: string;
  email: string;
}

const seen = {
  errors: [] as string[],
  events: [] as { type: string; detail: unknown }[],
  console: [] as string[],
  opened: [] as string[],
  popupLocations: [] as string[],
  navigations: [] as string[],
  requestUrls: [] as string[],
  longTasks: [] as number[],
  clear() {
    for (const list of [this.errors, this.events, this.console, this.opened, this.popupLocations, this.navigations, this.requestUrls, this.longTasks]) list.length = 0;
  },
};

// ---------------------------------------------------------------------------------------------
// The page around the widget, replaced for the duration of this file.

const VALID_PROVIDERS = [
  { id: 1, name: 'Fuzz Oauth', slug: 'fuzz_oauth', description: 'Signs in on its own site.', logo: 'https://logos.example/oauth.png', auth_type: 'oauth', form_components: {} },
  { id: 2, name: 'Fuzz Password', slug: 'fuzz_password', description: 'Asks for a password.', logo: 'https://logos.example/password.png', auth_type: 'password', form_components: {} },
  { id: 3, name: 'Fuzz Email', slug: 'fuzz_email', description: 'Sends an invitation.', logo: 'https://logos.example/email.png', auth_type: 'email', form_components: {} },
];
const VALID_MFA_HINT = '+1 ••• ••42';
const VALID_PENDING = { state: 'pending_provider_mfa', provider_mfa: { method: 'sms', hint: VALID_MFA_HINT }, provider: 'fuzz_password', connected: false, provider_id: '' };

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
  /** Resolves when the hostile answer has been handed to the widget. */
  served: null as null | { promise: Promise<void>; resolve: () => void },
  unexpected: [] as string[],
  script(steps: Step[], secrets: Secrets) {
    this.steps = steps;
    this.secrets = secrets;
    this.unexpected = [];
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    this.served = { promise, resolve };
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
  try {
    return respond(step.answer, typeof init.body === 'string' ? init.body : null);
  } finally {
    if (step.hostile) fake.served?.resolve();
  }
}

/** The answer as the service would send it, echoes filled in from this request. */
function respond(answer: Answer, requestBody: string | null): Response {
  if (answer.transport === 'refused') throw new TypeError('Failed to fetch');
  const text = servedText(answer, requestBody);
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

function servedText(answer: Answer, requestBody: string | null): string {
  const secrets = fake.secrets as Secrets;
  let text = 'json' in answer.body ? (JSON.stringify(answer.body.json) ?? '') : answer.body.text;
  if (text.includes(ECHO_BODY)) {
    text = 'json' in answer.body ? text.replaceAll(JSON.stringify(ECHO_BODY), requestBody ?? 'null') : text.replaceAll(ECHO_BODY, requestBody ?? '');
  }
  return text.replace(/\{\{(token|username|password|code|email)\}\}/g, (_, name: keyof Secrets) => secrets[name]);
}

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
    document: { title: '', body: { textContent: '' } },
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

const originals = { fetch: window.fetch, open: window.open, console: { ...console } };
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const longTaskObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
});

const onError = (event: ErrorEvent) => {
  seen.errors.push(`uncaught ${errorName(event.error ?? event.message)}: ${String(event.message).slice(0, 300)}`);
  // The case reports it; mocha must not fail whichever test happens to run.
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
const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

function takeOverPage(): void {
  window.fetch = fakeFetch;
  window.open = (url?: string | URL) => {
    seen.opened.push(String(url ?? ''));
    return fakePopup();
  };
  for (const method of CONSOLE_METHODS) console[method] = (...args: unknown[]) => void seen.console.push(`console.${method}: ${args.map(String).join(' ')}`);
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection, true);
  navigation?.addEventListener('navigate', onNavigate);
  longTaskObserver.observe({ type: 'longtask' });
}

function giveBackPage(): void {
  window.fetch = originals.fetch;
  window.open = originals.open;
  Object.assign(console, originals.console);
  window.removeEventListener('error', onError, true);
  window.removeEventListener('unhandledrejection', onRejection, true);
  navigation?.removeEventListener('navigate', onNavigate);
  longTaskObserver.disconnect();
}

const log = (...args: unknown[]) => originals.console.log(...args);

// ---------------------------------------------------------------------------------------------
// Driving the widget.

let widget: ProviderLinkElement;

function mountWidget(): void {
  widget?.remove();
  widget = document.createElement('provider-link');
  // `external` with no native host to ask is the popup mode; redirect would navigate this page.
  widget.setAttribute('oauth-mode', 'external');
  for (const type of ['link-success', 'link-error', 'link-exit', 'link-event']) {
    widget.addEventListener(type, (event) => seen.events.push({ type, detail: (event as CustomEvent).detail }));
  }
  document.body.append(widget);
}

const root = () => widget.shadowRoot as ShadowRoot;

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
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (without touching `updateComplete`, whose rejection must stay unhandled) until `ready`. */
async function until(ready: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  for (let spins = 0; ; spins++) {
    if (ready()) return true;
    if (performance.now() > end) return false;
    await (spins < 200 ? tick() : sleep(4));
  }
}

class NotReached extends Error {}

async function reach(what: string, ready: () => boolean): Promise<void> {
  if (!(await until(ready, REACH_MS))) throw new NotReached(`${what} never came (heading "${headingText()}", unexpected requests: ${fake.unexpected.join(', ') || 'none'})`);
}

const headingText = () => root().querySelector('h2')?.textContent?.trim() ?? '';
const eventCount = (name: string) => seen.events.filter((event) => event.type === 'link-event' && (event.detail as { name: string }).name === name).length;
const idle = () => root().querySelector('.base')?.getAttribute('aria-busy') === 'false';

function fill(id: string, value: string): void {
  const input = root().getElementById(id);
  if (!(input instanceof HTMLInputElement)) throw new NotReached(`no #${id} field`);
  input.value = value;
}

function submit(): void {
  const form = root().querySelector('form');
  if (!form) throw new NotReached('no form to submit');
  form.requestSubmit();
}

/**
 * One of the five calls, and how the widget is brought to send it: from the start of a flow with
 * a new token (`fresh`), or, where the screen the last case left allows it, from that screen (a
 * form still there after a recoverable error, Try again), which costs one answer instead of three.
 */
interface Call {
  title: string;
  /** The `provider` attribute: '' shows the list first. */
  provider: string;
  hostile: Omit<Step, 'answer'>;
  /** The valid answers the flow needs before the call under test. */
  before(test: HostileCase, fresh: boolean): Step[];
  /** Whether the screen shown now can send the call again without starting over. */
  canContinue(): boolean;
  /** Brings the widget from the start of the flow, or from the screen shown now, to send the call. */
  drive(test: HostileCase, secrets: Secrets, fresh: boolean): Promise<void>;
  /** The secrets this call's user typed (the token counts for every call). */
  typed: (keyof Secrets)[];
}

const LIST: Step = { method: 'GET', path: '/v2/link/providers', answer: validAnswer(VALID_PROVIDERS) };
const PASSWORD_PATH = '/v2/link/provider/password/fuzz_password';
const PENDING: Step = { method: 'POST', path: `${PASSWORD_PATH}/complete_mfa`, answer: validAnswer(VALID_PENDING) };

const buttonNamed = (name: string | RegExp) =>
  [...root().querySelectorAll<HTMLButtonElement>('button')].find((button) => !button.disabled && (typeof name === 'string' ? nameOf(button) === name : name.test(nameOf(button))));
const formReady = (id: string) => idle() && root().getElementById(id) !== null;
/** Try again on the OAuth step's own screens (not connected, window lost). */
const oauthRetry = () => (['Not connected', 'Didn’t finish?'].includes(headingText()) ? buttonNamed('Try again') : undefined);
const oauthChoice = () => [...root().querySelectorAll<HTMLButtonElement>('button.provider')].find((button) => button.textContent?.includes('Fuzz Oauth'));

async function signIn(secrets: Secrets, fresh: boolean): Promise<void> {
  await reach('the sign-in form', () => (!fresh || eventCount('credentials_viewed') === 1) && formReady('username'));
  fill('username', secrets.username);
  fill('password', secrets.password);
  submit();
}

const CALLS_UNDER_TEST: Record<CallName, Call> = {
  providers: {
    title: 'GET /v2/link/providers',
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
    title: 'GET /v2/link/provider/oauth/{slug}',
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
    title: 'POST /v2/link/provider/password/{slug}',
    provider: 'fuzz_password',
    hostile: { method: 'POST', path: PASSWORD_PATH },
    before: (_, fresh) => (fresh ? [LIST] : []),
    canContinue: () => formReady('username'),
    drive: (_, secrets, fresh) => signIn(secrets, fresh),
    typed: ['token', 'username', 'password'],
  },
  complete_mfa: {
    title: 'POST /v2/link/provider/password/{slug}/complete_mfa',
    provider: 'fuzz_password',
    hostile: { method: 'POST', path: `${PASSWORD_PATH}/complete_mfa` },
    before: ({ mfaRounds = 0 }, fresh) => [
      ...(fresh ? [LIST, { ...PENDING, path: PASSWORD_PATH }] : []),
      ...Array.from({ length: mfaRounds }, () => PENDING),
    ],
    canContinue: () => formReady('code'),
    drive: async ({ mfaRounds = 0 }, secrets, fresh) => {
      if (fresh) await signIn(secrets, fresh);
      // Each valid round shows the code form anew; from a form already shown, one fewer.
      const shownBefore = fresh ? 0 : -1;
      for (let round = 1; round <= mfaRounds + 1; round++) {
        await reach(`MFA round ${round}`, () => eventCount('mfa_viewed') === round + shownBefore && formReady('code'));
        fill('code', secrets.code);
        submit();
      }
    },
    typed: ['token', 'username', 'password', 'code'],
  },
  email: {
    title: 'POST /v2/link/provider/email/{slug}',
    provider: 'fuzz_email',
    hostile: { method: 'POST', path: '/v2/link/provider/email/fuzz_email' },
    before: (_, fresh) => (fresh ? [LIST] : []),
    canContinue: () => formReady('email'),
    drive: async (_, secrets, fresh) => {
      await reach('the email form', () => (!fresh || eventCount('email_viewed') === 1) && formReady('email'));
      fill('email', secrets.email);
      submit();
    },
    typed: ['token', 'email'],
  },
};

// ---------------------------------------------------------------------------------------------
// One case, and what it shows.

let caseNumber = 0;
/** The flow on screen, started for a call with a token: a case that goes on from it uses both. */
let flow = { call: null as Call | null, token: '', username: '', password: '', shown: new Set<string>() };

/** Runs one case: from a fresh flow, or (`mayContinue`) from the screen the last case left. */
async function runCase(call: Call, test: HostileCase, mayContinue = false): Promise<Verdict> {
  const n = ++caseNumber;
  const fresh = !(mayContinue && flow.call === call && flow.token === widget.linkToken && call.canContinue());
  // A case that goes on from the last one's screen goes on with what was typed there: the
  // username and password of the flow's sign-in are the ones an answer can repeat.
  if (fresh) flow = { call, token: `fuzz-token-${n}-t`, username: `fuzz-user-${n}-u`, password: `fuzz-pass-${n}-p`, shown: new Set() };
  const secrets: Secrets = { token: flow.token, username: flow.username, password: flow.password, code: `fuzz-code-${n}-c`, email: `fuzz-${n}-e@mail.example` };
  const verdict: Verdict = new Map();
  const fail = (property: Property, kind: string, detail = '') => {
    const list = verdict.get(property) ?? [];
    list.push({ kind, detail });
    verdict.set(property, list);
  };
  await tick(); // what the last case left behind lands before this one starts
  longTaskObserver.takeRecords();
  seen.clear();
  fake.script([...call.before(test, fresh), { ...call.hostile, answer: test.answer, hostile: true }], secrets);
  const pageUrl = location.href;

  if (fresh) {
    // A new token (and the provider to open) restarts the flow, once, in Lit's next update: after
    // a tick the screen is the new flow's, not what the last case left.
    widget.linkToken = secrets.token;
    widget.provider = call.provider;
    await tick();
  }
  const work = (async () => {
    await call.drive(test, secrets, fresh);
    await reachServed(fake.served?.promise);
    const settled = await until(() => settledScreen().ok, SETTLE_MS);
    // Layout now, inside the case: what the answer costs to lay out counts as its long task.
    root().querySelector('.base')?.getBoundingClientRect();
    return settled;
  })();
  const deadline = REACH_MS * (2 + (test.mfaRounds ?? 0)) + SETTLE_MS + HANG_MS * 3;
  const outcome = await Promise.race([work.then((settled) => ({ settled }), (error: unknown) => ({ error })), sleep(deadline).then(() => ({ stuck: true }))]);
  await tick();
  for (const entry of longTaskObserver.takeRecords()) seen.longTasks.push(entry.duration);

  const longest = Math.max(0, ...seen.longTasks);
  if (longest >= HANG_MS * 0.75) {
    // The watchdog has stopped (or was about to stop) the widget's script halfway: nothing else
    // about this case means much, and the widget may be left in pieces. Start a new one.
    fail('responsive', `a task of ${HANG_MS * 0.75} ms or more (the watchdog stops a script at ${HANG_MS} ms)`, `${Math.round(longest)} ms`);
    mountWidget();
    return verdict;
  }
  if ('stuck' in outcome) {
    fail('reaches', NEVER_FINISHED, `heading "${headingText()}"`);
    mountWidget();
    return verdict;
  }
  if ('error' in outcome) {
    if (!(outcome.error instanceof NotReached)) throw outcome.error;
    fail('reaches', 'the flow did not reach the call under test', outcome.error.message);
    return verdict;
  }

  for (const error of seen.errors) fail('uncaught', error.split(':')[0] ?? error, error);
  if (!outcome.settled) {
    const screen = settledScreen();
    fail('settles', screen.why, `heading "${headingText()}"; requests after the answer: ${fake.unexpected.join(', ') || 'none'}`);
  }
  checkText(test.answer, fail);
  checkMarkup(fail);
  checkUrls(pageUrl, fail);
  if (longest > LONG_TASK_MS) fail('responsive', `a task over ${LONG_TASK_MS} ms`, `${Math.round(longest)} ms`);
  checkSecrets(secrets, call.typed, fail);
  if (test.validNames?.length) checkValidEntries(test.validNames, fail);
  return verdict;
}

async function reachServed(served: Promise<void> | undefined): Promise<void> {
  let done = false;
  void served?.then(() => (done = true));
  await reach('the call under test', () => done);
}

type Fail = (property: Property, kind: string, detail?: string) => void;

const ACTIONS = /^(Try again|Back|Choose another provider|Close|Done|Cancel|Start again|Open .* sign-in)$/s;

/** Not busy, a heading, and something to press. */
function settledScreen(): { ok: boolean; why: string } {
  const base = root().querySelector('.base');
  if (!base) return { ok: false, why: 'a blank box (no frame rendered)' };
  if (base.getAttribute('aria-busy') !== 'false' || root().querySelector('.spinner')) return { ok: false, why: 'still busy (a spinner) after the answer' };
  if (!headingText()) return { ok: false, why: 'a screen without a heading' };
  const actionable = [...root().querySelectorAll('button')].some(
    (button) => !button.disabled && (button.type === 'submit' || button.classList.contains('provider') || ACTIONS.test(nameOf(button))),
  );
  return actionable ? { ok: true, why: '' } : { ok: false, why: 'no button to go on with' };
}

const nameOf = (button: HTMLButtonElement) => (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text a person sees: everything but what sits behind the closed "Technical details". */
function visibleText(): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(root(), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('details')) parts.push(node.textContent ?? '');
  }
  return parts.join(' ');
}

/** The answer's strings that the widget is meant to show: names, descriptions, an MFA hint. */
const SHOWN_FIELDS = new Set(['name', 'description', 'hint']);

function answerStrings(answer: Answer): { shown: string[]; other: string[] } {
  const shown: string[] = [];
  const other: string[] = [];
  let body: unknown;
  const text = servedText(answer, null);
  try {
    body = JSON.parse(text);
  } catch {
    other.push(text.trim().slice(0, 60));
    return { shown, other };
  }
  const stack: [unknown, string][] = [[body, '']];
  for (let visited = 0; stack.length && visited < 5_000; visited++) {
    const [value, key] = stack.pop() as [unknown, string];
    if (typeof value === 'string') (SHOWN_FIELDS.has(key) ? shown : other).push(value);
    else if (Array.isArray(value)) for (const item of value) stack.push([item, key]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stack.push([v, k]);
  }
  return { shown, other };
}

const VALID_SHOWN = VALID_PROVIDERS.flatMap((p) => [p.name, p.description]).concat(VALID_MFA_HINT);

/**
 * What the widget shows of a string it is meant to show: cut to size (names 120 characters,
 * descriptions 300, hints 100) and trimmed, or whole.
 */
const asShown = (value: string) => [value, ...[100, 120, 300].map((length) => value.slice(0, length)), ...[100, 120, 300].map((length) => value.slice(0, length).trim())];

function checkText(answer: Answer, fail: Fail): void {
  const { shown, other } = answerStrings(answer);
  // A flow that went on from earlier cases may still show what their answers were meant to show.
  for (const value of shown) flow.shown.add(value);
  let text = visibleText();
  const allowed = [...VALID_SHOWN, ...flow.shown].flatMap(asShown).filter(Boolean).sort((a, b) => b.length - a.length);
  for (const value of allowed) text = text.replaceAll(value, ' ');
  const markup = /<[a-zA-Z!/][^<>]{0,40}>?/.exec(text);
  if (markup) fail('plain-text', 'HTML shown as text', excerpt(text, markup.index));
  const json = /\{\s*"|"\s*:\s*["{[\dntf]|\[\s*[{["]/.exec(text);
  if (json) fail('plain-text', 'JSON shown as text', excerpt(text, json.index));
  const leaked = other.map((s) => s.trim()).find((s) => s.length >= 12 && text.includes(s));
  if (leaked) fail('plain-text', 'text from the answer shown outside "Technical details"', describeValue(leaked));
}

const excerpt = (text: string, at: number) => describeValue(text.slice(Math.max(0, at - 40), at + 80));

const TAGS = new Set(['DIV', 'HEADER', 'BUTTON', 'SPAN', 'H2', 'P', 'FORM', 'LABEL', 'INPUT', 'UL', 'LI', 'IMG', 'DETAILS', 'SUMMARY', 'CODE']);
const ATTRIBUTES = new Set(
  (
    'class part type id for name role title tabindex lang dir hidden open novalidate autocomplete autocapitalize spellcheck required readonly disabled ' +
    'inputmode src alt width height loading decoding referrerpolicy aria-live aria-atomic aria-hidden aria-busy aria-label aria-invalid aria-describedby'
  ).split(' '),
);
const documentElements = () => document.querySelectorAll('script, iframe, object, embed, img, a, form').length;
const DOCUMENT_ELEMENTS = documentElements();

function checkMarkup(fail: Fail): void {
  for (const element of root().querySelectorAll('*')) {
    const tag = element.tagName;
    if (!TAGS.has(tag)) fail('no-markup', `a <${tag.toLowerCase()}> element`, describeValue(element.outerHTML.slice(0, 200)));
    // A list row's logo has no src until the row is in sight (src/views/near-screen-src.ts): it
    // fetches nothing; once set, the src is checked with every other URL below.
    const unfetchedRowLogo = element.matches('[part~="provider"] img') && !element.hasAttribute('src');
    if (tag === 'IMG' && !(element.classList.contains('logo') && (unfetchedRowLogo || isHttp(element.getAttribute('src') ?? '')))) {
      fail('no-markup', 'an <img> that is not an http(s) logo', describeValue(element.outerHTML.slice(0, 200)));
    }
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) fail('no-markup', 'an on* attribute', `${name}=${describeValue(value)}`);
      else if (!ATTRIBUTES.has(name)) fail('no-markup', `an attribute the templates do not make (${name.replace(/[^a-z-]/g, '?').slice(0, 20)})`, `${name}=${describeValue(value)}`);
      if (/^(src|href|action|formaction)$/.test(name) && !isHttp(value)) fail('no-markup', `a ${schemeOf(value)} URL in ${name}`, describeValue(value));
    }
  }
  if (widget.children.length > 0) fail('no-markup', 'elements in the light DOM', describeValue(widget.innerHTML.slice(0, 200)));
  if (documentElements() !== DOCUMENT_ELEMENTS) fail('no-markup', 'elements added to the page', String(documentElements() - DOCUMENT_ELEMENTS));
  if ((window as { __pwned?: unknown }).__pwned !== undefined) {
    fail('no-markup', 'a script from the answer ran');
    delete (window as { __pwned?: unknown }).__pwned;
  }
}

const isHttp = (url: string) => ['http:', 'https:'].includes(schemeOf(url));

/** `javascript:`, `data:`… as the browser would read the URL; 'relative' when it is not absolute. */
function schemeOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return 'relative';
  }
}

function checkUrls(pageUrl: string, fail: Fail): void {
  for (const url of seen.opened) if (url !== 'about:blank' && !isHttp(url)) fail('http-only', `window.open with a ${schemeOf(url)} URL`, describeValue(url));
  for (const url of seen.popupLocations) if (!isHttp(url)) fail('http-only', `the popup sent to a ${schemeOf(url)} URL`, describeValue(url));
  // Leaving for an http(s) address is `auto` mode's redirect when a popup is refused (stopped
  // here, so the page stays); any other scheme must never be navigated to.
  for (const url of seen.navigations) if (!/^https?:/i.test(url)) fail('http-only', 'the page navigated to a non-http(s) URL', describeValue(url));
  if (location.href !== pageUrl) fail('http-only', 'the page URL changed', describeValue(location.href));
  for (const { type, detail } of seen.events) {
    const redirectUrl = (detail as { redirectUrl?: unknown }).redirectUrl;
    if (type === 'link-success' && redirectUrl != null && !(typeof redirectUrl === 'string' && isHttp(redirectUrl))) {
      const scheme = typeof redirectUrl === 'string' ? `a ${schemeOf(redirectUrl)} URL` : `a ${typeof redirectUrl}`;
      fail('http-only', `link-success hands the page ${scheme} as redirectUrl`, describeValue(redirectUrl));
    }
  }
}

function checkSecrets(secrets: Secrets, typed: (keyof Secrets)[], fail: Fail): void {
  const storage = (store: Storage) => Object.entries(store).map(([key, value]) => `${key}=${value}`).join('\n');
  const channels: [string, string][] = [
    ...seen.events.map(({ type, detail }): [string, string] => [type, JSON.stringify(detail)]),
    ...seen.console.map((line): [string, string] => [line.split(':')[0] ?? 'console', line]),
    ['a request URL', seen.requestUrls.join('\n')],
    ['a window.open URL', seen.opened.join('\n')],
    ['the popup URL', seen.popupLocations.join('\n')],
    ['the page URL', location.href],
    ['storage', `${storage(sessionStorage)}\n${storage(localStorage)}`],
  ];
  for (const name of typed) {
    for (const [channel, text] of channels) {
      const at = text.indexOf(secrets[name]);
      if (at >= 0) fail('secrets', `the ${name} in ${channel}`, describeValue(text.slice(Math.max(0, at - 80), at + 80)));
    }
  }
}

function checkValidEntries(givenNames: string[], fail: Fail): void {
  // A name is shown cut to 120 characters and trimmed; one with nothing left cannot name a button,
  // so the widget drops that entry as malformed.
  const validNames = givenNames.map((name) => name.slice(0, 120).trim()).filter(Boolean);
  if (validNames.length === 0) return;
  const names = [...root().querySelectorAll('button.provider .name')].map((name) => name.textContent ?? '');
  if (names.length === 0) {
    fail('valid-entries', 'the valid providers are not listed', `heading "${headingText()}"`);
    return;
  }
  const missing = validNames.filter((name) => {
    const at = names.indexOf(name);
    if (at < 0) return true;
    names.splice(at, 1);
    return false;
  });
  if (missing.length) fail('valid-entries', 'some valid providers are missing from the list', missing.map((name) => describeValue(name)).join(', '));
}

// ---------------------------------------------------------------------------------------------
// Exploring, then shrinking each kind of failure to a minimal answer.

interface Found {
  property: Property;
  kind: string;
  /** fast-check's run index of the first case that showed it: with the seed, its replay path. */
  index: number;
  count: number;
  first: Violation;
  firstCase: HostileCase;
}

interface Exploration {
  ran: number;
  elapsedMs: number;
  caseMs: number[];
  found: Found[];
}

async function explore(name: CallName): Promise<Exploration> {
  const call = CALLS_UNDER_TEST[name];
  const found = new Map<string, Found>();
  const caseMs: number[] = [];
  const started = performance.now();
  let index = 0;
  let ran = 0;
  await fc.check(
    fc.asyncProperty(hostileCases[name], async (test) => {
      const at = index++;
      if (performance.now() - started > EXPLORE_BUDGET_MS) return true;
      const caseStarted = performance.now();
      const verdict = await runCase(call, test, true);
      caseMs.push(performance.now() - caseStarted);
      ran++;
      for (const [property, violations] of verdict) {
        const kinds = new Map(violations.map((violation) => [violation.kind, violation]));
        for (const [kind, violation] of kinds) {
          const key = `${property}\n${kind}`;
          const known = found.get(key);
          if (known) known.count++;
          else found.set(key, { property, kind, index: at, count: 1, first: violation, firstCase: test });
        }
      }
      return true;
    }),
    { seed: SEED + CALLS.indexOf(name), numRuns: RUNS_PER_CALL },
  );
  return { ran, elapsedMs: performance.now() - started, caseMs, found: [...found.values()] };
}

let shrinkSpentMs = 0;

interface Shrunk {
  test: HostileCase;
  violation: Violation;
  path: string;
  replayed: boolean;
}

/** Replays the first failing case of a kind and lets fast-check shrink it while the kind recurs. */
async function shrink(name: CallName, found: Found): Promise<Shrunk> {
  const call = CALLS_UNDER_TEST[name];
  const started = performance.now();
  const budget = Math.min(SHRINK_MS, SHRINK_TOTAL_MS - shrinkSpentMs);
  let smallest: Shrunk | null = null;
  const details = await fc.check(
    fc.asyncProperty(hostileCases[name], async (test) => {
      if (performance.now() - started > budget) return true; // out of time: keep the smallest so far
      const violation = (await runCase(call, test)).get(found.property)?.find((v) => v.kind === found.kind);
      if (violation) smallest = { test, violation, path: '', replayed: true };
      return !violation;
    }),
    { seed: SEED + CALLS.indexOf(name), path: String(found.index), numRuns: 1 },
  );
  shrinkSpentMs += performance.now() - started;
  const result = smallest as Shrunk | null;
  if (!result) return { test: found.firstCase, violation: found.first, path: String(found.index), replayed: false };
  return { ...result, path: details.counterexamplePath ?? String(found.index) };
}

/** Whether the first case of a kind shows it again, from a fresh flow. */
async function recurs(name: CallName, found: Found): Promise<boolean> {
  const verdict = await runCase(CALLS_UNDER_TEST[name], found.firstCase);
  return verdict.get(found.property)?.some((violation) => violation.kind === found.kind) ?? false;
}

function describeCase(test: HostileCase): string {
  const { status, contentType, body, transport } = test.answer;
  const what = transport === 'refused' ? 'fetch rejects (no answer)' : `HTTP ${status}${contentType ? ` (${contentType})` : ''}${transport === 'cut' ? ', body cut off halfway' : ''}`;
  const shown = 'json' in body ? `JSON ${describeValue(body.json)}` : `text ${describeValue(body.text)}`;
  const rounds = test.mfaRounds ? `, after ${test.mfaRounds} valid MFA round(s)` : '';
  return `${what}${rounds}: ${shown}`;
}

async function report(name: CallName, property: Property, exploration: Exploration): Promise<string | null> {
  const kinds = exploration.found.filter((found) => found.property === property).sort((a, b) => a.index - b.index);
  if (kinds.length === 0) return null;
  const lines: string[] = [];
  let failing = 0;
  for (const [i, found] of kinds.entries()) {
    // A long task and a case past its deadline are timing: on a busy machine a trivial case can
    // take 210 ms, or its timers wait seconds, once. They count only when the same case does it again.
    const timing = property === 'responsive' || found.kind === NEVER_FINISHED;
    if (timing && !(await recurs(name, found))) {
      log(`hostile answers to ${CALLS_UNDER_TEST[name].title}: "${found.kind}" once at run ${found.index} (${found.first.detail}), not again on replay: not counted`);
      continue;
    }
    failing++;
    lines.push(`${failing}) ${found.kind} — ${found.count} case(s), first at run ${found.index}`);
    if (i < KINDS_SHRUNK && shrinkSpentMs < SHRINK_TOTAL_MS) {
      const shrunk = await shrink(name, found);
      lines.push(`   minimal answer${shrunk.replayed ? '' : ' (did not recur on replay; first case shown)'}: ${describeCase(shrunk.test)}`);
      lines.push(`   what happened: ${shrunk.violation.detail || shrunk.violation.kind}`);
      lines.push(`   replay: seed ${SEED + CALLS.indexOf(name)}, path "${shrunk.path}"`);
    } else {
      lines.push(`   first answer: ${describeCase(found.firstCase)}`);
      lines.push(`   what happened: ${found.first.detail || found.first.kind}`);
    }
  }
  if (failing === 0) return null;
  return [`${failing} kind(s) of failure in ${exploration.ran} cases (seed ${SEED + CALLS.indexOf(name)}):`, ...lines].join('\n');
}

// ---------------------------------------------------------------------------------------------

describe(`<provider-link> against hostile answers (fast-check, ${RUNS_PER_CALL} cases per call, seed ${SEED}${LONG_RUN ? ', long run' : ''})`, () => {
  before(async () => {
    mountWidget(); // warns once about the missing token, before the console is watched
    takeOverPage();
    await executeServerCommand('fuzz-watchdog', { hangMs: HANG_MS });
  });

  after(async () => {
    await executeServerCommand('fuzz-watchdog', { hangMs: 0 });
    giveBackPage();
    widget.remove();
  });

  for (const name of CALLS) {
    const call = CALLS_UNDER_TEST[name];
    describe(call.title, () => {
      let exploration: Exploration;

      before(async function () {
        this.timeout(0);
        exploration = await explore(name);
        const sorted = [...exploration.caseMs].sort((a, b) => a - b);
        const mean = sorted.reduce((sum, ms) => sum + ms, 0) / (sorted.length || 1);
        const p = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
        log(
          `hostile answers to ${call.title}: ${exploration.ran} cases in ${(exploration.elapsedMs / 1000).toFixed(1)} s ` +
            `(per case: mean ${mean.toFixed(1)} ms, median ${p(0.5)}, p99 ${p(0.99)}, max ${p(1)} ms); ` +
            `failing kinds: ${exploration.found.map((f) => `${f.property}/${f.kind} ×${f.count}`).join('; ') || 'none'}`,
        );
      });

      it(`runs all ${RUNS_PER_CALL} cases${LONG_RUN ? '' : ` within ${EXPLORE_BUDGET_MS / 1000} s`}`, () => {
        if (exploration.ran < RUNS_PER_CALL) {
          throw new Error(`only ${exploration.ran} of ${RUNS_PER_CALL} cases ran within ${EXPLORE_BUDGET_MS / 1000} s: cases are too slow (see the other failures of this call)`);
        }
      });

      for (const [property, title] of PROPERTIES) {
        if (property === 'valid-entries' && name !== 'providers') continue;
        it(title, async function () {
          this.timeout(0);
          const failures = await report(name, property, exploration);
          if (failures) throw new Error(failures);
        });
      }
    });
  }
});
