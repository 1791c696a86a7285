import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { fakeServiceMiddleware } from './demo/fake-service.mjs';

// Debian's Chromium, never a downloaded one; the flags keep it off the closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];

/** `executeServerCommand('bring-to-front')`: the test page takes the focus back from a popup. */
const bringToFront = {
  name: 'bring-to-front',
  async executeCommand({ command, session }) {
    if (command !== 'bring-to-front') return undefined;
    await session.browser.getPage(session.id).bringToFront();
    return true;
  },
};

/**
 * The widget loads its language catalogues at run time (`import()` of `./locales/xx.js`, which
 * the build emits); from the sources those are `.ts` files, so serve them for the `.js` asked.
 */
function typescriptForRuntimeImports(context, next) {
  if (context.path.startsWith('/src/') && context.path.endsWith('.js') && !existsSync(`.${context.path}`)) {
    const typescript = context.path.replace(/\.js$/, '.ts');
    if (existsSync(`.${typescript}`)) context.url = typescript + context.search;
  }
  return next();
}

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: true,
  // One page at a time: a page in a background tab gets no animation frames and no keyboard
  // focus, and these tests drive focus, keys and popups as a person would.
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 240000,
  plugins: [bringToFront, esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  middleware: [typescriptForRuntimeImports, fakeServiceMiddleware()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: chromiumArgs,
      },
    }),
  ],
};
