#!/usr/bin/env node
// Prints the minified and gzip sizes of both builds against the budget (a benchmark, not a
// test). Run `npm run build` first, or `npm run bench` to build and measure in one go.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const BUDGET_GZIP = 30 * 1024;
const builds = ['dist/provider-link.js', 'dist/provider-link.iife.js'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
let overBudget = false;
console.log(`${'build'.padEnd(30)}${'min'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}   budget (gzip ${kb(BUDGET_GZIP).trim()})`);
for (const file of builds) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run npm run build first.`);
    process.exit(1);
  }
  const source = readFileSync(file);
  const gzip = gzipSync(source, { level: 9 }).length;
  const brotli = brotliCompressSync(source).length;
  const left = BUDGET_GZIP - gzip;
  overBudget ||= left < 0;
  const verdict = left >= 0 ? `${kb(left).trim()} left` : `${kb(-left).trim()} OVER`;
  console.log(`${file.padEnd(30)}${kb(source.length)}${kb(gzip)}${kb(brotli)}   ${verdict} (${gzip} B gzip, ${source.length} B min)`);
}
if (overBudget) process.exitCode = 1;
