// Every entry of the package imports under Node without throwing (server rendering, tests in
// Node, a bundler's prerender step), through the package's own name and exports map, as a
// consumer's import resolves it. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
// Every entry with JavaScript: not the JSON files, not the types-only /jsx, /vue and /svelte.
const entries = Object.entries(pkg.exports)
  .filter(([entry, target]) => !entry.endsWith('.json') && !(typeof target === 'object' && Object.keys(target).join() === 'types'))
  .map(([entry]) => entry);

test('the entries with JavaScript include the npm entry, /define, /bundle, /iife and /react', () => {
  assert.deepEqual(entries, ['.', './define', './bundle', './iife', './react']);
});

for (const entry of entries) {
  const specifier = entry === '.' ? pkg.name : `${pkg.name}${entry.slice(1)}`;
  test(`import '${specifier}' does not throw in Node`, async () => {
    await import(specifier);
  });
}

test('the npm entry exports the element class and openLinkModal', async () => {
  const entry = await import(pkg.name);
  assert.equal(typeof entry.ProviderLinkElement, 'function');
  assert.equal(typeof entry.openLinkModal, 'function');
});

test("/bundle under Node exports the same names as the browser bundle", async () => {
  const nodeBundle = await import(`${pkg.name}/bundle`);
  const browserBundle = readFileSync(new URL('../../dist/provider-link.js', import.meta.url), 'utf8');
  // A minified ES module ends in one `export{a as Name,…}`.
  const exported = /export\{([^}]*)\}/.exec(browserBundle.slice(-2000))[1].split(',').map((item) => item.split(' as ').pop().trim());
  assert.deepEqual(Object.keys(nodeBundle).sort(), exported.sort());
});

test('Node gets its own /bundle: the browser file itself needs a browser', async () => {
  const resolved = import.meta.resolve(`${pkg.name}/bundle`);
  assert.ok(!resolved.endsWith('/dist/provider-link.js'), resolved);
  await assert.rejects(import(new URL('../../dist/provider-link.js', import.meta.url).href), ReferenceError);
});
