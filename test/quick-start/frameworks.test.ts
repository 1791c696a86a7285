/**
 * docs/frameworks.md's Vue and Svelte components, run as written: each, copied from its block and
 * bundled by `npm run build:test-apps` with a host that fetches a fresh token (frameworks-host.ts),
 * links a provider against the fake service over real HTTP, from another origin than the page's,
 * and its own handlers hear the outcome. Only the service's address is changed
 * (scripts/quick-starts.mjs). A snippet that stops working fails here, not for a partner.
 */
import { expect } from '@open-wc/testing';
import { linkThroughSnippet, openSnippetPage } from './snippet-page.js';

for (const name of ['vue', 'svelte']) {
  describe(`docs/frameworks.md's ${name} component`, () => {
    it('links a password provider against the fake service, and its own handlers hear it', async () => {
      const page = await openSnippetPage(`/test/quick-start/frameworks-${name}`);
      try {
        expect(page.widget.theme, 'its theme setting').to.equal('dark');
        await linkThroughSnippet(page, { success: 'connected scalewise', exit: 'closed done' });
      } finally {
        page.frame.remove();
      }
    });
  });
}
