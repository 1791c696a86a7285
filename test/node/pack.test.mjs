// `npm pack` (and so `npm publish`) from a fresh clone ships the build: prepack builds when dist/
// is missing or older than its sources. The clone is this working tree's files as git sees them
// (tracked, or new and not ignored), with no dist/, sharing node_modules by a link.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';

const repository = resolve(import.meta.dirname, '../..');

test('npm pack in a fresh clone builds dist/ and ships it', (t) => {
  const clone = mkdtempSync(join(tmpdir(), 'provider-link-clone-'));
  t.after(() => rmSync(clone, { recursive: true, force: true }));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repository, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(repository, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(repository, file), join(clone, file));
  }
  symlinkSync(join(repository, 'node_modules'), join(clone, 'node_modules'), 'dir');
  assert.equal(existsSync(join(clone, 'dist')), false, 'the clone starts without dist/');

  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  const shipped = new Set(packed.files.map((file) => file.path));
  for (const file of ['dist/provider-link.js', 'dist/provider-link.iife.js', 'dist/link.html', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/types/vue.d.ts', 'dist/sri.json', 'dist/locales/fr.js', 'custom-elements.json']) {
    assert.ok(shipped.has(file), `${file} is in the tarball`);
  }
  assert.deepEqual([...shipped].filter((file) => file.includes('.build-')), [], 'the build stamp stays home');
});
