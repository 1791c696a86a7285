#!/usr/bin/env node
// The consumer smoke test (after `npm run build`): the tarball `npm pack` makes, installed into a
// fresh app folder as node_modules/@provider-link/widget, beside this repository's other packages
// (linked, so nothing is downloaded). There, test/package/consumer/ type-checks against it (the npm
// entry, /bundle, /define, /iife, /react, /jsx, /vue, the README's React quick start; App.vue and
// docs/frameworks.md's Vue component with vue-tsc, its Svelte one with svelte-check) and every
// entry with JavaScript imports in Node. Nothing in the app can reach src/: only what the tarball holds.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { quickStartBlock } from './quick-starts.mjs';

const repo = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const app = mkdtempSync(join(tmpdir(), 'provider-link-consumer-'));
try {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', app], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const installed = join(app, 'node_modules', ...pkg.name.split('/'));
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(app, packed.filename), '-C', installed, '--strip-components=1']);

  // The app's other dependencies: this repository's, by link (scoped packages one by one, so the
  // scope of our own package stays the tarball's).
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(join(repo, 'node_modules', entry))) {
        if (`${entry}/${scoped}` === pkg.name) continue;
        mkdirSync(join(app, 'node_modules', entry), { recursive: true });
        symlinkSync(join(repo, 'node_modules', entry, scoped), join(app, 'node_modules', entry, scoped));
      }
    } else symlinkSync(join(repo, 'node_modules', entry), join(app, 'node_modules', entry));
  }

  cpSync('test/package/consumer', join(app, 'src'), { recursive: true });
  // The Vue and Svelte components of docs/frameworks.md, as they are written there.
  const frameworks = readFileSync('docs/frameworks.md', 'utf8');
  for (const [language, file] of [['vue', 'FrameworksDoc.vue'], ['svelte', 'FrameworksDoc.svelte']]) {
    writeFileSync(join(app, 'src', file), new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(frameworks)[1]);
  }
  // The README's React quick start, as a partner's src/main.tsx (its tsconfig.json lists it).
  writeFileSync(join(app, 'src', 'quick-start-react.tsx'), quickStartBlock('react'));
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'src/tsconfig.json')], { stdio: 'inherit' });
  // A Vue single-file component, as vue-tsc checks it: events typed, settings by property name.
  execFileSync(process.execPath, [join(repo, 'node_modules/vue-tsc/bin/vue-tsc.js'), '-p', join(app, 'src/tsconfig.vue.json')], { stdio: 'inherit' });
  // docs/frameworks.md's Svelte component, as svelte-check sees it (no Svelte typings are shipped:
  // this checks that the snippet is sound as written).
  // It narrates a passing run too: its report is shown when it fails.
  const svelteCheck = [join(repo, 'node_modules/svelte-check/bin/svelte-check'), '--workspace', join(app, 'src'), '--tsconfig', join(app, 'src/tsconfig.svelte.json'), '--fail-on-warnings', '--output', 'machine'];
  try {
    execFileSync(process.execPath, svelteCheck, { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    process.stderr.write(`${error.stdout}${error.stderr}`);
    throw new Error("svelte-check found problems in docs/frameworks.md's Svelte component", { cause: error });
  }

  const entries = Object.entries(pkg.exports)
    .filter(([entry, target]) => !entry.endsWith('.json') && !(typeof target === 'object' && Object.keys(target).join() === 'types'))
    .map(([entry]) => (entry === '.' ? pkg.name : `${pkg.name}${entry.slice(1)}`));
  const script = `for (const entry of ${JSON.stringify(entries)}) await import(entry); console.log('imported in Node:', ${JSON.stringify(entries.join(', '))});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, stdio: 'inherit' });
  console.log(`consumer: ${packed.filename} installed, type-checked and imported`);
} finally {
  rmSync(app, { recursive: true, force: true });
}
