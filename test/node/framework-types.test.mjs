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

// The Svelte typings (`@provider-link/widget/svelte`) key every setting by its property, which
// Svelte 5 sets on the registered element, and by its attribute where that is another name; the
// token's steer to the property is on both of its names.
const svelte = readFileSync(new URL('../../dist/types/svelte.d.ts', import.meta.url), 'utf8');
const { SETTINGS } = await import('../../dist/lib/contract/settings.js');
/** The documentation comment right above a key of ProviderLinkAttributes (quoted when it is not an identifier). */
const svelteDocOf = (key) => {
  const name = /^\w+$/.test(key) ? key : `"${key}"`;
  return new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\n  ${name}\\?:`).exec(svelte)?.[1] ?? assert.fail(`no documented key ${key}`);
};

test('Svelte: every setting by its property, and by its attribute where the attribute is another name', () => {
  for (const { property, attribute } of SETTINGS) {
    assert.match(svelte, new RegExp(`\\n  ${property}\\?: ProviderLinkElement\\["${property}"\\];`), property);
    if (attribute && attribute !== property) assert.match(svelte, new RegExp(`\\n  "${attribute}"\\?: AttributeText<ProviderLinkElement\\["${property}"\\]>;`), attribute);
  }
  assert.doesNotMatch(svelte, /"request-link-token"/, 'a function has no attribute');
});

test('Svelte: linkToken steers to `{linkToken}`, and the `link-token` attribute back to it', () => {
  assert.match(svelteDocOf('linkToken'), /Bind the property, `\{linkToken\}`.*`link-token` is the attribute, which puts the token into the page's markup/);
  assert.match(svelteDocOf('link-token'), /puts the token into the page's markup.*Bind the property instead: `\{linkToken\}`/);
  assert.match(svelteDocOf('requestLinkToken'), /Property only: `requestLinkToken=\{…\}`/);
  assert.doesNotMatch(svelteDocOf('locale'), /Bind the property|Property only/);
});

test('Svelte: each event is an `on<name>` handler of its typed CustomEvent, on <provider-link> in SvelteHTMLElements', () => {
  for (const [name, detail] of [['link-success', 'LinkSuccessDetail'], ['link-error', 'LinkErrorDetail'], ['link-exit', 'LinkExitDetail'], ['link-event', 'LinkEventDetail']]) {
    assert.match(svelte, new RegExp(`\\n  "on${name}"\\?: ProviderLinkEventHandler<CustomEvent<${detail}>> \\| undefined \\| null;`), name);
  }
  assert.match(svelte, /declare module "svelte\/elements" \{\n {2}export interface SvelteHTMLElements \{\n(?: {4}(?:\/\*\*| \*).*\n)* {4}"provider-link": ProviderLinkAttributes;/);
});
