#!/usr/bin/env node
// After `changeset version` bumps package.json: writes that version into src/contract/version.ts, the one
// place the code reads it from (window.ProviderLink.version).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../src/contract/version.ts', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const source = readFileSync(file, 'utf8');
const next = source.replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`);
if (next === source && !source.includes(`'${version}'`)) throw new Error('src/contract/version.ts: no VERSION line to update');
writeFileSync(file, next);
console.log(`src/contract/version.ts: ${version}`);
