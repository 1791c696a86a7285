// What a partner installs: licensed, under a scoped name, and with source maps that work in their
// tools (the maps carry the sources, since src/ is not in the tarball). Runs after the build.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('the package is MIT-licensed, publishable, and scoped (an unscoped name invites confusion)', () => {
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.private, undefined);
  assert.match(pkg.name, /^@[a-z0-9-]+\/[a-z0-9-]+$/);
  assert.match(readFileSync('LICENSE', 'utf8'), /^MIT License/);
});

test('the tarball holds the licence, the host-bridge contract the README links to, and maps that carry their sources', () => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const files = packed.files.map((file) => file.path);
  for (const wanted of ['LICENSE', 'docs/host-bridge.md', 'dist/provider-link.js', 'dist/provider-link.iife.js', 'dist/lib/index.js', 'custom-elements.json']) {
    assert.ok(files.includes(wanted), `${wanted} is in the tarball`);
  }
  assert.ok(!files.some((file) => file.startsWith('src/')), 'src/ is not shipped');
  const maps = files.filter((file) => file.endsWith('.js.map'));
  assert.ok(maps.length > 10);
  for (const map of maps) {
    const { sources, sourcesContent } = JSON.parse(readFileSync(map, 'utf8'));
    assert.equal(sourcesContent?.length, sources.length, `${map} carries its sources`);
  }
});

test('a TypeScript app type-checks against the package by its name: the entry (with openLinkModal), /define, /bundle and /iife', () => {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/package/tsconfig.json'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    assert.fail(`test/package/consumer.ts does not type-check:\n${error.stdout}${error.stderr}`);
  }
});
