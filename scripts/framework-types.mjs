#!/usr/bin/env node
// Framework typings generated from custom-elements.json by `npm run build`, shipped in dist/types/:
//   jsx.d.ts — `CustomElements` for JSX (React 19, Preact; Solid's attr:/prop:/on: too), with
//              typed `onlink-*` event props: `@provider-link/widget/jsx`;
//   vue.d.ts — Vue's GlobalComponents: `@provider-link/widget/vue`.
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';
import { readFileSync, writeFileSync } from 'node:fs';

const manifest = () => JSON.parse(readFileSync('custom-elements.json', 'utf8'));
// Imports from the package's side-effect-free entry, relative to dist/types/.
const globalTypePath = '../lib/index.js';

const log = console.log;
console.log = () => {}; // the generators narrate every step
try {
  generateJsxTypes(manifest(), { outdir: './dist/types', fileName: 'jsx.d.ts', globalTypePath, stronglyTypedEvents: true });
  generateVuejsTypes(manifest(), { outdir: './dist/types', fileName: 'vue.d.ts', globalTypePath });
} finally {
  console.log = log;
}
// The Vue generator also adds the element to the global JSX namespace, which clashes with the JSX
// typings (jsx.d.ts) in a project that has both; Vue templates read GlobalComponents.
// It also wraps the manifest's event type in another CustomEvent and imports only the
// class: unwrap, and import the detail types it names.
const vue = readFileSync('dist/types/vue.d.ts', 'utf8')
  .replace(/\ndeclare global \{\s*namespace JSX \{[\s\S]*?\n\}\n?/, '\n')
  .replace(/CustomEvent<CustomEvent<(\w+)>>/g, 'CustomEvent<$1>');
const details = [...new Set([...vue.matchAll(/CustomEvent<(Link\w+Detail)>/g)].map(([, name]) => name))].sort();
writeFileSync('dist/types/vue.d.ts', vue.replace('import type { ProviderLinkElement } from', `import type { ${[...details, 'ProviderLinkElement'].join(', ')} } from`));

console.log('framework typings: dist/types/jsx.d.ts, dist/types/vue.d.ts');
