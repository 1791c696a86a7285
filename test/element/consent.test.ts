/**
 * Consent: what the app will receive, from the provider's `supported_resources`, before an OAuth
 * window opens or a password is asked for; in the partner's name (`app-name`) or neutral words; no
 * request of its own; and the window still opens inside a click.
 */
import { expect } from '@open-wc/testing';
import { openLinkModal, shownLinkModal } from '../../src/entries/modal.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { activate, button, consentPage, decide, fakeRequests, heading, listingWidget, mintToken, mountWidget, providersShown, recordEvents, returnPage, root, usePopups, waitForHeading, waitUntil } from '../helpers.js';

/** The kinds shown at once, then those behind "and N more". */
const kindsShown = (widget: ProviderLinkElement) =>
  [...root(widget).querySelectorAll('.consent > .kinds li')].map((li) => li.textContent?.trim());
const moreKinds = (widget: ProviderLinkElement) => root(widget).querySelector<HTMLDetailsElement>('.consent details');
const consentIntro = (widget: ProviderLinkElement) => root(widget).querySelector('.consent .lead')?.textContent?.trim();

/** What the fake's Restwell Ring shares, as an English reader sees it (test/fake-service/fake-service.mjs). */
const FIRST_EIGHT = ['Sleep', 'Activity', 'Heart rate', 'Heart rate variability', 'Steps', 'Workouts', 'Body temperature', 'Breathing rate'];

describe('<provider-link> consent before connecting', () => {
  const popups = usePopups();
  afterEach(() => shownLinkModal()?.close());

  it('says what Acme Health will receive before any window opens, then Continue opens the popup inside that click', async () => {
    const { widget, token } = await listingWidget({ 'oauth-mode': 'popup', 'app-name': 'Acme Health' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);

    await activate(button(widget, 'Restwell Ring'));
    await waitForHeading(widget, 'Connect Restwell Ring');
    expect(popups.opened, 'no window before consent').to.have.length(0);
    expect(consentIntro(widget)).to.equal('Acme Health will receive:');
    expect(kindsShown(widget)).to.deep.equal(FIRST_EIGHT);
    // The ninth and tenth kinds wait behind "and 2 more"; one has no name in the catalogue and is humanised.
    const more = moreKinds(widget)!;
    expect(more.querySelector('summary')?.textContent?.trim()).to.equal('and 2 more');
    expect(more.open).to.equal(false);
    more.querySelector('summary')!.click();
    await waitUntil(() => more.open, 'the rest of the kinds expand');
    expect([...more.querySelectorAll('li')].map((li) => li.textContent?.trim())).to.deep.equal(['Blood oxygen', 'Menstrual cycle']);
    expect((await fakeRequests(token)).map((c) => c.path), 'consent asks nothing of the service').to.deep.equal(['/v2/link/providers']);
    expect(log.of('link-event').map((e) => e['name'])).to.include('consent_viewed');

    await activate(button(widget, 'Continue to Restwell Ring'));
    expect(popups.opened, 'one window, opened inside the Continue click, not blocked').to.have.length(1);
    await waitForHeading(widget, 'Continue with Restwell Ring');
    expect(root(widget).textContent).not.to.include('allow pop-ups');
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success')).to.deep.equal([{ provider: 'restwell', authType: 'oauth', redirectUrl: null, reconnected: false }]);
  });

  it('uses neutral words without app-name, goes back to the list, and reports closing on the consent step', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' });
    const log = recordEvents(widget);
    await activate(button(widget, 'Restwell Ring'));
    await waitForHeading(widget, 'Connect Restwell Ring');
    expect(consentIntro(widget)).to.equal('This app will receive:');

    button(widget, 'Back').click();
    await providersShown(widget);
    await activate(button(widget, 'Restwell Ring'));
    await waitForHeading(widget, 'Connect Restwell Ring');
    button(widget, 'Close').click();
    await waitUntil(() => log.of('link-exit').length === 1);
    expect(log.of('link-exit')).to.deep.equal([{ reason: 'user_cancelled', provider: 'restwell', step: 'consent' }]);
    expect(popups.opened).to.have.length(0);
  });

  it('follows app-name set from code, in the words of the widget’s language', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'fr', provider: 'restwell' });
    await waitForHeading(widget, 'Connecter Restwell Ring');
    expect(consentIntro(widget)).to.equal('Cette application recevra\u202f:');
    widget.appName = 'Acme Santé';
    await widget.updateComplete;
    expect(consentIntro(widget)).to.equal('Acme Santé recevra\u202f:');
    expect(kindsShown(widget).slice(0, 3)).to.deep.equal(['Sommeil', 'Activité', 'Fréquence cardiaque']);
    expect(moreKinds(widget)?.querySelector('summary')?.textContent?.trim()).to.equal('et 2 de plus');
  });

  it('takes app-name from ProviderLink.open(), and opens straight to consent for the provider option', async () => {
    const { element } = openLinkModal({ linkToken: await mintToken(), appName: 'Acme Health', provider: 'restwell' });
    await waitForHeading(element, 'Connect Restwell Ring');
    expect(consentIntro(element)).to.equal('Acme Health will receive:');
  });

  it('skips consent for a provider that does not say what it shares: its window opens on the first click', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup', 'app-name': 'Acme Health' }, 'default', { redirect_url: returnPage() });
    await activate(button(widget, 'Pulsewave'));
    expect(popups.opened).to.have.length(1);
    await waitForHeading(widget, 'Continue with Pulsewave Band');
    expect(root(widget).querySelector('.consent'), 'never an empty list').to.equal(null);
  });

  it('says it on a password provider’s sign-in form, above the fields: no screen and no click of its own', async () => {
    const { widget } = await listingWidget({ 'app-name': 'Acme Health' });
    button(widget, 'Tidemark Scale').click();
    await waitForHeading(widget, 'Sign in to Tidemark Scale');
    expect(consentIntro(widget)).to.equal('Acme Health will receive:');
    expect(kindsShown(widget)).to.deep.equal(['Weight', 'Body fat', 'Body measurements']);
    const consent = root(widget).querySelector('.consent')!;
    const form = root(widget).querySelector('form')!;
    expect(consent.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING, 'the sentence comes before the fields').to.not.equal(0);
    expect(heading(widget)).to.equal('Sign in to Tidemark Scale');
  });
});
