#!/usr/bin/env node
// The Subresource Integrity hash of each file a page loads from a CDN, printed by `npm run build`
// and written to dist/sri.json (shipped), for `<script integrity="…" crossorigin="anonymous">`.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const files = ['dist/provider-link.js', 'dist/provider-link.iife.js', ...readdirSync('dist/locales').filter((f) => f.endsWith('.js')).sort().map((f) => `dist/locales/${f}`)];
const hashes = Object.fromEntries(files.map((file) => [file, `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`]));
writeFileSync('dist/sri.json', `${JSON.stringify(hashes, null, 2)}\n`);
console.log('Subresource Integrity (also in dist/sri.json):');
for (const [file, hash] of Object.entries(hashes)) console.log(`  ${file.padEnd(28)} ${hash}`);
