/**
 * Where the catalogues other than English come from, for the npm entry: one static `import()` per
 * language, which bundlers (Vite in dev and build, webpack, esbuild, Rollup) follow and emit as a
 * chunk each, loaded only when a widget speaks that language.
 *
 * The self-contained bundles take `catalogues.bundle.ts` instead (rollup.config.mjs swaps it in when
 * it builds them). One loader cannot serve both: these static imports are what a partner's bundler
 * needs to see, and the same imports would pull every language into a single-file bundle, which must
 * load them from `dist/locales/` beside itself. The element and the entries are the same code in
 * every build, so the choice is made when a build is made.
 */
import type { Language } from './languages.js';
import type { Catalogue } from './messages.js';

/** English is built in; every other language has its catalogue here (a missing one fails to compile). */
type OtherLanguage = Exclude<Language, 'en'>;

const CATALOGUES: Record<OtherLanguage, () => Promise<{ default?: Catalogue }>> = {
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
