/**
 * A partner's app bundled from the npm entries, whose redirect_url is the app itself: when the
 * provider sends the popup back to it, registering the element hands the result to the widget
 * that opened the popup and closes it, with no code of the partner's own. (Only the script-tag
 * builds used to do that: the popup stayed open, rendering the whole app again, while the widget
 * said "Didn't finish?".)
 */
import { expect } from '@open-wc/testing';
import { activate, button, consentPage, decide, expectOneVisit, listingWidget, recordEvents, usePopups, waitForHeading, waitUntil } from '../helpers.js';

// Built by `npm run build:test-apps` (npm test does it first), served by the pages in test/fixtures/bundled-return/.
const APPS = { define: '@provider-link/widget/define', react: 'the <ProviderLink> component of @provider-link/widget/react' };

describe('an app bundled from the npm entries as the OAuth return page', () => {
  const popups = usePopups();

  for (const [app, entry] of Object.entries(APPS)) {
    it(`finishes the popup with ${entry}`, async () => {
      const redirectUrl = new URL(`/test/fixtures/bundled-return/${app}.html`, location.origin).href;
      const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: redirectUrl });
      const log = recordEvents(widget);
      await activate(button(widget, 'Pulsewave'));
      decide(await consentPage(popups.last), 'allow');

      await waitForHeading(widget, 'Connected');
      await waitUntil(() => popups.last.closed, 'the app closes the popup it was loaded in');
      expect(log.of('link-success')).to.deep.equal([{ provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false }]);
      expect(expectOneVisit(log.visitIds), 'one visit, through the popup, the widget’s').to.equal(widget.linkSessionId);
    });
  }
});
