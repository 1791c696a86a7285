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
 * `npm run <script>`: its output shown as it comes (`shown`) or kept and printed whole at its end.
 * Not `--silent`: npm then says when a script was ended by a signal, which would otherwise be a
 * bare exit code 1.
 */
function run(script, { shown }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', shown ? 'inherit' : 'pipe', shown ? 'inherit' : 'pipe'] });
    let output = '';
    if (!shown) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const line = `npm run ${script}: ${passed ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`} in ${seconds(started)}`;
      if (!shown) process.stdout.write(`\n── ${line} ──\n${output}${output.endsWith('\n') || !output ? '' : '\n'}── end of ${script} ──\n`);
      results.push({ script, passed, line });
      resolve(passed);
    });
  });
}

const started = Date.now();
for (const script of PREPARE) {
  if (!(await run(script, { shown: true }))) {
    console.error(`npm test: ${script} failed; nothing else can run without it.`);
    process.exit(1);
  }
}
await Promise.all([
  run('test:browsers', { shown: true }),
  (async () => {
    for (const script of BESIDE) await run(script, { shown: false });
  })(),
]);
await run('contract', { shown: true });

const failed = results.filter((result) => !result.passed);
console.log(`\nnpm test, ${seconds(started)}:\n${results.map((result) => `  ${result.line}`).join('\n')}`);
if (failed.length) {
  console.error(`npm test: ${failed.map((result) => result.script).join(', ')} failed.`);
  process.exit(1);
}
