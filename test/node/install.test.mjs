// `npm start` and `npm test` install the dependencies only when they are missing or older than
// package-lock.json (scripts/install.mjs), with `npm ci`, so neither rewrites a contributor's lockfile.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { INSTALL, installReason } from '../../scripts/install.mjs';

/** A checkout with a lockfile, and an install made at `installedAt` (seconds) unless null. */
function checkout({ lockAt, installedAt }) {
  const root = mkdtempSync(join(tmpdir(), 'provider-link-install-'));
  writeFileSync(join(root, 'package-lock.json'), '{}');
  utimesSync(join(root, 'package-lock.json'), lockAt, lockAt);
  if (installedAt !== null) {
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}');
    utimesSync(join(root, 'node_modules/.package-lock.json'), installedAt, installedAt);
  }
  return root;
}

test('a fresh clone (no node_modules) installs', (t) => {
  const root = checkout({ lockAt: 1000, installedAt: null });
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(installReason(root), 'node_modules is missing');
});

test('a lockfile changed since the last install (a pull, a branch switch) installs again', (t) => {
  const root = checkout({ lockAt: 2000, installedAt: 1000 });
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(installReason(root), 'package-lock.json is newer than node_modules');
});

test('an install newer than the lockfile is left alone', (t) => {
  const root = checkout({ lockAt: 1000, installedAt: 2000 });
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(installReason(root), null);
});

test('the install is npm ci, which never rewrites package-lock.json', () => {
  assert.equal(INSTALL[0], 'ci');
});
