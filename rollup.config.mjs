import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { literalsHtmlCssMinifier } from '@literals/rollup-plugin-html-css-minifier';

// Both bundles carry lit and xstate inside: one file is all a CDN user or a script tag needs.
const plugins = () => [
  resolve({ browser: true }),
  // Our html`` and css`` templates only (src/), before TypeScript turns them into calls; third-party
  // code stays as published. A template the minifier cannot parse stops the build.
  literalsHtmlCssMinifier({ include: ['src/**/*.ts'], failOnError: true }),
  typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], compilerOptions: { noEmit: false, declaration: false, sourceMap: true, outDir: 'dist' } }),
  terser({ ecma: 2022, module: true, format: { comments: false }, compress: { passes: 2 } }),
];

/** The catalogues other than English: one small module each, loaded by the widget on demand. */
const LANGUAGES = ['es', 'fr', 'de', 'ar'];

export default [
  {
    input: 'src/provider-link.ts',
    output: { file: 'dist/provider-link.js', format: 'es', sourcemap: true },
    plugins: plugins(),
  },
  {
    input: 'src/script-tag.ts',
    output: { file: 'dist/provider-link.iife.js', format: 'iife', sourcemap: true },
    plugins: plugins(),
  },
  {
    input: Object.fromEntries(LANGUAGES.map((language) => [language, `src/i18n/locales/${language}.ts`])),
    output: { dir: 'dist/locales', format: 'es', entryFileNames: '[name].js', sourcemap: true },
    plugins: [
      typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], compilerOptions: { noEmit: false, declaration: false, sourceMap: true, outDir: 'dist/locales' } }),
      terser({ ecma: 2022, module: true, format: { comments: false } }),
    ],
  },
];
