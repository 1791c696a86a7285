#!/usr/bin/env node
// `npm run gallery`: every state of the widget × {light, dark} × {en, ar} as PNG files in
// gallery/, and one state (the verification code, a form and a sentence with a hint) in each of
// the other languages, photographed by Playwright in Debian's Chromium, for a reviewer to look
// through.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, typescriptForRuntimeImports } from './dev-middleware.mjs';

const OUT = 'gallery';
/** Every state in these; ONE_STATE in the others (src/i18n/index.ts, LANGUAGES). */
const EVERY_STATE = ['en', 'ar'];
const ONE_STATE = 'password.mfa';
const FURTHER_LANGUAGES = ['es', 'fr', 'de', 'pt', 'it', 'nl', 'ja', 'zh'];
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
  await server.stop();
}
if (count === 0) {
  // A page that rendered no figure (a missing page, a failed import) must not pass for a gallery.
  console.error(`npm run gallery: no screenshots written to ${OUT}/: scripts/gallery/page.html showed no <figure>`);
  process.exit(1);
}
console.log(`${count} screenshots in ${OUT}/`);
