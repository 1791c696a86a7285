#!/usr/bin/env node
// The size budgets (DESIGN.md, "Builds"), checked by `npm test` after the build: each bundle
// at most 32 768 B gzip, each locale module at most 2 560 B gzip. Prints min, gzip and brotli;
// exits non-zero when a file is over its budget or missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const BUNDLE_BUDGET = 32 * 1024;
const LOCALE_BUDGET = 2.5 * 1024;

const files = [
  ['dist/provider-link.js', BUNDLE_BUDGET],
  ['dist/provider-link.iife.js', BUNDLE_BUDGET],
  ...(existsSync('dist/locales') ? readdirSync('dist/locales').filter((f) => f.endsWith('.js')).sort() : []).map((f) => [`dist/locales/${f}`, LOCALE_BUDGET]),
];

let failed = false;
const pad = (value, width) => String(value).padStart(width);
console.log(`${'file'.padEnd(30)}${pad('min B', 9)}${pad('gzip B', 9)}${pad('brotli B', 10)}${pad('budget', 9)}  verdict`);
for (const [file, budget] of files) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run npm run build first.`);
    failed = true;
    continue;
  }
  const source = readFileSync(file);
  const gzip = gzipSync(source, { level: 9 }).length;
  const brotli = brotliCompressSync(source).length;
  const left = budget - gzip;
  failed ||= left < 0;
  console.log(`${file.padEnd(30)}${pad(source.length, 9)}${pad(gzip, 9)}${pad(brotli, 10)}${pad(budget, 9)}  ${left >= 0 ? `${left} B left` : `${-left} B OVER BUDGET`}`);
}
if (failed) {
  console.error('\nA file is over its gzip budget (or missing). Earn the bytes back with structure: see README, "How it is built".');
  process.exitCode = 1;
}
