// The folders of src/ are layers, each importing only those below it (docs/architecture.md):
// contract → core → browser → i18n → views → element → entries. And no module imports itself
// back through others: a circle makes the order of evaluation, and so the code, depend on which
// module a bundler meets first.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const LAYERS = ['contract', 'core', 'browser', 'i18n', 'views', 'element', 'entries'];

const files = readdirSync(src, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts'));
/** Each module's relative imports (type-only ones too: a layer's types are its contract), as paths under src/. */
const imports = new Map(
  files.map((file) => {
    const text = readFileSync(join(src, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'|(?:^|\n)\s*import\s*'(\.[^']+)'/g)].map((m) => m[1] ?? m[2]);
    return [file, specifiers.map((s) => normalize(join(dirname(file), s)).replace(/\.js$/, '.ts'))];
  }),
);
const layerOf = (file) => LAYERS.indexOf(file.split('/')[0]);

test('every module of src/ is in a layer', () => {
  assert.deepEqual(files.filter((file) => layerOf(file) < 0), []);
});

test('each layer imports only the layers below it', () => {
  const upward = [];
  for (const [file, targets] of imports) {
    for (const target of targets) if (layerOf(target) > layerOf(file)) upward.push(`${file} → ${target}`);
  }
  assert.deepEqual(upward, []);
});

test('no module imports itself back, through any number of others', () => {
  const circles = [];
  const state = new Map(); // 1: on the current path, 2: done
  const visit = (file, path) => {
    if (state.get(file) === 2) return;
    if (state.get(file) === 1) return void circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
    state.set(file, 1);
    for (const target of imports.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 2);
  };
  for (const file of files) visit(file, []);
  assert.deepEqual(circles, []);
});
