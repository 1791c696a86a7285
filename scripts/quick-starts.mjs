// The README's quick starts, and the SRI snippet of docs/embedding.md, run as written (test/quick-start/quick-start.test.ts), so they cannot
// rot. Each is the fenced block after a `<!-- quick-start: <name> -->` marker in README.md:
// - `script-tag`, a whole HTML page, is served as it is at `/test/quick-start/script-tag`;
// - `react` (src/main.tsx) and `vue` (src/App.vue) are bundled by `npm run build:test-apps`
//   (scripts/build-test-apps.mjs) into test/quick-start/app/, and served in the page Vite's own
//   index.html would be, at `/test/quick-start/react` and `/test/quick-start/vue`.
// The blocks talk to `npm start`'s fake service at http://localhost:8787. Here the fake is the test
// server's, reached at 127.0.0.1 while the page is at localhost: another origin, as the fake is for a
// partner's page. That address is the only thing changed. No file extensions in these paths: the
// test server tells the browser to cache those for a year.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_API_KEY } from '../test/fake-service/credentials.js';

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

/**
 * The Subresource Integrity snippet of docs/embedding.md, as a page: the bundle from another origin
 * (127.0.0.1) with its real hash, its host sending CORS headers or not (`cors`), the API and the
 * "backend" this test server's. A first script records what the page prints as errors.
 */
function sriPage(origin, cors) {
  const snippet = markedBlock(readFileSync(new URL('docs/embedding.md', root), 'utf8'), '<!-- snippet: sri -->', 'docs/embedding.md');
  const elsewhere = origin.replace('localhost', '127.0.0.1');
  const hash = JSON.parse(readFileSync(new URL('dist/sri.json', root), 'utf8'))['dist/provider-link.iife.js'];
  const page = snippet
    .replace('https://your-cdn.example/@provider-link/widget@0.1.0/dist/provider-link.iife.js', `${elsewhere}/test/snippet/iife${cors ? '-cors' : ''}`)
    .replace('sha384-HASH_FROM_DIST_SRI_JSON', hash)
    .replace('https://api.service.example', elsewhere)
    .replace('/your-backend/link-token', '/test/snippet/link-token');
  const recorder = '<script>window.printedErrors = []; console.error = (...args) => window.printedErrors.push(args.join(" "));</script>';
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>SRI snippet</title>${recorder}</head>\n<body>\n${page}</body>\n</html>\n`;
}

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
    if (context.path === '/test/snippet/sri' || context.path === '/test/snippet/sri-cors') return html(sriPage(context.origin, context.path.endsWith('-cors')));
    if (context.path === '/test/snippet/iife' || context.path === '/test/snippet/iife-cors') {
      const headers = { 'cache-control': 'no-store', ...(context.path.endsWith('-cors') ? { 'access-control-allow-origin': '*' } : {}) };
      return { body: readFileSync(new URL('dist/provider-link.iife.js', root), 'utf8'), type: 'js', headers };
    }
    // The partner's backend of the snippet: a token from the fake, as text.
    if (context.path === '/test/snippet/link-token') {
      const answer = await fetch(`${context.origin}/v2/link/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': DEMO_API_KEY },
        body: JSON.stringify({ user_id: randomUUID() }),
      });
      return { body: (await answer.json()).link_token, type: 'text', headers: { 'cache-control': 'no-store' } };
    }
    const name = /^\/test\/quick-start\/([\w-]+)$/.exec(context.path)?.[1];
    if (!name) return undefined;
    const service = context.origin.replace('localhost', '127.0.0.1');
    const toTestService = (code) => code.replaceAll(DEMO_SERVICE, service);
    if (name === 'script-tag') return html(toTestService(quickStartBlock(name)));
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
};
