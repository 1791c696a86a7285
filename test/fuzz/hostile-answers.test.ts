/**
 * Property-based: a real `<provider-link>` against generated hostile answers to each of its five
 * calls (arbitraries.ts), served by the harness (harness.ts). Every property below must hold
 * after every answer. fast-check shrinks a failing case to a small one and prints the seed and
 * path that replay it: `FUZZ_SEED=… FUZZ_PATH=… npm run fuzz`.
 *
 * `npm test` runs CI_CASES cases with CI_SEED; `npm run fuzz` runs many more with a random seed
 * (FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH, read through the `fuzz-options` server command). Every case
 * runs, however long it takes: a count decides, never the clock. How long cases and tasks took is
 * printed as information; speed is `npm run bench`'s.
 */
import fc from 'fast-check';
import { executeServerCommand } from '@web/test-runner-commands';
import { renderedVocabulary } from '../support/state-gallery.js';
import { hostileCase } from './arbitraries.js';
import type { CallName, HostileCase, Turn } from './arbitraries.js';
import { describeCase, fillEchoes, giveBackPage, log, runCase, summarize, takeOverPage, VALID_SHOWN } from './harness.js';
import type { Outcome } from './harness.js';

/**
 * About 4 800 answers: a case answers its call 2.4 times on average. The fixed seed makes these the
 * same cases in every run, a regression check that costs about a minute of one core beside the other
 * engines; the search for new failures is `npm run fuzz`'s, with 80 000 cases and a random seed.
 */
const CI_CASES = 2_000;
const CI_SEED = 20_250_607;

const asked = (await executeServerCommand<{ runs: number | null; seed: number | null; path: string | null }, undefined>('fuzz-options')) ?? { runs: null, seed: null, path: null };
const LONG_RUN = asked.runs !== null;
const RUNS = asked.runs ?? CI_CASES;
const SEED = asked.seed ?? CI_SEED;
/** Every element and attribute name the templates can render (the state gallery, rendered). */
const vocabulary = await renderedVocabulary();

interface Property {
  says: string;
  /** `shownBefore`: what earlier answers in the same flow gave the widget to show, which it may still show. */
  violations(outcome: Outcome, turn: Turn, shownBefore: Set<string>): string[];
}

const PROPERTIES: Property[] = [
  {
    says: 'the flow reaches the call under test through valid answers (the harness works)',
    violations: ({ notReached }) => (notReached ? [notReached] : []),
  },
  {
    says: 'no uncaught error and no unhandled rejection',
    violations: ({ errors }) => errors,
  },
  {
    says: 'after the answer, a screen with a way on: never blank, never a spinner that waits on',
    violations: (o) =>
      o.unsettled
        ? [`${o.unsettled}, with nothing left to wait for (answers read, no timer pending); heading "${o.heading}"; requests after the answer, never answered: ${o.unexpectedRequests.join(', ') || 'none'}`]
        : [],
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
      if (valid.length === 0 || o.notReached) return [];
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

/** Per call: how long each case took per answer. Information for the log, never a verdict. */
const msPerAnswer: Record<CallName, number[]> = { providers: [], oauth: [], password: [], complete_mfa: [], email: [] };
const longestTask = { ms: 0, test: null as HostileCase | null };
let casesStarted = 0;
let failedOnce = false;

async function holdsFor(test: HostileCase): Promise<void> {
  casesStarted++;
  // For the watchdog (scripts/fuzz-commands.mjs), which reads the title when a task never ends.
  document.title = `hostile answers: case ${casesStarted}${failedOnce || asked.path !== null ? ' (shrinking or replaying)' : `, replay with FUZZ_SEED=${SEED} FUZZ_PATH=${casesStarted - 1} npm run fuzz`}`;
  const started = performance.now();
  const outcomes = await runCase(test);
  msPerAnswer[test.call].push(...test.turns.map(() => (performance.now() - started) / test.turns.length));
  for (const { longestTaskMs } of outcomes) if (longestTaskMs > longestTask.ms) Object.assign(longestTask, { ms: longestTaskMs, test });
  const failures = judge(test, outcomes);
  if (failures.length > 0) {
    failedOnce = true;
    throw new Error(failures.map(({ property, violation }) => `${property.says}: ${violation}`).join('\n'));
  }
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
    });
    const answers = Object.values(msPerAnswer).flat().length;
    const stats = Object.entries(msPerAnswer).map(([call, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return `${call} ${sorted.length} (median ${(sorted[sorted.length >> 1] ?? 0).toFixed(1)} ms, p99 ${(sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(1)} ms)`;
    });
    log(
      [
        `hostile answers: ${details.numRuns} of ${RUNS} cases ran (seed ${SEED}${asked.path === null ? '' : `, path ${asked.path}`}), ${answers} answers${details.failed ? ', shrinking included' : ''}.`,
        `  Information only, no verdict: ${((performance.now() - started) / 1000).toFixed(1)} s; answers per call, and time per answer: ${stats.join('; ')};`,
        longestTask.test ? `  longest main-thread task ${Math.round(longestTask.ms)} ms, in ${describeCase(longestTask.test).split('\n')[0]?.replace(/:$/, '')}.` : '  no main-thread task over 50 ms.',
      ].join('\n'),
    );
    if (!details.failed) {
      // A count decides: fast-check runs every case unless one fails (or a path replays one).
      if (details.numRuns !== RUNS && asked.path === null) throw new Error(`${details.numRuns} of ${RUNS} cases ran`);
      return;
    }
    const [test] = details.counterexample ?? [];
    if (!test) throw new Error(`after ${details.numRuns} case(s): ${String(details.errorInstance)}`);
    throw new Error(
      [
        `after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s):`,
        describeCase(test),
        String((details.errorInstance as Error)?.message ?? details.errorInstance),
        `replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npm run fuzz`,
      ].join('\n'),
    );
  });
});
