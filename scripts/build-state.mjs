#!/usr/bin/env node
// Whether `dist/` is what the sources make now, as make would judge it: `npm run build` empties
// dist/ and marks its start there (`--begin`) and, once every step has passed, turns that mark into the stamp
// (`--stamp`, a rename, which keeps the start's time); the build is current while no file it reads
// is newer than the stamp, so a file saved while a build ran still counts as changed. `npm start`,
// `npm test` and `npm pack` (prepack) build only when it is not current, so a built tree serves at
// once and a fresh clone (no dist/, so no stamp) still builds. A build that fails leaves no stamp.
//
// The demo pages (demo/) are not built: they are served as they are, so editing them needs no
// build, only a reload.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = 'dist/.build-stamp';
const STARTED = 'dist/.build-started';

/** Everything `npm run build` reads: the sources, the floor, the configs and the build's scripts. */
export const BUILD_INPUTS = [
  'src',
  'bench/floor',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'rollup.config.mjs',
  'custom-elements-manifest.config.mjs',
  'scripts/source-lists.mjs',
  'scripts/framework-types.mjs',
  'scripts/sri.mjs',
];

/** The newest file under `path` (itself, if a file): `{ path, mtimeMs }`, or null when missing. */
function newest(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return null;
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  let found = null;
  for (const entry of readdirSync(path)) {
    const candidate = newest(join(path, entry));
    if (candidate && (!found || candidate.mtimeMs > found.mtimeMs)) found = candidate;
  }
  return found;
}

/** Why `dist/` in `root` needs building, or null when it is current. */
export function buildReason(root = '.') {
  const built = statSync(join(root, STAMP), { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) return 'dist/ has not been built';
  for (const input of BUILD_INPUTS) {
    const changed = newest(join(root, input));
    if (changed && changed.mtimeMs > built) return `${changed.path.slice(root === '.' ? 0 : root.length + 1)} changed since the last build`;
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--begin')) {
    rmSync('dist', { recursive: true, force: true });
    mkdirSync('dist');
    writeFileSync(STARTED, `${new Date().toISOString()}\n`);
  } else if (process.argv.includes('--stamp')) {
    renameSync(STARTED, STAMP);
  } else {
    // Everything on stderr: as `prepack`, stdout is `npm pack --json`'s answer.
    const reason = buildReason();
    if (reason === null) {
      console.error('build: dist/ is current (nothing it is built from changed since)');
    } else {
      console.error(`build: ${reason}, so npm run build`);
      const { status } = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { stdio: ['ignore', 2, 2] });
      process.exit(status ?? 1);
    }
  }
}
