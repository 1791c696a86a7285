// `npm pack` (and so `npm publish`) from a fresh clone ships the build: prepack builds when dist/
// is missing or older than its sources. The clone here is this package.json with the build's
// state script, and a stand-in for `npm run build` (the real one takes 20 s and is checked by
// everything else); the tarball `npm pack` would make must hold what the build wrote.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const repository = resolve(import.meta.dirname, '../..');

test('npm pack in a fresh clone builds dist/ and ships it, without the build stamp', (t) => {
  const clone = mkdtempSync(join(tmpdir(), 'provider-link-clone-'));
  t.after(() => rmSync(clone, { recursive: true, force: true }));
  const pkg = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'));
  const real = pkg.scripts.build.split(' && ');
  assert.deepEqual([real[0], real.at(-1)], ['node scripts/build-state.mjs --begin', 'node scripts/build-state.mjs --stamp'], 'the build starts and ends with its state');
  pkg.scripts.build = [real[0], `node -e "require('fs').writeFileSync('dist/provider-link.js', '')"`, real.at(-1)].join(' && ');
  writeFileSync(join(clone, 'package.json'), JSON.stringify(pkg));
  mkdirSync(join(clone, 'scripts'));
  cpSync(join(repository, 'scripts/build-state.mjs'), join(clone, 'scripts/build-state.mjs'));
  assert.equal(existsSync(join(clone, 'dist')), false, 'the clone starts without dist/');

  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  const shipped = packed.files.map((file) => file.path);
  assert.ok(shipped.includes('dist/provider-link.js'), `what the build wrote is in the tarball: ${shipped.join(', ')}`);
  assert.deepEqual(shipped.filter((file) => file.includes('.build-')), [], 'the build stamp stays home');
});
