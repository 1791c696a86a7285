#!/usr/bin/env node
// The size budgets (DESIGN.md, "Builds"), checked by `npm test` after the build: each bundle
// at most 32 768 B gzip, each locale module at most 2 560 B gzip. Prints min, gzip and brotli;
// exits non-zero when a file is over its budget or missing.
//
// Then, so that growth shows up where it happens, a table per bundle that attributes every byte
// of the minified file to its original source through the bundle's source map.
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const BUNDLE_BUDGET = 32 * 1024;
const LOCALE_BUDGET = 2.5 * 1024;

const BUNDLES = [['dist/provider-link.js'], ['dist/provider-link.iife.js']];

const files = [
  ...BUNDLES.map(([bundle]) => [bundle, BUNDLE_BUDGET]),
  ...(existsSync('dist/locales') ? readdirSync('dist/locales').filter((f) => f.endsWith('.js')).sort() : []).map((f) => [`dist/locales/${f}`, LOCALE_BUDGET]),
];

const gzipSize = (content) => gzipSync(content, { level: 9 }).length;
const pad = (value, width) => String(value).padStart(width);

let failed = false;
const missing = (file) => {
  console.error(`${file} is missing: run npm run build first.`);
  failed = true;
};

console.log(`${'file'.padEnd(30)}${pad('min B', 9)}${pad('gzip B', 9)}${pad('brotli B', 10)}${pad('budget', 9)}  verdict`);
for (const [file, budget] of files) {
  if (!existsSync(file)) {
    missing(file);
    continue;
  }
  const source = readFileSync(file);
  const gzip = gzipSize(source);
  const brotli = brotliCompressSync(source).length;
  const left = budget - gzip;
  failed ||= left < 0;
  console.log(`${file.padEnd(30)}${pad(source.length, 9)}${pad(gzip, 9)}${pad(brotli, 10)}${pad(budget, 9)}  ${left >= 0 ? `${left} B left` : `${-left} B OVER BUDGET`}`);
}

// --- By module --------------------------------------------------------------------------------

const LIT = new Set(['lit', 'lit-html', 'lit-element', '@lit/reactive-element']);
const LIT_ROW = 'lit (lit, lit-html, lit-element, @lit/reactive-element)';
const UNMAPPED_ROW = '(no source: bundle wrapper, line breaks)';
/** Rows always shown, in this order, so two runs line up; other sources follow. */
const FIXED_ROWS = [LIT_ROW, 'xstate', 'src/api', 'src/machine', 'src/element', 'src/views', 'src/host', 'src/i18n', 'src/embed'];

/** The row of one source path (relative to the project): a package, a `src/` folder or a top-level file. */
function rowOf(path) {
  const nodeModules = path.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = path.slice(nodeModules + 'node_modules/'.length).split('/');
    const pkg = scope.startsWith('@') ? `${scope}/${name}` : scope;
    if (LIT.has(pkg)) return LIT_ROW;
    return pkg.startsWith('@xstate/') ? 'xstate' : pkg;
  }
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : path;
}

/**
 * Splits a minified file by original source: each mapping segment owns the generated text from its
 * column to the next segment's, so every byte lands in exactly one row. Returns rows with their
 * bytes (UTF-8) and text, whose gzip alone is measured.
 */
function bytesByModule(file) {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const raw = JSON.parse(readFileSync(mapFile, 'utf8'));
  const map = new TraceMap(raw);
  const rowOfSource = map.sources.map((source) =>
    source == null ? UNMAPPED_ROW : rowOf(relative('.', resolve(dirname(mapFile), raw.sourceRoot ?? '', source)).split(sep).join('/')),
  );
  const rows = new Map();
  const add = (row, text) => {
    if (!text) return;
    const entry = rows.get(row) ?? { bytes: 0, parts: [] };
    entry.bytes += Buffer.byteLength(text);
    entry.parts.push(text);
    rows.set(row, entry);
  };
  const lines = code.split('\n');
  const mappings = decodedMappings(map);
  lines.forEach((line, index) => {
    const segments = mappings[index] ?? [];
    add(UNMAPPED_ROW, line.slice(0, segments[0]?.[0] ?? line.length));
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.[0] ?? line.length;
      add(segment.length > 1 ? rowOfSource[segment[1]] : UNMAPPED_ROW, line.slice(segment[0], end));
    });
    if (index < lines.length - 1) add(UNMAPPED_ROW, '\n');
  });
  return { size: Buffer.byteLength(code), gzip: gzipSize(code), rows };
}

function printByModule(file) {
  if (!existsSync(`${file}.map`)) {
    missing(`${file}.map`);
    return;
  }
  const { size, gzip, rows } = bytesByModule(file);
  const order = [...FIXED_ROWS, ...[...rows.keys()].filter((row) => !FIXED_ROWS.includes(row) && row !== UNMAPPED_ROW).sort(), UNMAPPED_ROW];
  console.log(`\n${file} by module, from its source map`);
  console.log(`${'module'.padEnd(58)}${pad('min B', 8)}${pad('gzip alone', 12)}${pad('gzip share', 12)}`);
  for (const row of order) {
    const entry = rows.get(row) ?? { bytes: 0, parts: [] };
    const alone = entry.bytes ? gzipSize(entry.parts.join('')) : 0;
    console.log(`${row.padEnd(58)}${pad(entry.bytes, 8)}${pad(alone, 12)}${pad(Math.round((gzip * entry.bytes) / size), 12)}`);
  }
  console.log(`${'whole file'.padEnd(58)}${pad(size, 8)}${pad(gzip, 12)}${pad(gzip, 12)}`);
}

for (const [bundle] of BUNDLES) if (existsSync(bundle)) printByModule(bundle);
console.log(
  '\nmin B: minified bytes that the source map traces to the row. gzip alone: those bytes gzipped by\n' +
    'themselves (more than their part of the whole, which also compresses against the rest).\n' +
    "gzip share: the whole file's gzip split in proportion to min B.",
);

if (failed) {
  console.error('\nA file is over its gzip budget (or missing). Earn the bytes back with structure: see README, "How it is built".');
  process.exitCode = 1;
}
