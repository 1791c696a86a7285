#!/usr/bin/env node
// The dependencies, for `npm start` and `npm test` (the `setup` script): installed only when they
// are missing or older than package-lock.json, and then with `npm ci`, which installs exactly what
// the lockfile says and never rewrites it. `npm install` on every run could rewrite a contributor's
// lockfile (a newer npm, a looser range resolving anew), and took time on every start. A fresh
// clone still needs nothing else: no node_modules means an install. Whoever changes package.json's
// dependencies runs `npm install` once to update the lockfile, as with any npm project; until then
// `npm ci` refuses, saying that the two disagree.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Why the dependencies need installing in `root`, or null when they are in place. npm writes
 * node_modules/.package-lock.json at the end of every install, so a lockfile newer than it has
 * changed since (a pull, a branch switch).
 */
export function installReason(root = '.') {
  const modified = (path) => statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs;
  const installed = modified('node_modules/.package-lock.json');
  if (installed === undefined) return 'node_modules is missing';
  if ((modified('package-lock.json') ?? 0) > installed) return 'package-lock.json is newer than node_modules';
  return null;
}

export const INSTALL = ['ci', '--no-audit', '--no-fund'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = installReason();
  if (reason === null) {
    console.log('dependencies: in place (node_modules is newer than package-lock.json)');
  } else {
    console.log(`dependencies: ${reason}, so npm ${INSTALL.join(' ')}`);
    const { status } = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', INSTALL, { stdio: 'inherit' });
    process.exit(status ?? 1);
  }
}
