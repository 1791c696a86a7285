#!/usr/bin/env node
// `npm run gallery`: every state of the widget × {light, dark} × {en, ar} as PNG files in
// gallery/, photographed by Playwright in Debian's Chromium, for a reviewer to look through.
import { mkdirSync, rmSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, typescriptForRuntimeImports } from './dev-middleware.mjs';

const OUT = 'gallery';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

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
  for (const locale of ['en', 'ar']) {
    for (const theme of ['light', 'dark']) {
      await page.goto(`http://localhost:${port}/scripts/gallery/page.html?locale=${locale}&theme=${theme}`);
      await page.waitForSelector('body[data-ready]', { timeout: 30000 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const figure of await page.locator('figure').all()) {
        const state = (await figure.getAttribute('data-state')).replace(/[^a-z0-9._-]+/gi, '_');
        await figure.locator(':scope > div').screenshot({ path: `${OUT}/${state}.${locale}.${theme}.png`, animations: 'disabled' });
        count += 1;
      }
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
