// Dev-server middleware shared by the tests and the gallery.
import { existsSync } from 'node:fs';

/**
 * The widget loads its language catalogues at run time (`import()` of `./locales/xx.js`, which
 * the build emits); from the sources those are `.ts` files, so serve them for the `.js` asked.
 */
export function typescriptForRuntimeImports(context, next) {
  if (context.path.startsWith('/src/') && context.path.endsWith('.js') && !existsSync(`.${context.path}`)) {
    const typescript = context.path.replace(/\.js$/, '.ts');
    if (existsSync(`.${typescript}`)) context.url = typescript + context.search;
  }
  return next();
}

/** Debian's Chromium, never a downloaded one; the flags keep it off the closed network. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];


