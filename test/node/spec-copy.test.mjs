// The repository keeps a copy of the link API description, so that a clone anywhere can run the
// contract check; beside the shared original (../shared), the copy must be the same file.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SHARED_SPEC_FILE, SPEC_FILE } from '../fake-service/link-api.mjs';

// Only where the original is: a clone elsewhere has nothing to compare the copy with, which is
// expected and not worth a SKIP line (naming this machine's path) in every run's output.
if (existsSync(SHARED_SPEC_FILE)) test('the copy of the link API description is the shared one', () => {
  assert.equal(readFileSync(SPEC_FILE, 'utf8'), readFileSync(SHARED_SPEC_FILE, 'utf8'), 'spec/link-api.openapi.json differs from ../shared: copy the shared one over');
});
