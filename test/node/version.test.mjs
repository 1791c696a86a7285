// window.ProviderLink.version comes from src/contract/version.ts: it must say what package.json says,
// or a script-tag user reports the wrong version (npm run release:version keeps them equal).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

test('src/contract/version.ts carries the version of package.json', () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const source = readFileSync(new URL('../../src/contract/version.ts', import.meta.url), 'utf8');
  assert.match(source, new RegExp(`export const VERSION = '${version.replaceAll('.', '\\.')}';`));
});
