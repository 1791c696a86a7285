/**
 * Where the catalogues other than English come from, for the npm entry: one static `import()` per
 * language, which bundlers (Vite in dev and build, webpack, esbuild, Rollup) follow and emit as a
 * chunk each, loaded only when a widget speaks that language. The self-contained bundles swap this
 * module for `catalogues.bundle.ts` (rollup.config.mjs), which loads the built `locales/` beside them.
 */
import type { Language } from './languages.js';
import type { Messages } from './messages.js';

/** English is built in; every other language has its catalogue here (a missing one fails to compile). */
type OtherLanguage = Exclude<Language, 'en'>;

const CATALOGUES: Record<OtherLanguage, () => Promise<{ default?: Messages }>> = {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  ar: () => import('./locales/ar.js'),
  pt: () => import('./locales/pt.js'),
  it: () => import('./locales/it.js'),
  nl: () => import('./locales/nl.js'),
  ja: () => import('./locales/ja.js'),
  zh: () => import('./locales/zh.js'),
};

export const importCatalogue = (language: OtherLanguage) => CATALOGUES[language]();
