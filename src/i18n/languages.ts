/**
 * The languages there are catalogues for (`pt` is Brazilian, `zh` Simplified Chinese): the one
 * list. English is built in; each other one is `locales/<language>.ts`. The build (rollup.config.mjs)
 * and the gallery (scripts/gallery.mjs) read this file through scripts/source-lists.mjs, so it
 * imports nothing.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ar', 'pt', 'it', 'nl', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
