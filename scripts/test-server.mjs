// The test server of web-test-runner.config.mjs, which every engine's pages share: the fake
// service, the strict CSP fixture pages, the server commands, TypeScript from the sources.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fakeServiceMiddleware } from '../test/fake-service/fake-service.mjs';
import { typescriptForRuntimeImports } from './dev-middleware.mjs';
import { EXCHANGE_LOG } from './check-contract.mjs';
import { fuzzCommands } from './fuzz-commands.mjs';
import { hostSimulation } from './host-simulation.mjs';
import { bridgeContract } from './bridge-contract.mjs';
import { returnPages } from './return-pages.mjs';
import { quickStarts } from './quick-starts.mjs';

// The fake's verdict on every exchange with its /v2/link/* routes, one JSON line each, for the
// check of the whole run that `npm test` makes after the browser tests (scripts/check-contract.mjs).
// Each run starts it afresh (`startExchangeLog`).
export function startExchangeLog() {
  rmSync(dirname(EXCHANGE_LOG), { recursive: true, force: true });
  mkdirSync(dirname(EXCHANGE_LOG), { recursive: true });
}
mkdirSync(dirname(EXCHANGE_LOG), { recursive: true });
const recordExchange = (exchange) => appendFileSync(EXCHANGE_LOG, `${JSON.stringify(exchange)}\n`);

/**
 * The strict policy a careful partner page sends (docs/security.md, "Content-Security-Policy"), as a
 * response header on the fixture pages in test/fixtures/csp/ only; `?trusted-types=none` swaps
 * its last directive for `trusted-types 'none'`, a page that allows no Trusted Types policy.
 */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html";
/**
 * `/cdn/…` is `/dist/…` served as a CDN with CORS headers serves it (the SRI snippet's script tag,
 * `crossorigin="anonymous"`, needs them from another origin); `/dist/` itself stays a host without
 * them, for the tests of what works there.
 */
async function corsOnDist(context, next) {
  const viaCdn = context.path.startsWith('/cdn/');
  if (viaCdn) context.url = `/dist/${context.url.slice('/cdn/'.length)}`;
  await next();
  if (viaCdn) context.set('access-control-allow-origin', '*');
}

async function strictCspOnFixtures(context, next) {
  await next();
  if (!/^\/test\/fixtures\/csp\/[\w-]+\.html$/.test(context.path)) return;
  const none = context.query['trusted-types'] === 'none';
  context.set('content-security-policy', none ? STRICT_CSP.replace('trusted-types lit-html', "trusted-types 'none'") : STRICT_CSP);
}

/** `executeServerCommand('bring-to-front')`: the test page takes the focus back from a popup. */
export const bringToFront = {
  name: 'bring-to-front',
  async executeCommand({ command, session }) {
    if (command !== 'bring-to-front') return undefined;
    if (session.browser.type === 'webdriver') {
      // WebDriver's Switch To Window focuses the window it switches to: the test page's own.
      const { driver } = session.browser;
      await driver.switchToWindow(await driver.getWindowHandle());
    } else {
      await session.browser.getPage(session.id).bringToFront();
    }
    return true;
  },
};


/**
 * `/test/redirect-elsewhere/<path>` answers 307 to the same path at 127.0.0.1: a `base-url` whose
 * server sends the API's calls to another origin. The widget must not follow it with its token.
 */
async function redirectElsewhere(context, next) {
  const rest = /^\/test\/redirect-elsewhere(\/.*)$/.exec(context.path)?.[1];
  if (!rest) return next();
  context.status = 307;
  context.set('location', `http://127.0.0.1:${context.request.socket.localPort}${rest}${context.search}`);
}

/**
 * A file path that does not decode (`%E0%A4%A`, sent on purpose by the hostile-slug tests) gets a plain
 * 400 here; the file server behind would answer the same with a stack trace in the run's output.
 */
async function undecodablePath(context, next) {
  try {
    decodeURIComponent(context.path);
  } catch {
    context.status = 400;
    context.body = 'Bad request: the path does not decode.';
    return;
  }
  await next();
}

/** Lit's one-line notice that the tests run its development build (for its extra checks): expected, so not shown. */
const LIT_DEV_MODE = 'Lit is in dev mode.';

/** Everything but the files and the browsers. */
export const sharedConfig = {
  nodeResolve: true,
  // Each launcher says how many pages it runs at once (web-test-runner.config.mjs).
  concurrency: 1,
  // A test that hangs ends here; none is meant to come near it. Tests wait for signals, and several
  // files share two cores, so a slow moment must not fail a test that would have passed.
  testFramework: { config: { timeout: 60000 } },
  plugins: [bringToFront, fuzzCommands, hostSimulation, bridgeContract, returnPages, quickStarts, esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  filterBrowserLogs: ({ args }) => !(typeof args[0] === 'string' && args[0].startsWith(LIT_DEV_MODE)),
  middleware: [corsOnDist, strictCspOnFixtures, redirectElsewhere, typescriptForRuntimeImports, fakeServiceMiddleware({ record: recordExchange }), undecodablePath],
};
