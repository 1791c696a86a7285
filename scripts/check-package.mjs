#!/usr/bin/env node
// What a partner installs, checked from the tarball `npm pack` would publish (its prepack builds when dist/ is not current):
// licensed and public, the documents the README leads to (link by link) inside, every source map usable without
// our repository (each source's text embedded), every export's files present, every command's modules
// present and its packages dependencies. Then publint and
// arethetypeswrong on the same package; exits non-zero on any finding.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPicture, relativeLinks } from './doc-links.mjs';

const problems = [];
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
const shipped = new Set(packed.files.map((file) => file.path));

if (pkg.private) problems.push('package.json says "private"');
if (pkg.license !== 'MIT') problems.push(`license is ${pkg.license}, not MIT`);
if (!pkg.name.startsWith('@')) problems.push(`${pkg.name} is not a scoped name`);
for (const field of ['repository', 'homepage', 'bugs', 'keywords']) if (!pkg[field]) problems.push(`package.json has no ${field}`);
for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md', 'docs/host-bridge.md', 'custom-elements.json']) {
  if (!shipped.has(file)) problems.push(`${file} is not in the tarball`);
}
// The documents a reader reaches from the installed README, link by link (pictures are shown from
// the repository's home instead).
const reached = new Set(['README.md']);
const seen = new Set(reached);
for (const document of reached) {
  for (const { path } of relativeLinks(document)) {
    if (isPicture(path) || seen.has(path)) continue;
    seen.add(path);
    if (!shipped.has(path)) problems.push(`${path}, linked from ${document}, is not in the tarball`);
    else if (path.endsWith('.md')) reached.add(path);
  }
}

// Every file an export names, under every condition.
const targets = (value) => (typeof value === 'string' ? [value] : Object.values(value).flatMap(targets));
for (const [entry, value] of Object.entries(pkg.exports)) {
  for (const target of targets(value)) if (!shipped.has(target.replace(/^\.\//, ''))) problems.push(`exports["${entry}"] names ${target}, which is not in the tarball`);
}

// Every command, and all it imports, runs from the tarball beside the package's dependencies
// alone: each module it reaches is shipped, each package it names is a dependency. The fake
// (`provider-link-fake`) also reads the link API description, which is no import.
const reachedModules = new Set();
const pending = Object.entries(pkg.bin ?? {}).map(([command, target]) => ({ from: `bin["${command}"]`, file: join(target) }));
for (const { from, file } of pending) {
  if (reachedModules.has(file)) continue;
  reachedModules.add(file);
  if (!shipped.has(file)) {
    problems.push(`${from} needs ${file}, which is not in the tarball`);
    continue;
  }
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
    if (specifier.startsWith('.')) pending.push({ from: file, file: join(dirname(file), specifier) });
    else if (!specifier.startsWith('node:')) {
      const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
      if (!Object.hasOwn(pkg.dependencies ?? {}, name)) problems.push(`${file} imports ${specifier}, and ${name} is not a dependency`);
    }
  }
}
if (pkg.bin?.['provider-link-fake'] && !shipped.has('spec/link-api.openapi.json')) problems.push('spec/link-api.openapi.json, which provider-link-fake reads, is not in the tarball');

// A map whose sources are neither embedded nor shipped shows nothing in a consumer's debugger.
let maps = 0;
for (const file of shipped) {
  if (!file.endsWith('.map')) continue;
  maps++;
  const map = JSON.parse(readFileSync(file, 'utf8'));
  map.sources.forEach((source, index) => {
    if (typeof map.sourcesContent?.[index] !== 'string') problems.push(`${file}: no text for ${source}`);
  });
}
if (maps === 0) problems.push('no source maps in the tarball');

// The integrity hashes a partner copies must be those of the files shipped beside them.
if (!shipped.has('dist/sri.json')) problems.push('dist/sri.json is not in the tarball');
else {
  const hashes = JSON.parse(readFileSync('dist/sri.json', 'utf8'));
  for (const bundle of ['dist/provider-link.js', 'dist/provider-link.iife.js']) if (!hashes[bundle]) problems.push(`dist/sri.json has no hash for ${bundle}`);
  for (const [file, hash] of Object.entries(hashes)) {
    if (hash !== `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`) problems.push(`dist/sri.json: the hash of ${file} is not the file's`);
  }
}

const run = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'inherit' });
  } catch {
    problems.push(`${[command, ...args].join(' ')} failed`);
  }
};
run('npx', ['--no-install', 'publint', '--strict']);
// ESM only: no CommonJS or node10 resolution is offered, so those are not judged.
run('npx', ['--no-install', 'attw', '--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped']);

console.log(`tarball: ${packed.files.length} files, ${packed.size} B packed, ${packed.unpackedSize} B unpacked, ${maps} source maps`);
if (problems.length) {
  for (const problem of problems) console.error(`package: ${problem}`);
  process.exit(1);
}
console.log('package: clean');
