import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { literalsHtmlCssMinifier } from '@literals/rollup-plugin-html-css-minifier';
import { OTHER_LANGUAGES } from './scripts/source-lists.mjs';

// Both bundles carry lit and xstate inside: one file is all a CDN user or a script tag needs.
// The floor (bench/) goes through the same plugins.

/**
 * TypeScript to JavaScript by esbuild, which only strips the types: `tsc` checks them once for the
 * whole build (`npm run build` runs it first, for the npm entries and their declarations), so
 * fifteen bundles do not check the same sources fifteen times. esbuild reads tsconfig.json's
 * `target` and `useDefineForClassFields`.
 */
const stripTypes = () => esbuild({ include: /\.ts$/, tsconfig: './tsconfig.json', target: 'es2022', sourceMap: true, minify: false });

const plugins = (root = 'src') => [
  cataloguesBesideTheBundle(),
  resolve({ browser: true }),
  // Our html`` and css`` templates only, before TypeScript turns them into calls; third-party code
  // stays as published. A template the minifier cannot parse stops the build.
  literalsHtmlCssMinifier({ include: [`${root}/**/*.ts`], failOnError: true, options: { shouldMinifyCSS: isStylesheet } }),
  stripTypes(),
  terser({ ecma: 2022, module: true, format: { comments: false }, compress: { passes: 2 } }),
];

/**
 * A css`` template the minifier can take: a stylesheet (it has rules, so braces). A list of
 * declarations, written once to be placed into rules (the dark palette), is not one, and stays as
 * written. (Templates with interpolations stay as written too: the minifier leaves them alone.)
 */
const isStylesheet = (template) => /css/i.test(template.tag ?? '') && template.parts.some((part) => part.text.includes('{'));

/**
 * The self-contained bundles load their language files from beside themselves (dist/locales/),
 * so they take src/i18n/catalogues.bundle.ts (modules, or classic scripts for the script-tag bundle
 * from another origin) where the npm entry has catalogues.ts, whose static imports are for a
 * partner's bundler (and would pull every language into a single-file bundle).
 */
const cataloguesBesideTheBundle = () => ({
  name: 'catalogues-beside-the-bundle',
  resolveId(source, importer) {
    if (source === './catalogues.js' && importer?.endsWith('/src/i18n/index.ts')) return this.resolve('./catalogues.bundle.ts', importer);
    return null;
  },
});

/**
 * `dist/locales/<lang>.classic.js`: a language as a classic script, for the script-tag bundle
 * (catalogues.bundle.ts): the catalogue module, then one line that hands it to the `<script>`
 * element that loaded it.
 */
const classicCatalogue = (language) => ({
  name: 'classic-catalogue',
  resolveId: (source) => (source === `classic:${language}` ? `\0classic:${language}` : null),
  load: (id) =>
    id === `\0classic:${language}`
      ? `import catalogue from ${JSON.stringify(`${process.cwd()}/src/i18n/locales/${language}.ts`)};\n` +
        `document.currentScript?.dispatchEvent(new CustomEvent('provider-link-catalogue', { detail: catalogue }));\n`
      : null,
});

const localePlugins = () => [
  stripTypes(),
  terser({ ecma: 2022, module: true, format: { comments: false } }),
];

/** Writes files as they are beside the build's output (the hosted page's markup and style). */
const copyBeside = (files) => ({
  name: 'copy-beside',
  buildStart() {
    for (const file of files) this.addWatchFile(file);
  },
  generateBundle() {
    for (const file of files) this.emitFile({ type: 'asset', fileName: basename(file), source: readFileSync(file) });
  },
});

export default [
  {
    input: 'src/entries/cdn-module.ts',
    output: { file: 'dist/provider-link.js', format: 'es', sourcemap: true },
    plugins: plugins(),
  },
  {
    input: 'src/entries/script-tag.ts',
    output: { file: 'dist/provider-link.iife.js', format: 'iife', sourcemap: true },
    plugins: plugins(),
  },
  // The hosted page, dist/link.html with its script and style: it loads the IIFE beside it and is
  // not part of it.
  {
    input: 'src/entries/hosted-page/link-page.ts',
    output: { file: 'dist/link.js', format: 'iife', sourcemap: true },
    plugins: [...plugins(), copyBeside(['src/entries/hosted-page/link.html', 'src/entries/hosted-page/link.css'])],
  },
  // The floor: a minimal Lit + XState element that fetches and lists, in both formats, for the
  // overhead that `npm run size` reports. Not in the package (`files` lists dist/ only).
  {
    input: 'bench/floor/floor-element.ts',
    output: { file: 'bench/dist/floor.js', format: 'es', sourcemap: true },
    plugins: plugins('bench/floor'),
  },
  {
    input: 'bench/floor/floor-element.ts',
    output: { file: 'bench/dist/floor.iife.js', format: 'iife', name: 'Floor', sourcemap: true },
    plugins: plugins('bench/floor'),
  },
  // The catalogues other than English (src/i18n/languages.ts): one small module each, loaded by
  // the widget on demand.
  {
    input: Object.fromEntries(OTHER_LANGUAGES.map((language) => [language, `src/i18n/locales/${language}.ts`])),
    output: { dir: 'dist/locales', format: 'es', entryFileNames: '[name].js', sourcemap: true },
    plugins: localePlugins(),
  },
  ...OTHER_LANGUAGES.map((language) => ({
    input: `classic:${language}`,
    output: { file: `dist/locales/${language}.classic.js`, format: 'iife', sourcemap: true },
    plugins: [classicCatalogue(language), ...localePlugins()],
  })),
];
