// The Custom Elements Manifest (`custom-elements.json`, shipped): from the element's class and its
// registration, with every module path rewritten from src/*.ts to the shipped dist/lib/*.js, so
// that tools following the manifest land on files in the package.
import { posix } from 'node:path';

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
  const define = customElementsManifest.modules.find((module) => module.path === 'src/element/define.ts');
  if (define && !define.exports?.some((item) => item.kind === 'custom-element-definition')) {
    (define.exports ??= []).push({ kind: 'custom-element-definition', name: 'provider-link', declaration: { name: 'ProviderLinkElement', module: 'src/element/provider-link-element.ts' } });
  }
}

export default {
  globs: ['src/element/provider-link-element.ts', 'src/element/define.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    { name: 'definition', packageLinkPhase: definition },
    { name: 'relative-modules', packageLinkPhase: relativeModules },
    { name: 'shipped-paths', packageLinkPhase: ({ customElementsManifest }) => shippedPaths(customElementsManifest) },
  ],
};
