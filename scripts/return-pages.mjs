// The redirect return pages of test/browser/return-pages.test.ts, each written one of the ways a partner
// writes it: the token in a static `link-token` attribute, as a server renders the page for the
// signed-in user. The test hands the server the token (`executeServerCommand('return-page-token',
// {token, userAgent})`), one per browser, since the engines run this file at the same time; `/test/return-pages/<way>` serves test/fixtures/return-pages/<way>.html with it in
// place of `__LINK_TOKEN__` (and its own origin for `__BASE_URL__`), on the way out and on the way back alike, and
// `/test/return-pages/link-token` answers it as JSON, as the partner's backend does in docs/oauth.md.
// No file extension in these paths: the test server tells the browser to cache those for a year.
import { readFileSync } from 'node:fs';

/** The token each browser's test handed over last, by the browser's user agent. */
const tokens = new Map();

export const returnPages = {
  name: 'return-pages',
  executeCommand({ command, payload }) {
    if (command !== 'return-page-token') return undefined;
    tokens.set(String(payload.userAgent), String(payload.token));
    return true;
  },
  async serve(context) {
    const currentToken = tokens.get(context.get('user-agent')) ?? '';
    // A script that keeps the parser waiting, as a page's own slow scripts do.
    if (context.path === '/test/return-pages/slow-script') {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { body: 'window.slowScriptRan = true;', type: 'js', headers: { 'cache-control': 'no-store' } };
    }
    if (context.path === '/test/return-pages/link-token') {
      return { body: JSON.stringify({ link_token: currentToken }), type: 'json', headers: { 'cache-control': 'no-store' } };
    }
    const way = /^\/test\/return-pages\/([\w-]+)$/.exec(context.path)?.[1];
    if (!way) return undefined;
    const page = readFileSync(new URL(`../test/fixtures/return-pages/${way}.html`, import.meta.url), 'utf8');
    return { body: page.replaceAll('__LINK_TOKEN__', currentToken).replaceAll('__BASE_URL__', context.origin), type: 'html', headers: { 'cache-control': 'no-store' } };
  },
};
