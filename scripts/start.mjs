#!/usr/bin/env node
// `npm start`: installs the dependencies when they are missing or older than the lockfile
// (scripts/install.mjs: `npm ci`, which never rewrites package-lock.json), builds when anything the
// build reads changed since the last build (scripts/build-state.mjs), and then serves the demo in
// this same process, so that stopping `npm start` in any way (Ctrl+C, `kill` of npm, a closed
// terminal) stops the server with it (demo/serve.mjs, runDemo). A built tree serves within a
// second or two; a cold clone takes about a minute (install, then a 20-second build). Each step
// says what it is doing and, while it runs, how long it has been at it; a step's own output is
// shown only when it fails.
import { spawn } from 'node:child_process';
import { buildReason } from './build-state.mjs';
import { INSTALL, installReason } from './install.mjs';

const reason = installReason();
console.log(reason ? `Dependencies: ${reason}, so they are installed first.` : 'Dependencies: in place (node_modules is newer than package-lock.json).');
const stale = buildReason();
console.log(stale ? `Build: ${stale}, so the widget is built.` : 'Build: current (nothing it is built from changed since the last build).');
const STEPS = [...(reason ? [['installing dependencies', INSTALL]] : []), ...(stale ? [['building the widget', ['run', 'build']]] : [])];
const TICK_MS = 15_000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
let step = null;

// Reparented (to init or a subreaper): whatever started this is gone, and took the terminal with
// it; stop here rather than build and serve for nobody (runDemo watches the same once it serves).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent) return;
  step?.kill();
  process.exit(1);
}, 1000).unref();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

for (const [index, [what, args]] of STEPS.entries()) {
  const label = `[${index + 1}/${STEPS.length + 1}] ${what} (npm ${args.join(' ')})`;
  console.log(`${label}…`);
  const stepStarted = Date.now();
  const tick = setInterval(() => console.log(`      still ${what}, ${seconds(stepStarted)}`), TICK_MS);
  const { code, output } = await run(npm, args);
  clearInterval(tick);
  if (code !== 0) {
    process.stderr.write(output);
    console.error(`npm start: ${what} failed (npm ${args.join(' ')}, exit code ${code}); its output is above.`);
    // npm ci refuses a package.json whose dependencies the lockfile does not match.
    if (args === INSTALL) console.error('If you changed the dependencies in package.json, run `npm install` once to update package-lock.json.');
    process.exit(code ?? 1);
  }
  console.log(`      done in ${seconds(stepStarted)}`);
}

console.log(`[${STEPS.length + 1}/${STEPS.length + 1}] starting the demo server (ready ${seconds(started)} after npm start)`);
// Imported only now: its dependencies are installed by the first step.
const { runDemo } = await import('../demo/serve.mjs');
await runDemo();

/** Runs a step with its output kept (both streams, in order) for when it fails. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = (step = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Stopped while a step runs: the step stops too.
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.on('close', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
      step = null;
      if (signal) process.exit(1);
      resolve({ code, output });
    });
  });
}
