// `npm start`, `npm test` and `npm pack` build only when something the build reads changed since
// the last build (scripts/build-state.mjs); `npm start` on a built tree goes straight to serving.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildReason, STAMP } from '../../scripts/build-state.mjs';

const start = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));

/** A file at `path` in `root`, last changed at `at` (seconds). */
function file(root, path, at, text = '') {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  utimesSync(join(root, path), at, at);
}

/**
 * A checkout whose dependencies are installed and whose sources were last changed at `sourcesAt`,
 * built at `builtAt` unless null. Its `npm run build` is a stand-in that says it ran.
 */
function checkout({ sourcesAt, builtAt }) {
  const root = mkdtempSync(join(tmpdir(), 'provider-link-build-'));
  file(root, 'package.json', 1000, JSON.stringify({ scripts: { build: 'node -e "require(\'fs\').writeFileSync(\'built-by-npm-run-build\', \'\')"' } }));
  file(root, 'package-lock.json', 1000, '{}');
  file(root, 'node_modules/.package-lock.json', 1001, '{}');
  file(root, 'src/element/provider-link-element.ts', sourcesAt);
  file(root, 'bench/floor/floor-element.ts', 1000);
  if (builtAt !== null) file(root, STAMP, builtAt);
  return root;
}

test('a fresh clone (no dist/) builds', (t) => {
  const root = checkout({ sourcesAt: 1000, builtAt: null });
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(buildReason(root), 'dist/ has not been built');
});

test('a source changed since the last build builds again, and says which', (t) => {
  const root = checkout({ sourcesAt: 3000, builtAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(buildReason(root), `${join('src', 'element', 'provider-link-element.ts')} changed since the last build`);
});

test('a config changed since the last build builds again', (t) => {
  const root = checkout({ sourcesAt: 1000, builtAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  file(root, 'rollup.config.mjs', 3000);
  assert.equal(buildReason(root), 'rollup.config.mjs changed since the last build');
});

test('a build newer than everything it reads is current; the demo pages are not built', (t) => {
  const root = checkout({ sourcesAt: 1000, builtAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  file(root, 'demo/demo.js', 3000);
  assert.equal(buildReason(root), null);
});

/** Runs `npm start` (scripts/start.mjs) in `root` until it prints the demo's address; then stops it. */
async function startUntilServing(root) {
  const child = spawn(process.execPath, [start], { cwd: root, env: { ...process.env, PORT: '0' } });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  for await (const chunk of child.stdout) {
    output += chunk;
    if (/http:\/\/localhost:\d+\//.test(output)) break;
  }
  child.kill('SIGTERM');
  return output;
}

test('npm start on a built tree serves without building', async (t) => {
  const root = checkout({ sourcesAt: 1000, builtAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  const output = await startUntilServing(root);
  assert.match(output, /Build: current/);
  assert.doesNotMatch(output, /building the widget/);
  assert.equal(existsSync(join(root, 'built-by-npm-run-build')), false, 'npm run build did not run');
  assert.match(output, /http:\/\/localhost:\d+\/demo\//);
});

test('npm start on a changed tree builds first, saying why, then serves', async (t) => {
  const root = checkout({ sourcesAt: 3000, builtAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  const output = await startUntilServing(root);
  assert.match(output, /Build: src.element.provider-link-element\.ts changed since the last build/);
  assert.match(output, /building the widget \(npm run build\)/);
  assert.equal(existsSync(join(root, 'built-by-npm-run-build')), true, 'npm run build ran');
  assert.match(output, /http:\/\/localhost:\d+\/demo\//);
});
