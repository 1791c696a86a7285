// The lists that have one home in src/, for the build's own scripts: the languages
// (src/i18n/languages.ts: rollup.config.mjs, scripts/gallery.mjs) and the element's settings
// (src/contract/settings.ts: the Custom Elements Manifest). Node 20 runs no TypeScript, so each
// file, which imports nothing but types, is transpiled here and imported as it is.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

async function importSource(path) {
  const source = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, { fileName: path, compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
  if (/^\s*import\s[^'"]*['"]/m.test(outputText)) throw new Error(`${path} imports a module: scripts/source-lists.mjs can only read a file that imports types alone`);
  return import(`data:text/javascript,${encodeURIComponent(outputText)}`);
}

/** Every language, English first (it is built in). */
export const { LANGUAGES } = await importSource('src/i18n/languages.ts');

/** The languages with a catalogue module of their own, loaded on demand: all but English. */
export const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

/** The settings table: `{property, attribute, reflect?, secret?}` per setting. */
export const { SETTINGS } = await importSource('src/contract/settings.ts');
