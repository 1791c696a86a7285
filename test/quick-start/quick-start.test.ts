/**
 * The README's three quick starts, run as written: each page, copied from its block in README.md
 * (scripts/quick-starts.mjs; React and Vue bundled by `npm run build:test-apps`), links a provider
 * against the fake service over real HTTP, from another origin than the page's, as a partner's
 * page does against `npm start`. A quick start that stops working fails here, not for a partner.
 */
import { linkThroughSnippet, openSnippetPage } from './snippet-page.js';

for (const name of ['script-tag', 'react', 'vue']) {
  describe(`the README's ${name} quick start`, () => {
    it('links a password provider against the fake service, and its own listeners hear it', async () => {
      const page = await openSnippetPage(`/test/quick-start/${name}`);
      try {
        await linkThroughSnippet(page, { success: 'connected scalewise', exit: 'closed done' });
      } finally {
        page.frame.remove();
      }
    });
  });
}
