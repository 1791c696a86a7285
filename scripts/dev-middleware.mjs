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

/** Debian's Firefox ESR, driven over WebDriver BiDi (puppeteer-core), kept off the closed network. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const FIREFOX_PREFS = {
  'app.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.region.network.url': '',
  'datareporting.policy.dataSubmissionEnabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'toolkit.telemetry.enabled': false,
  // The tests open sign-in windows from key presses and clicks, as a person would.
  'dom.disable_open_during_load': false,
};

