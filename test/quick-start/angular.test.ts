/**
 * docs/frameworks.md's Angular component, run as written: compiled ahead of time by ngc inside an app
 * that fetches a token and hands it to `<app-connect [linkToken]>`, bundled by
 * `npm run build:test-apps` and served by scripts/quick-starts.mjs with only its `base-url` pointed
 * at the fake service. It links a provider, and the component's own `connected` and `closed`
 * handlers hear it. A snippet that stops working in Angular fails here, not for a partner.
 */
import { expect } from '@open-wc/testing';
import { linkThroughSnippet, openSnippetPage } from './snippet-page.js';

describe("docs/frameworks.md's Angular component", () => {
  it('links a password provider against the fake service, and its own handlers hear it', async () => {
    const page = await openSnippetPage('/test/quick-start/angular');
    try {
      expect(page.widget.closest('app-connect'), 'the widget is the one the component renders').to.not.equal(null);
      expect(page.widget.linkToken, 'the host handed its token through the input').to.be.a('string').and.not.equal('');
      // The component's handlers print the provider, and the reason.
      await linkThroughSnippet(page, { success: 'scalewise', exit: 'done' });
    } finally {
      page.frame.remove();
    }
  });
});
