#!/usr/bin/env node
// The consumer smoke test (after `npm run build`): the tarball `npm pack` makes, installed into a
// fresh app folder as node_modules/@provider-link/widget, beside this repository's other packages
// (linked, so nothing is downloaded). There, test/package/consumer/ type-checks against it (the npm
// entry, /bundle, /define, /iife, /react, /jsx, /vue, the README's React quick start; App.vue and
// docs/frameworks.md's Vue component with vue-tsc; its Svelte one, and the mistakes /svelte must
// catch (Mistakes.svelte), with svelte-check; its Angular one, compiled ahead of time by ngc with
// strict templates, with the app test/quick-start/angular.test.ts runs) and every
// entry with JavaScript imports in Node. Nothing in the app can reach src/: only what the tarball holds.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installPackedApp } from './packed-app.mjs';
import { frameworksSnippet, quickStartBlock } from './quick-starts.mjs';

const repo = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// The app's other dependencies: every package of this repository, by link.
const { app, packed, remove } = installPackedApp();
try {
  cpSync('test/package/consumer', join(app, 'src'), { recursive: true });
  // The Vue and Svelte components of docs/frameworks.md, as they are written there.
  for (const [name, file] of [['vue', 'FrameworksDoc.vue'], ['svelte', 'FrameworksDoc.svelte']]) writeFileSync(join(app, 'src', file), frameworksSnippet(name));
  // The README's React quick start, as a partner's src/main.tsx (its tsconfig.json lists it).
  writeFileSync(join(app, 'src', 'quick-start-react.tsx'), quickStartBlock('react'));
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'src/tsconfig.json')], { stdio: 'inherit' });
  // A Vue single-file component, as vue-tsc checks it: events typed, settings by property name.
  execFileSync(process.execPath, [join(repo, 'node_modules/vue-tsc/bin/vue-tsc.js'), '-p', join(app, 'src/tsconfig.vue.json')], { stdio: 'inherit' });
  // docs/frameworks.md's Svelte component and Mistakes.svelte, in one svelte-check run (it is slow),
  // with `@provider-link/widget/svelte` in compilerOptions.types as the docs say: the snippet has no
  // problem, and each mistake is caught, on its line, by name. svelte-check narrates a passing run
  // too: its report is shown only when the findings are not those.
  const svelteCheck = [join(repo, 'node_modules/svelte-check/bin/svelte-check'), '--workspace', join(app, 'src'), '--tsconfig', join(app, 'src/tsconfig.svelte.json'), '--fail-on-warnings', '--output', 'machine'];
  const svelteReport = (() => {
    try {
      return execFileSync(process.execPath, svelteCheck, { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      return `${error.stdout}${error.stderr}`;
    }
  })();
  // Machine lines: `<time> ERROR "<file>" <line>:<column> "<message, JSON-escaped>"`.
  const findings = [...svelteReport.matchAll(/^\d+ (ERROR|WARNING) "([^"]+)" (\d+):\d+ (".*")$/gm)].map(([, kind, file, line, message]) => `${kind} ${file}:${line} ${JSON.parse(message)}`);
  const mistakes = readFileSync('test/package/consumer/Mistakes.svelte', 'utf8').split('\n');
  // Each note names the mistake on the line below it (lines count from 1).
  const expected = mistakes.flatMap((text, index) => {
    const name = /<!-- expect-error: (\S+)/.exec(text)?.[1];
    return name ? [{ line: index + 2, name }] : [];
  });
  const foundOn = (line) => findings.filter((finding) => finding.startsWith(`ERROR Mistakes.svelte:${line} `));
  const caught = expected.every(({ line, name }) => foundOn(line).length === 1 && [`'${name}'`, `"${name}"`].some((quoted) => foundOn(line)[0].includes(quoted)));
  if (!/ COMPLETED /.test(svelteReport) || expected.length === 0 || findings.length !== expected.length || !caught) {
    process.stderr.write(svelteReport);
    const wanted = expected.map(({ line, name }) => `Mistakes.svelte:${line} (${name})`).join(', ');
    throw new Error(`svelte-check: wanted exactly ${wanted}, and nothing in docs/frameworks.md's Svelte component; it found ${findings.length ? findings.join('; ') : 'nothing'}`);
  }
  // docs/frameworks.md's Angular component, as written, with the app around it that
  // test/quick-start/angular.test.ts runs (angular-main.ts), compiled ahead of time by ngc with
  // strict templates (tsconfig.angular.json). Under CUSTOM_ELEMENTS_SCHEMA Angular checks the
  // expressions and the `$event` types of <provider-link>, not which properties it binds.
  writeFileSync(join(app, 'src', 'connect.component.ts'), frameworksSnippet('angular'));
  try {
    execFileSync(process.execPath, [join(repo, 'node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js'), '-p', join(app, 'src/tsconfig.angular.json')], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    process.stderr.write(`${error.stdout}${error.stderr}`);
    throw new Error("ngc found problems in docs/frameworks.md's Angular component", { cause: error });
  }

  const entries = Object.entries(pkg.exports)
    .filter(([entry, target]) => !entry.endsWith('.json') && !(typeof target === 'object' && Object.keys(target).join() === 'types'))
    .map(([entry]) => (entry === '.' ? pkg.name : `${pkg.name}${entry.slice(1)}`));
  const script = `for (const entry of ${JSON.stringify(entries)}) await import(entry); console.log('imported in Node:', ${JSON.stringify(entries.join(', '))});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, stdio: 'inherit' });
  console.log(`consumer: ${packed.filename} installed, type-checked and imported`);
} finally {
  remove();
}
