import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/dev-middleware.mjs';
import { firefoxLauncher, webkitLauncher } from './scripts/engines.mjs';
import { sharedConfig, startExchangeLog } from './scripts/test-server.mjs';

// Every browser test, in Chromium, Firefox ESR and WebKitGTK at the same time, against one test
// server (one fake service: each test picks out its own requests by token). CONTRIBUTING.md, "Test
// engines", says what runs where and why.
//
// `ENGINES=firefox,webkit` runs some engines only. Files named on the command line run alone, in
// Chromium unless ENGINES says otherwise: `npx web-test-runner test/element/oauth.test.ts`,
// `ENGINES=chromium,firefox,webkit npx web-test-runner test/element/oauth.test.ts`.
startExchangeLog();

/**
 * A run that stops before its verdict says why. On this 2-core machine the runner has ended about
 * one run in four, about 200 s in and beside the checks `npm test` runs next to it, with exit code
 * 1 and not a line of output (not a signal: npm then exits 128 + its number). The runner holds
 * back what is written with `console` while its progress shows, and prints it with the next
 * update of the progress: a runner that stops and exits at once loses its own last words (an
 * uncaught error, "Error while running tests"). So, written straight to the error stream while
 * test files are unfinished: every uncaught error, the runner's stop and what it was given, and a
 * `process.exit` with a code, each with where it came from. (`@web/test-runner-core` resolves
 * from here to the copy web-test-runner itself loads: it has no copy of its own.)
 */
const { TestRunner, SESSION_STATUS } = createRequire(import.meta.url)('@web/test-runner-core');
const runners = new Set();
const unfinished = () => [...runners].flatMap((runner) => [...runner.sessions.all()]).filter((session) => session.status !== SESSION_STATUS.FINISHED).length;
const lastWords = (text) => {
  try {
    if (unfinished()) writeSync(2, `\nweb-test-runner, ${unfinished()} test files unfinished: ${text}\n`);
  } catch {
    // A diagnostic must never stand in the way of the stop or the exit it reports.
  }
};
const { start: startRunner, stop: stopRunner } = TestRunner.prototype;
TestRunner.prototype.start = function (...args) {
  runners.add(this);
  return startRunner.apply(this, args);
};
TestRunner.prototype.stop = function (error) {
  if (!this.stopped) lastWords(`stopped (${error === undefined ? 'given no error' : (error?.stack ?? String(error))}), from:\n${new Error().stack}`);
  return stopRunner.call(this, error);
};
// A monitor only watches: Node's own handling of an uncaught error stays as it was.
process.on('uncaughtExceptionMonitor', (error) => lastWords(`uncaught ${error?.stack ?? error}`));
const exitProcess = process.exit;
process.exit = function (code) {
  if (code) lastWords(`process.exit(${code}), from:\n${new Error().stack}`);
  return exitProcess.call(process, code);
};

/**
 * What Firefox and WebKit leave out, each for a reason (CONTRIBUTING.md, "Test engines"):
 * - test/fuzz/: 4 800 generated answers; the widget code they reach is the same in every engine,
 *   and Chromium runs them.
 * - test/hosted-page/link-page.test.ts: plays a native app by injecting a script into a frame before the
 *   frame's own scripts run (scripts/host-simulation.mjs), a DevTools Protocol command.
 */
const CHROMIUM_ONLY = ['test/fuzz/', 'test/hosted-page/link-page.test.ts'];

/** The test files named on the command line (web-test-runner's own argument), if any. */
const named = process.argv.slice(2).filter((argument) => !argument.startsWith('-') && argument.endsWith('.test.ts'));
// The fuzz test first: the longest file, so it runs beside all the others instead of after them.
const everyFile = ['test/fuzz/**/*.test.ts', 'test/**/*.test.ts'];
const engines = (process.env.ENGINES || (named.length ? 'chromium' : 'chromium,firefox,webkit')).split(',');
const filesOf = (engine) =>
  engine === 'chromium'
    ? named.length ? named : everyFile
    : named.length ? named.filter((file) => !CHROMIUM_ONLY.some((left) => file.startsWith(left))) : [...everyFile, ...CHROMIUM_ONLY.map((left) => `!${left}${left.endsWith('/') ? '**' : ''}`)];

/**
 * Chromium runs several files at once, each page in a browser context of its own (its own window,
 * storage and popups) with focus emulated, so every page has the keyboard focus, animation frames
 * and a visible document, as the one page a person uses would: a page in a background tab gets no
 * frames and no focus. `TEST_PAGES` sets how many (1 runs one file at a time).
 */
const chromium = chromeLauncher({
  concurrency: Number(process.env.TEST_PAGES || 4),
  launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
  async createPage({ browser }) {
    const page = await (await browser.createBrowserContext()).newPage();
    await (await page.createCDPSession()).send('Emulation.setFocusEmulationEnabled', { enabled: true });
    return page;
  },
});

// Firefox and WebKit run one file at a time, each beside Chromium: Firefox sends keys to and opens
// popups from the page in front only, and WebKit's WebDriver launcher would run files in frames of
// one page.
const launchers = { chromium: async () => chromium, firefox: async () => firefoxLauncher(), webkit: webkitLauncher };
const [first, ...others] = Object.keys(launchers).filter((engine) => engines.includes(engine) && filesOf(engine).length > 0);
if (!first) throw new Error(`ENGINES=${process.env.ENGINES}: no engine to run (chromium, firefox, webkit)`);

export default {
  ...sharedConfig,
  concurrentBrowsers: 3,
  // The first engine is the root (its files are the ones named on the command line, if any); the
  // others are groups (`--group webkit` runs one of them alone).
  files: filesOf(first),
  browsers: [await launchers[first]()],
  groups: await Promise.all(others.map(async (engine) => ({ name: engine, files: filesOf(engine), browsers: [await launchers[engine]()] }))),
  // `npm run fuzz` runs the hostile-answers test for as long as its many cases take.
  testsFinishTimeout: process.env.FUZZ_RUNS ? 24 * 3600 * 1000 : 600000,
};
