#!/usr/bin/env node
// `npm run gallery`: every state of the widget × {light, dark} × {en, ar} as PNG files in
// gallery/, and one state (the verification code, a form and a sentence with a hint) in each of
// the other languages, photographed by Playwright in Debian's Chromium, for a reviewer to look
// through. Then a few states again in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver,
// Debian's too), as `<state>.<locale>.<theme>.webkit.png` beside Chromium's, so a person can see
// that the engine of Safari and iOS webviews shows the same. `--chromium-only` skips WebKit.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { remote } from 'webdriverio';
import { CHROMIUM_ARGS, CHROMIUM_PATH, typescriptForRuntimeImports } from './dev-middleware.mjs';
import { startWebKitDriver, WEBKIT_CAPABILITIES } from './engines.mjs';
import { LANGUAGES } from './source-lists.mjs';

const OUT = 'gallery';
/** The pictures the README and docs/theming.md show: a few of the gallery's, kept in git and taken again by every run. */
const DOC_PICTURES = 'docs/gallery';
/** Every state in these (left to right, right to left); ONE_STATE in every other language. */
const EVERY_STATE = ['en', 'ar'];
const ONE_STATE = 'password.mfa';
const FURTHER_LANGUAGES = LANGUAGES.filter((language) => !EVERY_STATE.includes(language));
/** Photographed in WebKit as well: a list, a form with an error, a code, an end screen; both directions and themes. */
const WEBKIT_SHOTS = [
  { state: 'providers', locale: 'en', theme: 'light' },
  { state: 'password.credentials:provider_credential_error', locale: 'en', theme: 'dark' },
  { state: 'password.mfa', locale: 'ar', theme: 'dark' },
  { state: 'success', locale: 'en', theme: 'light' },
];
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// Without a font for them, the Japanese and Chinese pictures would show empty boxes.
for (const lang of ['ja', 'zh']) {
  let fonts = '';
  try {
    fonts = execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8' });
  } catch {
    // no fontconfig to ask: warn below
  }
  if (!fonts.trim()) console.warn(`No font for "${lang}" on this machine: its picture will show boxes (Debian: apt-get install fonts-droid-fallback).`);
}

const server = await startDevServer({
  config: {
    rootDir: '.',
    port: 0,
    hostname: 'localhost',
    nodeResolve: true,
    middleware: [typescriptForRuntimeImports],
    plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  },
  readCliArgs: false,
  readFileConfig: false,
  logStartMessage: false,
});
const { port } = server.server.address();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
let count = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1800, height: 1000 }, deviceScaleFactor: 1 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const runs = [
    ...EVERY_STATE.flatMap((locale) => ['light', 'dark'].map((theme) => ({ locale, theme, only: null }))),
    ...FURTHER_LANGUAGES.map((locale) => ({ locale, theme: 'light', only: ONE_STATE })),
  ];
  for (const { locale, theme, only } of runs) {
    const query = new URLSearchParams({ locale, theme, ...(only ? { state: only } : {}) });
    await page.goto(`http://localhost:${port}/scripts/gallery/page.html?${query}`);
    await page.waitForSelector('body[data-ready]', { timeout: 30000 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const figures = await page.locator('figure').all();
    if (only && figures.length !== 1) throw new Error(`no state named ${only} in the gallery`);
    for (const figure of figures) {
      const state = (await figure.getAttribute('data-state')).replace(/[^a-z0-9._-]+/gi, '_');
      await figure.locator(':scope > div').screenshot({ path: `${OUT}/${state}.${locale}.${theme}.png`, animations: 'disabled' });
      count += 1;
    }
  }
} finally {
  await browser.close();
}

let webkitCount = 0;
if (!process.argv.includes('--chromium-only')) {
  const webkit = await remote({ hostname: '127.0.0.1', port: await startWebKitDriver(), logLevel: 'error', capabilities: WEBKIT_CAPABILITIES });
  try {
    for (const { state, locale, theme } of WEBKIT_SHOTS) {
      await webkit.url(`http://localhost:${port}/scripts/gallery/page.html?${new URLSearchParams({ locale, theme, state })}`);
      await webkit.$('body[data-ready]').waitForExist({ timeout: 30000 });
      // WebKitWebDriver's element screenshots come out black here: the window's is cut to the element.
      const box = await webkit.execute((selector) => {
        const frame = document.querySelector(selector);
        frame?.scrollIntoView();
        const rect = frame?.getBoundingClientRect();
        return rect ? { x: rect.x * devicePixelRatio, y: rect.y * devicePixelRatio, width: rect.width * devicePixelRatio, height: rect.height * devicePixelRatio } : null;
      }, `figure[data-state="${state}"] > div`);
      if (!box) throw new Error(`no state named ${state} in the gallery`);
      const window = PNG.sync.read(Buffer.from(await webkit.takeScreenshot(), 'base64'));
      const [x, y] = [Math.round(box.x), Math.round(box.y)];
      const cut = new PNG({ width: Math.min(Math.round(box.width), window.width - x), height: Math.min(Math.round(box.height), window.height - y) });
      PNG.bitblt(window, cut, x, y, cut.width, cut.height, 0, 0);
      writeFileSync(`${OUT}/${state.replace(/[^a-z0-9._-]+/gi, '_')}.${locale}.${theme}.webkit.png`, PNG.sync.write(cut));
      webkitCount += 1;
    }
  } finally {
    await webkit.deleteSession();
    await server.stop();
  }
} else {
  await server.stop();
}
if (count === 0) {
  // A page that rendered no figure (a missing page, a failed import) must not pass for a gallery.
  console.error(`npm run gallery: no screenshots written to ${OUT}/: scripts/gallery/page.html showed no <figure>`);
  process.exit(1);
}
console.log(`${count} screenshots in ${OUT}/ from Chromium${webkitCount ? `, and ${webkitCount} from WebKit` : ''}`);
// The docs show what the widget looks like now: each of their pictures is replaced by this run's.
const retaken = readdirSync(DOC_PICTURES).filter((name) => name.endsWith('.png') && existsSync(`${OUT}/${name}`));
for (const name of retaken) copyFileSync(`${OUT}/${name}`, `${DOC_PICTURES}/${name}`);
console.log(`${retaken.length} of the docs' pictures in ${DOC_PICTURES}/ taken again`);
