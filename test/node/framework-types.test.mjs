// The generated Vue typings (scripts/framework-types.mjs) steer each setting that must be bound as
// a property to its own property: the note an editor shows on `:link-token` or `:request-link-token`
// names that setting, not another one. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const vue = readFileSync(new URL('../../dist/types/vue.d.ts', import.meta.url), 'utf8');
/** The documentation comment right above a prop of ProviderLinkProps. */
const docOf = (prop) => new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\n  ${prop}\\?:`).exec(vue)?.[1] ?? assert.fail(`no documented prop ${prop}`);

test('linkToken steers to `:linkToken`, away from the `link-token` attribute', () => {
  assert.match(docOf('linkToken'), /`:linkToken="token"`.*`:link-token` into a DOM attribute/);
});

test('requestLinkToken steers to `:requestLinkToken`, and says nothing of linkToken', () => {
  const doc = docOf('requestLinkToken');
  assert.match(doc, /Property only: bind it as `:requestLinkToken`.*`:request-link-token` into a DOM attribute/);
  assert.doesNotMatch(doc, /`:linkToken|`:link-token`/);
});

test('an ordinary setting carries no binding note', () => {
  assert.doesNotMatch(docOf('locale'), /bind it as/);
});
