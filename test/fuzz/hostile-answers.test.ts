/**
 * Property-based: a real `<provider-link>` against generated hostile answers to each of its five
 * calls (arbitraries.ts), served by the harness (harness.ts). Every property below must hold
 * after every answer. fast-check shrinks a failing case to a small one and prints the seed and
 * path that replay it: `FUZZ_SEED=… FUZZ_PATH=… npm run fuzz`.
 *
 * `npm test` runs CI_CASES cases with CI_SEED; `npm run fuzz` runs many more with a random seed
 * (FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH, read through the `fuzz-options` server command).
 */
import fc from 'fast-check';
import { executeServerCommand } from '@web/test-runner-commands';
import { renderedVocabulary } from '../support/state-gallery.js';
import { hostileCase } from './arbitraries.js';
import type { CallName, HostileCase, Turn } from './arbitraries.js';
import { describeCase, fillEchoes, giveBackPage, log, runCase, summarize, takeOverPage, VALID_SHOWN } from './harness.js';
import type { Outcome } from './harness.js';

/** About 10 000 answers: a case answers its call 2.4 times on average. */
const CI_CASES = 4_200;
const CI_SEED = 20_250_607;
/**
 * In CI the cases must run within this, shrinking included: 9 600 answers took 131 s on this
 * two-core machine beside several other test runs. A run that stops short fails for it.
 */
const CI_BUDGET_MS = 180_000;
/**
 * The longest main-thread task a case may cause. What it guards against is a freeze (a step worse
 * than linear in a hostile answer), which takes seconds; speed itself is `npm run bench`'s. The
 * largest valid case, 20 000 providers, measured 203–232 ms on this two-core machine while another
 * build ran beside the tests, so 200 ms failed CI for load alone.
 */
const LONG_TASK_MS = 300;

const asked = (await executeServerCommand<{ runs: number | null; seed: number | null; path: string | null }, undefined>('fuzz-options')) ?? { runs: null, seed: null, path: null };
const LONG_RUN = asked.runs !== null;
const RUNS = asked.runs ?? CI_CASES;
const SEED = asked.seed ?? CI_SEED;
/** Every element and attribute name the templates can render (the state gallery, rendered). */
const vocabulary = await renderedVocabulary();

interface Property {
  says: string;
  /** `shownBefore`: what earlier answers in the same flow gave the widget to show, which it may still show. */
  /** Load on the machine can make any case slow once: these count when the same case fails again. */
  timing?: boolean;
  violations(outcome: Outcome, turn: Turn, shownBefore: Set<string>): string[];
}

const PROPERTIES: Property[] = [
  {
    says: 'the flow reaches the call under test through valid answers (the harness works)',
    violations: ({ stopped }) => (stopped?.why === 'not reached' ? [stopped.detail] : []),
  },
  {
    says: 'the case ends in time, and no script runs until the watchdog stops it',
    timing: true,
    violations: ({ stopped }) => (stopped && stopped.why !== 'not reached' ? [`${stopped.why}: ${stopped.detail}`] : []),
  },
  {
    says: `no main-thread task over ${LONG_TASK_MS} ms`,
    timing: true,
    violations: ({ longestTaskMs }) => (longestTaskMs > LONG_TASK_MS ? [`a task of ${Math.round(longestTaskMs)} ms`] : []),
  },
  {
    says: 'no uncaught error and no unhandled rejection',
    violations: ({ errors }) => errors,
  },
  {
    says: 'after the answer, a screen with a way on: never blank, never a spinner that waits on',
    violations: (o) => (o.unsettled ? [`${o.unsettled}; heading "${o.heading}"; requests after the answer: ${o.unexpectedRequests.join(', ') || 'none'}`] : []),
  },
  {
    says: 'no raw JSON or HTML from the answer in the visible text',
    violations: plainTextViolations,
  },
  {
    says: 'no element, attribute or script from the answer in the widget or the page',
    violations: (o) => [
      ...o.elements.flatMap(({ tag, classes, attributes }) => [
        ...(vocabulary.tags.has(tag) ? [] : [`a <${tag}> element the templates never render: ${summarize(attributes)}`]),
        // A list row's logo has no src until its row is in sight (src/views/near-screen-src.ts): it fetches nothing yet.
        ...(tag === 'img' && !(classes.includes('logo') && isHttp(attributes.find((a) => a.name === 'src')?.value ?? 'https://unfetched.invalid/')) ? [`an <img> that is not an http(s) logo: ${summarize(attributes)}`] : []),
        ...attributes.flatMap(({ name, value }) => [
          ...(vocabulary.attributes.has(name) ? [] : [`an attribute the templates never render: ${name}=${summarize(value)}`]),
          ...(/^(src|href|action|formaction)$/.test(name) && !isHttp(value) ? [`a ${schemeOf(value)} URL in ${name}: ${summarize(value)}`] : []),
        ]),
      ]),
      ...(o.lightDom ? [`elements in the light DOM: ${summarize(o.lightDom.slice(0, 200))}`] : []),
      ...(o.elementsAddedToPage ? [`${o.elementsAddedToPage} element(s) added to the page`] : []),
      ...(o.scriptRan ? ['a script from the answer ran'] : []),
    ],
  },
  {
    says: 'only http(s) URLs opened or handed to the page, and the page does not navigate',
    violations: (o) => [
      ...o.opened.filter((url) => url !== 'about:blank' && !isHttp(url)).map((url) => `window.open with a ${schemeOf(url)} URL: ${summarize(url)}`),
      ...o.popupLocations.filter((url) => !isHttp(url)).map((url) => `the popup sent to a ${schemeOf(url)} URL: ${summarize(url)}`),
      // Leaving for an http(s) address is `auto` mode's redirect when a popup is refused (stopped
      // by the harness, so the page stays); any other scheme must never be navigated to.
      ...o.navigations.filter((url) => !/^https?:/i.test(url)).map((url) => `the page navigated to ${summarize(url)}`),
      ...(o.pageUrlAfter !== o.pageUrlBefore ? [`the page URL changed to ${summarize(o.pageUrlAfter)}`] : []),
      ...o.events
        .map(({ type, detail }) => (type === 'link-success' ? (detail as { redirectUrl?: unknown }).redirectUrl : null))
        .filter((url) => url != null && !(typeof url === 'string' && isHttp(url)))
        .map((url) => `link-success hands the page ${summarize(url)} as redirectUrl`),
    ],
  },
  {
    says: 'no token, username, password, code or email in an event, console line, URL or storage',
    violations: (o) => {
      const channels: [string, string][] = [
        // The detail's strings as read, and as JSON writes them (a leaked quote is escaped there).
        ...o.events.map(({ type, detail }): [string, string] => [type, [JSON.stringify(detail), ...Object.values(detail as object).filter((v) => typeof v === 'string')].join('\n')]),
        ...o.console.map((line): [string, string] => [line.split(':')[0] ?? 'console', line]),
        ['a request URL', o.requestUrls.join('\n')],
        ['a window.open URL', o.opened.join('\n')],
        ['the popup URL', o.popupLocations.join('\n')],
        ['the page URL', o.pageUrlAfter],
        ['storage', o.storage],
      ];
      return o.typed.flatMap((name) =>
        channels.flatMap(([channel, text]) => {
          const at = text.indexOf(o.secrets[name]);
          return at < 0 ? [] : [`the ${name} in ${channel}: ${summarize(text.slice(Math.max(0, at - 80), at + 80))}`];
        }),
      );
    },
  },
  {
    says: 'every valid provider of a list that mixes valid and malformed entries is offered',
    violations: (o, turn) => {
      // A name is shown cut to 120 characters and trimmed; one with nothing left cannot name a
      // button, so the widget drops that entry as malformed.
      // An echo filled in can also make a slug too long to send (over 200 characters): malformed too.
      const valid = (turn.validProviders ?? [])
        .filter(({ slug }) => fillEchoes(slug, o.secrets).length <= 200)
        .map(({ name }) => fillEchoes(name, o.secrets).slice(0, 120).trim())
        .filter(Boolean);
      if (valid.length === 0 || o.stopped) return [];
      if (o.providerNames.length === 0) return [`the valid providers are not listed (heading "${o.heading}")`];
      const listed = [...o.providerNames];
      const missing = valid.filter((name) => {
        const at = listed.indexOf(name);
        if (at >= 0) listed.splice(at, 1);
        return at < 0;
      });
      return missing.length ? [`valid providers missing from the list: ${missing.map((name) => summarize(name)).join(', ')}`] : [];
    },
  },
];

/** The answer's strings the widget is meant to show (names, descriptions, an MFA hint), and the rest. */
const SHOWN_FIELDS = new Set(['name', 'description', 'hint']);

/** The strings of an answer the widget is meant to show, and the others. */
function answerStrings(served: string): { shown: string[]; other: string[] } {
  const shown: string[] = [];
  const other: string[] = [];
  try {
    const stack: [unknown, string][] = [[JSON.parse(served), '']];
    for (let visited = 0; stack.length && visited < 5_000; visited++) {
      const [value, key] = stack.pop() as [unknown, string];
      if (typeof value === 'string') (SHOWN_FIELDS.has(key) ? shown : other).push(value);
      else if (Array.isArray(value)) for (const item of value) stack.push([item, key]);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stack.push([v, k]);
    }
  } catch {
    other.push(served.trim().slice(0, 60));
  }
  return { shown, other };
}

function plainTextViolations(o: Outcome, _: Turn, shownBefore: Set<string>): string[] {
  const { shown, other } = answerStrings(o.served);
  // What the user typed may be shown back (the address an invitation went to), echoed or not.
  const typed = new Set(Object.values(o.secrets));
  // Cut to size (names 120 characters, descriptions 300, hints 100) and trimmed, or whole.
  const asShown = (value: string) => [value, ...[100, 120, 300].flatMap((length) => [value.slice(0, length), value.slice(0, length).trim()])];
  let text = o.visibleText;
  for (const value of [...VALID_SHOWN, ...shownBefore, ...shown].flatMap(asShown).filter(Boolean).sort((a, b) => b.length - a.length)) text = text.replaceAll(value, ' ');
  const excerpt = (at: number) => summarize(text.slice(Math.max(0, at - 40), at + 80));
  const markup = /<[a-zA-Z!/][^<>]{0,40}>?/.exec(text);
  const json = /\{\s*"|"\s*:\s*["{[\dntf]|\[\s*[{["]/.exec(text);
  const leaked = other.map((s) => s.trim()).find((s) => s.length >= 12 && !typed.has(s) && text.includes(s));
  return [
    ...(markup ? [`HTML shown as text: ${excerpt(markup.index)}`] : []),
    ...(json ? [`JSON shown as text: ${excerpt(json.index)}`] : []),
    ...(leaked ? [`text from the answer shown outside "Technical details": ${summarize(leaked)}`] : []),
  ];
}

const isHttp = (url: string) => ['http:', 'https:'].includes(schemeOf(url));

/** `javascript:`, `data:`… as the browser reads the URL; 'relative' when it is not absolute. */
function schemeOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return 'relative';
  }
}

function judge(test: HostileCase, outcomes: Outcome[]) {
  let shownBefore = new Set<string>();
  return outcomes.flatMap((outcome, i) => {
    if (outcome.fresh) shownBefore = new Set();
    const turn = test.turns[i] as Turn;
    const failures = PROPERTIES.flatMap((property) => property.violations(outcome, turn, shownBefore).map((violation) => ({ property, violation: `answer ${i + 1}: ${violation}` })));
    for (const value of answerStrings(outcome.served).shown) shownBefore.add(value);
    return failures;
  });
}

/** Per call: how many answers were served, and how long each case took per answer. */
const msPerAnswer: Record<CallName, number[]> = { providers: [], oauth: [], password: [], complete_mfa: [], email: [] };

async function holdsFor(test: HostileCase): Promise<void> {
  const started = performance.now();
  let failures = judge(test, await runCase(test));
  msPerAnswer[test.call].push(...test.turns.map(() => (performance.now() - started) / test.turns.length));
  if (failures.length > 0 && failures.every(({ property }) => property.timing)) {
    const again = judge(test, await runCase(test));
    log(`hostile answers: "${failures[0]?.violation}" once, ${again.length ? 'again' : 'not again'} on replay${again.length ? '' : ': not counted'} (case took ${Math.round(performance.now() - started)} ms)\n${describeCase(test)}`);
    failures = again;
  }
  if (failures.length > 0) throw new Error(failures.map(({ property, violation }) => `${property.says}: ${violation}`).join('\n'));
}

describe(`<provider-link> against hostile answers (fast-check, ${RUNS} cases, seed ${SEED}${LONG_RUN ? ', long run' : ''})`, () => {
  before(takeOverPage);
  after(giveBackPage);

  it(`keeps every property after every answer:\n${PROPERTIES.map(({ says }) => `  - ${says}`).join('\n')}`, async function () {
    this.timeout(0);
    const started = performance.now();
    const details = await fc.check(fc.asyncProperty(hostileCase, holdsFor), {
      seed: SEED,
      numRuns: RUNS,
      ...(asked.path === null ? {} : { path: asked.path }),
      plugins: LONG_RUN ? [] : [fc.interruptAfterTimeLimit(CI_BUDGET_MS)],
    });
    const answers = Object.values(msPerAnswer).flat().length;
    const stats = Object.entries(msPerAnswer).map(([call, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return `${call} ${sorted.length} (median ${(sorted[sorted.length >> 1] ?? 0).toFixed(1)} ms, p99 ${(sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(1)} ms)`;
    });
    log(`hostile answers: ${details.numRuns} cases, ${answers} answers in ${((performance.now() - started) / 1000).toFixed(1)} s; answers per call, and time per answer: ${stats.join('; ')}`);
    if (!details.failed) {
      if (details.numRuns < RUNS && asked.path === null) throw new Error(`only ${details.numRuns} of ${RUNS} cases ran within ${CI_BUDGET_MS / 1000} s: cases are too slow`);
      return;
    }
    // fast-check's time-limit plugin is typed for any property, which widens the counterexample to unknown.
    const [test] = details.counterexample as [HostileCase];
    throw new Error(
      [
        `after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s)${details.interrupted ? ' (shrinking stopped at the time limit)' : ''}:`,
        describeCase(test),
        String((details.errorInstance as Error)?.message ?? details.errorInstance),
        `replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npm run fuzz`,
      ].join('\n'),
    );
  });
});
