// docs/errors.md is written from the error table; it must say what the built widget does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { errorReference, REFERENCE_FILE } from '../../scripts/error-reference.mjs';

test('the error reference is up to date with the error table and the English words', async () => {
  assert.equal(readFileSync(REFERENCE_FILE, 'utf8'), await errorReference(), 'docs/errors.md is stale: run node scripts/error-reference.mjs');
});
