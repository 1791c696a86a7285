/**
 * The sign-in window is bound to its attempt without telling the provider's pages which attempt it
 * is. A page of another origin can read its own window's `name` (the name stays with the window
 * across sites), not the return page's origin's sessionStorage. So what the provider's page (or a
 * script on it, or a redirect it passes through) can read must not let it, or a window it sends
 * that to, hand the widget a result.
 *
 * The fake's provider pages are of this origin, so that a test can read them as the provider's
 * own script would; only what another origin could read too is used to forge.
 */
import { expect } from '@open-wc/testing';
import { announcementFrom, OAUTH_CHANNEL } from '../../src/browser/oauth-result.js';
import type { OAuthAnnouncement } from '../../src/browser/oauth-result.js';
import { activate, button, consentPage, decide, heading, listingWidget, openElsewhere, recordEvents, returnPage, usePopups, waitForHeading, waitUntil } from '../helpers.js';

/** The next announcement a return page makes on the same-origin channel. */
function nextAnnouncement(): Promise<OAuthAnnouncement> {
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  return new Promise((resolve) => {
    channel.addEventListener('message', (event) => {
      const announcement = announcementFrom(event.data);
      if (!announcement) return;
      channel.close();
      resolve(announcement);
    });
  });
}

/**
 * A window of this origin that is none of the widget's (a page the provider's script sent what it
 * read to), given the window name the provider's page read, loading the return page with a success.
 */
const returnPageElsewhere = (name: string) => openElsewhere(`${returnPage()}?state=success`, (blank) => (blank.name = name));

describe('the sign-in window’s binding to its attempt', () => {
  const popups = usePopups();

  it('on the provider’s page, the window’s name holds nothing that identifies the attempt', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    const signIn = popups.last;
    const consent = await consentPage(signIn);
    const readByTheProvider = signIn.name;

    const announced = nextAnnouncement();
    decide(consent, 'allow');
    await waitForHeading(widget, 'Connected');
    const { attempt } = await announced; // the return page announced it before the widget took it
    expect(readByTheProvider, 'the provider’s page cannot read the attempt').not.to.include(attempt);
    expect(readByTheProvider, 'nor any id like it').not.to.match(/[0-9a-f]{32}/);
    expect(log.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
  });

  it('a success forged with what the provider’s page can read is not taken: no Connected, no link-success', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    const signIn = popups.last;
    const consent = await consentPage(signIn);

    const forged = await returnPageElsewhere(signIn.name);
    expect(forged.closed, 'the return page did not take the forger’s window for a sign-in window').to.equal(false);
    expect(heading(widget), 'still waiting for its own window').to.equal('Continue with Pulsewave Band');

    // The person then denies in the real window: that outcome, and no success, is what the widget reports.
    decide(consent, 'deny');
    await waitForHeading(widget, 'Not connected');
    expect(log.of('link-success')).to.deep.equal([]);
    expect(log.of('link-error').map((e) => e['errorType'])).to.deep.equal(['user_cancelled']);
  });

  it('still finishes through a provider of another origin, where only the window’s own storage knows the attempt', async () => {
    // The fake's consent page, served from another origin, presses Allow by itself.
    const providerOrigin = location.origin.replace('localhost', '127.0.0.1');
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage(), oauth_origin: providerOrigin, oauth_auto: 'allow' });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    await waitForHeading(widget, 'Connected');
    await waitUntil(() => popups.last.closed, 'the return page closes the window');
    expect(log.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
  });
});
