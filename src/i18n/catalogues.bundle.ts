/**
 * Where the catalogues other than English come from, in the self-contained bundles
 * (`dist/provider-link.js`, `dist/provider-link.iife.js`): the built `locales/<lang>.js` beside the
 * bundle file, found from the bundle's own address, so a CDN serves them from the same folder.
 * The npm entry uses `catalogues.ts` instead, whose static imports bundlers can follow.
 */
import type { Messages } from './messages.js';

export const importCatalogue = (language: string): Promise<{ default?: Messages }> =>
  import(/* @vite-ignore */ new URL(`./locales/${language}.js`, import.meta.url).href);
