#!/usr/bin/env node
// `npm test`: everything, in the order its parts need and side by side where they do not.
//
// 1. One after another, output shown as it comes: the install (`setup`), the build when it is not
//    current (`build:if-stale`), the test apps the browser tests load (`build:test-apps`).
// 2. The browser tests (`test:browsers`, every engine at once), output shown as it comes; beside
//    them, one after another, the checks that need no browser, each one's output shown whole when
//    it ends, so that the two never interleave mid-line. The browser tests wait for what they
//    check, never for a time, so sharing the cores with the checks slows them and fails none.
// 3. The contract check over the browser run's exchanges (`contract`).
// Every part runs even when an earlier one in its lane failed (but a failed install or build stops
// everything), then a summary says what failed; the exit code is 1 when anything did.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const PREPARE = ['setup', 'build:if-stale', 'build:test-apps'];
const BESIDE = ['typecheck', 'lint', 'size', 'check:package', 'check:manifest', 'test:types', 'test:node'];
const results = [];
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * `npm run <script>`: its output shown as it comes (`shown`) or kept and printed whole at its end;
 * resolves to `{ passed, output }` (the output is kept in both cases). Not `--silent`: npm then says
 * when a script was ended by a signal, which would otherwise be a bare exit code 1.
 */
function run(script, { shown }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const [stream, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (shown) to.write(chunk);
      });
    }
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const line = `npm run ${script}: ${passed ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`} in ${seconds(started)}`;
      if (!shown) process.stdout.write(`\n── ${line} ──\n${output}${output.endsWith('\n') || !output ? '' : '\n'}── end of ${script} ──\n`);
      results.push({ script, passed, line });
      resolve({ passed, output });
    });
  });
}

/** web-test-runner's last word on a run that it took to its end, passed or failed. */
const VERDICT = /Finished running tests in [\d.]+s/;

/**
 * The browser tests. A run that ends without web-test-runner's verdict did not fail a test: the
 * runner itself stopped mid-way (it happened on this 2-core machine about one run in four). Its
 * cause is not found yet: the runner's own last words were lost (it holds back console output
 * while its progress shows), and web-test-runner.config.mjs now writes them straight out. Such a
 * run is run again once, and says so; a run with a verdict, passed or failed, is never run again.
 */
async function browserTests() {
  const first = await run('test:browsers', { shown: true });
  if (first.passed || VERDICT.test(first.output)) return;
  console.error('\nnpm test: the browser run ended without a verdict (no "Finished running tests" line): the runner stopped, not a test. Running it again, once.\n');
  await run('test:browsers', { shown: true });
}

const started = Date.now();
for (const script of PREPARE) {
  if (!(await run(script, { shown: true })).passed) {
    console.error(`npm test: ${script} failed; nothing else can run without it.`);
    process.exit(1);
  }
}
await Promise.all([
  browserTests(),
  (async () => {
    for (const script of BESIDE) await run(script, { shown: false });
  })(),
]);
await run('contract', { shown: true });

// A browser run that was run again counts by its second run.
const last = new Map(results.map((result) => [result.script, result]));
const failed = [...last.values()].filter((result) => !result.passed);
console.log(`\nnpm test, ${seconds(started)}:\n${results.map((result) => `  ${result.line}`).join('\n')}`);
if (failed.length) {
  console.error(`npm test: ${failed.map((result) => result.script).join(', ')} failed.`);
  process.exit(1);
}
