// The README's quick starts (test/quick-start/quick-start.test.ts), the SRI snippet of docs/embedding.md
// (test/quick-start/sri-snippet.test.ts) and docs/frameworks.md's Angular component
// (test/quick-start/angular.test.ts: angularApp below), run as written, so they cannot
// rot. Each is the fenced block after a `<!-- quick-start: <name> -->` marker in README.md:
// - `script-tag`, a whole HTML page, is served as it is at `/test/quick-start/script-tag`;
// - `react` (src/main.tsx) and `vue` (src/App.vue) are bundled by `npm run build:test-apps`
//   (scripts/build-test-apps.mjs) into test/quick-start/app/, and served in the page Vite's own
//   index.html would be, at `/test/quick-start/react` and `/test/quick-start/vue`.
// docs/frameworks.md's Vue and Svelte components (test/quick-start/frameworks.test.ts), the blocks
// after `<!-- snippet: vue -->` and `<!-- snippet: svelte -->`, are bundled the same way and served
// at `/test/quick-start/frameworks-vue` and `/test/quick-start/frameworks-svelte`.
// The blocks talk to `npm start`'s fake service at http://localhost:8787. Here the fake is the test
// server's, reached at 127.0.0.1 while the page is at localhost: another origin, as the fake is for a
// partner's page. That address is the only thing changed. No file extensions in these paths: the
// test server tells the browser to cache those for a year.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startDemoServer } from '../demo/serve.mjs';

export const QUICK_STARTS = ['script-tag', 'react', 'vue'];
/** Where the quick starts find the fake service: `npm start`'s address. */
export const DEMO_SERVICE = 'http://localhost:8787';

const root = new URL('..', import.meta.url);

/** The fenced code block after `marker` in a Markdown text. */
function markedBlock(markdown, marker, file) {
  const at = markdown.indexOf(marker);
  if (at === -1) throw new Error(`${file} has no ${marker}`);
  const block = /^```[\w-]*\n([\s\S]*?)^```$/m.exec(markdown.slice(at + marker.length));
  if (!block) throw new Error(`${file} has no code block after ${marker}`);
  return block[1];
}

/** The code of one quick start, as the README shows it. */
export function quickStartBlock(name, markdown = readFileSync(new URL('README.md', root), 'utf8')) {
  return markedBlock(markdown, `<!-- quick-start: ${name} -->`, 'README.md');
}

/** docs/frameworks.md's Vue, Svelte or Angular component (`name`), the block after its `<!-- snippet: <name> -->` marker. */
export function frameworksSnippet(name, markdown = readFileSync(new URL('docs/frameworks.md', root), 'utf8')) {
  return markedBlock(markdown, `<!-- snippet: ${name} -->`, 'docs/frameworks.md');
}

/** docs/testing.md's Playwright test (`playwright`) or config (`playwright-config`), the block after its `<!-- test-kit: <name> -->` marker. */
export function testKitSnippet(name, markdown = readFileSync(new URL('docs/testing.md', root), 'utf8')) {
  return markedBlock(markdown, `<!-- test-kit: ${name} -->`, 'docs/testing.md');
}

/**
 * The Subresource Integrity snippet of docs/embedding.md, a whole page written against `npm start`,
 * with only what a partner fills in replaced: the bundle's hash from dist/sri.json, the nonce of
 * this response, and `npm start`'s address (`service`). The bundle is loaded from `script`. A first
 * script, with the same nonce, records what the page reports (test/fixtures/csp/watch.js).
 */
function sriPage({ service, script, nonce }) {
  const snippet = markedBlock(readFileSync(new URL('docs/embedding.md', root), 'utf8'), '<!-- snippet: sri -->', 'docs/embedding.md');
  const hash = JSON.parse(readFileSync(new URL('dist/sri.json', root), 'utf8'))['dist/provider-link.iife.js'];
  const watch = readFileSync(new URL('test/fixtures/csp/watch.js', root), 'utf8');
  return snippet
    .replace('<head>', `<head>\n<script nonce="${nonce}">${watch}</script>`)
    .replace(`${DEMO_SERVICE}/dist/provider-link.iife.js`, script)
    .replaceAll(DEMO_SERVICE, service)
    .replace('sha384-HASH_FROM_DIST_SRI_JSON', hash)
    .replaceAll('NONCE_OF_THIS_RESPONSE', nonce);
}

/**
 * The policy of docs/security.md for a page whose bundle is at `script`, whose API and logos are at
 * `service`, and whose own inline scripts carry `nonce`. (`'self'` in script-src is the test
 * server's: it adds a script of its own to every page.)
 */
function strictPolicy({ service, script, nonce }) {
  return `default-src 'self'; script-src 'self' 'nonce-${nonce}' ${new URL(script).origin}; style-src 'self'; img-src 'self' data: ${service}; connect-src ${service}; require-trusted-types-for 'script'; trusted-types lit-html`;
}

/**
 * `npm start`'s own server (demo/serve.mjs), on a free port of 127.0.0.1, started when a page
 * first needs it: the SRI snippet runs against it as written.
 */
let demoServer;
async function npmStartOrigin() {
  demoServer ??= startDemoServer({ port: 0 });
  return `http://127.0.0.1:${(await demoServer).address().port}`;
}

/** The file each of docs/frameworks.md's bundled components is in. */
export const FRAMEWORK_FILES = { vue: 'FrameworksDoc.vue', svelte: 'FrameworksDoc.svelte' };
/** The service address docs/frameworks.md's snippets are written against. */
const LIVE_SERVICE = 'https://api.service.example';

/** The file each bundled quick start is in an app made by Vite's template. */
export const APP_FILES = { react: 'main.tsx', vue: 'App.vue' };

/** What Vite's index.html for each template holds: the mount point and the entry. */
const SHELL = {
  react: '<div id="root"></div>',
  vue: '<div id="app"></div>',
};

const html = (body) => ({ body, type: 'html', headers: { 'cache-control': 'no-store' } });

export const quickStarts = {
  name: 'quick-starts',
  async serve(context) {
    if (context.path === '/test/snippet/sri' || context.path === '/test/snippet/sri-no-cors') {
      const nonce = randomBytes(18).toString('base64');
      const service = await npmStartOrigin();
      // sri-no-cors: the same page, its script from a host that sends no CORS headers.
      const script = context.path.endsWith('no-cors') ? `${context.origin.replace('localhost', '127.0.0.1')}/test/snippet/iife` : `${service}/dist/provider-link.iife.js`;
      const page = html(sriPage({ service, script, nonce }));
      return { ...page, headers: { ...page.headers, 'content-security-policy': strictPolicy({ service, script, nonce }) } };
    }
    if (context.path === '/test/snippet/iife') {
      return { body: readFileSync(new URL('dist/provider-link.iife.js', root), 'utf8'), type: 'js', headers: { 'cache-control': 'no-store' } };
    }
    const name = /^\/test\/quick-start\/([\w-]+)$/.exec(context.path)?.[1];
    if (!name) return undefined;
    const service = context.origin.replace('localhost', '127.0.0.1');
    const toTestService = (code) => code.replaceAll(DEMO_SERVICE, service);
    if (name === 'script-tag') return html(toTestService(quickStartBlock(name)));
    if (name === 'angular' || name === 'angular-app') return angularApp(name, toTestService);
    const framework = /^frameworks-(vue|svelte)(-app)?$/.exec(name);
    if (framework) return frameworksApp(framework[1], Boolean(framework[2]), toTestService);
    if (SHELL[name]) {
      return html(`<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${name}</title></head>\n<body>${SHELL[name]}\n<script type="module" src="/test/quick-start/${name}-app"></script>\n</body>\n</html>\n`);
    }
    const app = /^(\w+)-app$/.exec(name)?.[1];
    if (app && SHELL[app]) {
      // A bundle of an older README would pass for the README as it is now: refuse it.
      const built = readFileSync(new URL(`test/quick-start/app/${APP_FILES[app]}`, root), 'utf8');
      const bundle = built === quickStartBlock(app) ? readFileSync(new URL(`test/quick-start/app/${app}.js`, root), 'utf8') : `document.body.textContent = 'The ${app} quick start changed since it was bundled: run npm run build:test-apps.';`;
      return { body: toTestService(bundle), type: 'js', headers: { 'cache-control': 'no-store' } };
    }
    return undefined;
  },
  async serverStop() {
    if (demoServer) (await demoServer).close();
  },
};

/**
 * docs/frameworks.md's Angular component in an app of ours (test/package/consumer/angular-main.ts),
 * bundled by `npm run build:test-apps`: `angular` is the page, the index.html of an Angular app,
 * and `angular-app` its script. The host fetches its token from `npm start`'s address and the
 * component's `base-url` is the live service's: both become the test's fake, nothing else changes.
 */
function angularApp(name, toTestService) {
  if (name === 'angular') {
    return html('<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>angular</title></head>\n<body><app-root></app-root>\n<script type="module" src="/test/quick-start/angular-app"></script>\n</body>\n</html>\n');
  }
  const service = toTestService(DEMO_SERVICE);
  // A bundle of an older snippet would pass for the docs as they are now: refuse it.
  const built = readFileSync(new URL('test/quick-start/app/angular/connect.component.ts', root), 'utf8');
  const bundle = built === frameworksSnippet('angular')
    ? readFileSync(new URL('test/quick-start/app/angular.js', root), 'utf8').replaceAll(LIVE_SERVICE, service)
    : "document.body.textContent = 'The Angular snippet changed since it was bundled: run npm run build:test-apps.';";
  return { body: toTestService(bundle), type: 'js', headers: { 'cache-control': 'no-store' } };
}

/**
 * docs/frameworks.md's Vue and Svelte components, each mounted by a host of ours
 * (test/quick-start/frameworks-host.ts fetches the token) and bundled by `npm run build:test-apps`
 * into test/quick-start/app/frameworks/: `frameworks-<name>` is the page, `frameworks-<name>-app`
 * its script. The host's `npm start` address and the snippet's live service address both become the
 * test's fake; nothing else changes.
 */
function frameworksApp(name, isScript, toTestService) {
  if (!isScript) {
    return html(`<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${name}</title></head>\n<body><div id="app"></div>\n<script type="module" src="/test/quick-start/frameworks-${name}-app"></script>\n</body>\n</html>\n`);
  }
  // A bundle of an older snippet would pass for the docs as they are now: refuse it.
  const built = readFileSync(new URL(`test/quick-start/app/frameworks/${FRAMEWORK_FILES[name]}`, root), 'utf8');
  const bundle = built === frameworksSnippet(name)
    ? readFileSync(new URL(`test/quick-start/app/frameworks/${name}.js`, root), 'utf8').replaceAll(LIVE_SERVICE, toTestService(DEMO_SERVICE))
    : `document.body.textContent = 'The ${name} snippet of docs/frameworks.md changed since it was bundled: run npm run build:test-apps.';`;
  return { body: toTestService(bundle), type: 'js', headers: { 'cache-control': 'no-store' } };
}
