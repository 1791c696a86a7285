import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import MagicString from 'magic-string';

/**
 * After terser the only line breaks left are inside template literals: the indentation of our
 * html`` and css`` templates. HTML and CSS treat a run of whitespace as one space, so it goes.
 */
function collapseTemplateWhitespace() {
  return {
    name: 'collapse-template-whitespace',
    renderChunk(code) {
      const output = new MagicString(code);
      for (const match of code.matchAll(/\n\s*/g)) output.overwrite(match.index, match.index + match[0].length, ' ');
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}

/** Minifies the CSS in our css`` templates (they interpolate nothing): comments, spaces, last `;`. */
function minifyCssTemplates() {
  const minify = (css) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':') // never before a colon: `a :hover` is not `a:hover`
      .replace(/;}/g, '}')
      .trim();
  return {
    name: 'minify-css-templates',
    transform(code, id) {
      if (!id.includes('/src/') || !/css\s*`/.test(code)) return null;
      const output = new MagicString(code);
      for (const match of code.matchAll(/css\s*`([^`$]*)`/g)) {
        const start = match.index + match[0].indexOf('`') + 1;
        output.overwrite(start, start + match[1].length, minify(match[1]));
      }
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}

// Both bundles carry lit and xstate inside: one file is all a CDN user or a script tag needs.
const plugins = () => [
  resolve({ browser: true }),
  minifyCssTemplates(),
  typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], compilerOptions: { noEmit: false, declaration: false, sourceMap: true, outDir: 'dist' } }),
  terser({ ecma: 2022, module: true, format: { comments: false }, compress: { passes: 2 } }),
  collapseTemplateWhitespace(),
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
