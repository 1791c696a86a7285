#!/usr/bin/env node
// The Custom Elements Manifest a partner's tools read (after `npm run build`): @wc-toolkit's
// validator on the manifest and package.json, then what docs/embedding.md promises of it: every event
// with its detail type, the public methods, and module paths that are files in the package.
import { validateCem } from '@wc-toolkit/cem-validator';
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const problems = [];

try {
  await validateCem(manifest, { packageJsonPath: './package.json', cemFileName: 'custom-elements.json', logErrors: false });
} catch (error) {
  problems.push(`cem-validator: ${error.message}`);
}

const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'provider-link');
if (!element) problems.push('no declaration with tagName provider-link');

const EVENTS = { 'link-success': 'LinkSuccessDetail', 'link-error': 'LinkErrorDetail', 'link-exit': 'LinkExitDetail', 'link-event': 'LinkEventDetail' };
for (const [name, detail] of Object.entries(EVENTS)) {
  const event = element?.events?.find((item) => item.name === name);
  if (event?.type?.text !== `CustomEvent<${detail}>`) problems.push(`event ${name}: type is ${event?.type?.text}, not CustomEvent<${detail}>`);
}
const methods = new Set(element?.members?.filter((member) => member.kind === 'method' && !member.privacy && !member.static).map((member) => member.name));
for (const method of ['restart', 'exit', 'completeOAuth']) if (!methods.has(method)) problems.push(`public method ${method} is not listed`);

const paths = JSON.stringify(manifest).matchAll(/"(?:path|module)":"([^"]+)"/g);
for (const [, path] of paths) {
  if (!path.startsWith('dist/') || !existsSync(path)) problems.push(`${path} is not a shipped file`);
}

if (problems.length) {
  for (const problem of problems) console.error(`custom-elements.json: ${problem}`);
  process.exit(1);
}
console.log(`custom-elements.json: valid; ${element.events.length} typed events, methods ${[...methods].join(', ')}`);
