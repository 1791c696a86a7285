// The Custom Elements Manifest (`custom-elements.json`, shipped): from the element's class and its
// registration, with every module path rewritten from src/*.ts to the shipped dist/lib/*.js, so
// that tools following the manifest land on files in the package.
import { posix } from 'node:path';
import { SETTINGS } from './scripts/source-lists.mjs';

const shipped = (path) => path.replace(/^(\.\/)?src\//, 'dist/lib/').replace(/\.ts$/, '.js');

/** A re-export (`export type {…} from './events.js'`) names its module relative to the file. */
function relativeModules({ customElementsManifest }) {
  for (const module of customElementsManifest.modules) {
    for (const item of module.exports ?? []) {
      const from = item.declaration?.module;
      if (from?.startsWith('.')) item.declaration.module = posix.join(posix.dirname(module.path), from).replace(/\.js$/, '.ts');
    }
  }
}

/** Rewrites `path` (modules) and `module` (references to declarations) wherever they occur. */
function shippedPaths(node) {
  if (Array.isArray(node)) return node.forEach(shippedPaths);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'path' || key === 'module') && typeof value === 'string') node[key] = shipped(value);
    else shippedPaths(value);
  }
}

/**
 * define.ts registers through a registry it is given (`registry.define(TAG_NAME, …)`), which the
 * analyzer does not follow: say what it registers.
 */
function definition({ customElementsManifest }) {
  const define = customElementsManifest.modules.find((module) => module.path === 'src/entries/define.ts');
  if (define && !define.exports?.some((item) => item.kind === 'custom-element-definition')) {
    (define.exports ??= []).push({ kind: 'custom-element-definition', name: 'provider-link', declaration: { name: 'ProviderLinkElement', module: 'src/element/provider-link-element.ts' } });
  }
}

/**
 * The element's reactive properties come from the settings table (src/contract/settings.ts), which
 * the analyzer does not follow: each row's attribute goes on its field, and into the attribute
 * list, with the field's type, default and description (the field's JSDoc is the documentation).
 */
function settingAttributes({ customElementsManifest }) {
  const element = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'provider-link');
  if (!element) return;
  element.attributes = SETTINGS.flatMap(({ property, attribute, reflect }) => {
    const field = element.members?.find((member) => member.kind === 'field' && member.name === property);
    if (!field) throw new Error(`custom-elements.json: the setting ${property} is not a field of the element`);
    if (!attribute) return [];
    field.attribute = attribute;
    if (reflect) field.reflects = true;
    const { type, default: initial, description } = field;
    return [{ name: attribute, ...(type && { type }), ...(initial && { default: initial }), ...(description && { description }), fieldName: property }];
  });
}

export default {
  globs: ['src/element/provider-link-element.ts', 'src/entries/define.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    { name: 'definition', packageLinkPhase: definition },
    { name: 'setting-attributes', packageLinkPhase: settingAttributes },
    { name: 'relative-modules', packageLinkPhase: relativeModules },
    { name: 'shipped-paths', packageLinkPhase: ({ customElementsManifest }) => shippedPaths(customElementsManifest) },
  ],
};
