import { expect } from '@open-wc/testing';
import { activate, bringToFront, button, consentPage, decide, errorText, fakeRequests, hasButton, heading, holdRequests, listingWidget, openElsewhere, mintToken, mountWidget, oneVisit, providersShown, recordEvents, returnPage, root, usePopups, waitForHeading, waitUntil } from '../helpers.js';
import { markAttempt } from '../../src/browser/oauth-result.js';
import { oauthAnnouncementHeard } from '../support/oauth-heard.js';

describe('<provider-link> OAuth in a popup', () => {
  const popups = usePopups();

  it('opens the provider in a popup, and the return page hands success back and closes it', async () => {
    const { widget, token } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);

    await activate(button(widget, 'Pulsewave'));
    expect(popups.opened).to.have.length(1, 'one window, opened inside the click');
    await waitForHeading(widget, 'Continue with Pulsewave');
    decide(await consentPage(popups.last), 'allow');

    await waitForHeading(widget, 'Connected');
    await waitUntil(() => popups.last.closed, 'the return page closes the popup');
    expect(log.of('link-success')).to.deep.equal([{ provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false }]);
    expect(log.of('link-event').map((e) => e['name'])).to.include.members(['provider_selected', 'oauth_opened', 'success']);
    expect(JSON.stringify(log.events)).not.to.include(token);
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.path)).to.deep.equal(['/v2/link/providers', '/v2/link/provider/oauth/pulsewave']);
  });

  it('says the sign-in was cancelled when the user denies, and tries again from a fresh click', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Stridely'));
    decide(await consentPage(popups.last), 'deny');

    await waitForHeading(widget, 'Not connected');
    expect(errorText(widget)).to.equal('The sign-in was cancelled, or its window closed, before it finished. You can try again.');
    expect(log.of('link-error')).to.deep.equal([
      { errorType: 'user_cancelled', message: errorText(widget), debug: 'The user denied access.', provider: 'stridely', recoverable: true },
    ]);

    await activate(button(widget, 'Try again'));
    expect(popups.opened).to.have.length(2);
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success').map((s) => s['provider'])).to.deep.equal(['stridely']);
  });

  /** A popup sign-in whose window the user closes before deciding: the widget loses sight of it. */
  async function outOfSight() {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    await consentPage(popups.last);
    popups.last.close();
    await waitForHeading(widget, 'Didn’t finish?');
    return { widget, log };
  }

  it('says it lost sight of a closed popup, reports nothing until the user decides, and tries again in a new window', async () => {
    const { widget, log } = await outOfSight();
    expect(root(widget).textContent).to.include('The Pulsewave Band sign-in window closed or went out of view.');
    expect(log.of('link-error'), 'closed is no proof of cancellation').to.deep.equal([]);
    await activate(button(widget, 'Try again'));
    expect(popups.opened).to.have.length(2);
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-error')).to.deep.equal([]);
    expect(log.of('link-success')).to.have.length(1);
  });

  it('tells a window the user closed while it still said “Opening…” from a blocked one', async () => {
    // The provider's address is held back, so the user closes the blank window before it comes.
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' });
    const log = recordEvents(widget);
    const release = holdRequests('/v2/link/provider/oauth/');
    try {
      await activate(button(widget, 'Pulsewave'));
      expect(popups.last.document.title, 'the blank window says what is coming').to.equal('Opening Pulsewave Band…');
      popups.last.close();
    } finally {
      release();
    }

    await waitForHeading(widget, 'Didn’t finish?');
    expect(root(widget).textContent).to.include('The Pulsewave Band sign-in window closed or went out of view.');
    expect(root(widget).textContent, 'not mistaken for a popup blocker').not.to.include('allow pop-ups');
    expect(log.of('link-error')).to.deep.equal([]);
  });

  it('reports user_cancelled when the user cancels a window out of sight, and goes back to the list', async () => {
    const { widget, log } = await outOfSight();

    await activate(button(widget, 'Cancel'));
    await providersShown(widget);
    expect(log.of('link-error')).to.deep.equal([
      { errorType: 'user_cancelled', message: 'The sign-in was cancelled, or its window closed, before it finished. You can try again.', debug: 'The sign-in window was closed.', provider: 'pulsewave', recoverable: true },
    ]);
    expect(log.of('link-success')).to.deep.equal([]);
  });

  it('reports withheld permissions as their own recoverable error', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Cardiotrack'));
    const consent = await consentPage(popups.last);
    consent.querySelector<HTMLInputElement>('input[name="all_scopes"]')!.checked = false;
    decide(consent, 'allow');

    await waitForHeading(widget, 'Not connected');
    expect(errorText(widget)).to.equal('All the requested permissions are needed to connect. Try again and allow them all.');
    expect(log.of('link-error')[0]).to.include({ errorType: 'required_scopes_not_granted', provider: 'cardiotrack', recoverable: true });
  });

  it('gets the result back from a popup that lost its opener to Cross-Origin-Opener-Policy', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage(), oauth_coop: true, oauth_auto: 'allow' });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    // Under COOP the opener's handle reports the popup closed as soon as it reaches the provider.
    await waitUntil(() => popups.last.closed, 'the opener loses sight of the popup'); // a window's load, which takes WebKit longer
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
  });

  it('closes its popup when the user closes the widget mid-sign-in', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    await consentPage(popups.last);

    button(widget, 'Close').click();
    await waitUntil(() => popups.last.closed, 'the popup closes with the widget');
    expect(log.of('link-exit')).to.deep.equal([{ reason: 'user_cancelled', provider: 'pulsewave', step: 'oauth' }]);
  });

  it('closes the blank window when the provider’s address cannot be fetched, and tries again from a fresh click', async () => {
    // flaky: every other call fails with a 502; the list is the second call, the address the third.
    const widget = await mountWidget({ 'link-token': await mintToken('flaky', { redirect_url: returnPage() }), 'oauth-mode': 'popup' });
    await waitForHeading(widget, 'Something went wrong');
    button(widget, 'Try again').click();
    await providersShown(widget);
    await activate(button(widget, 'Pulsewave'));
    await waitForHeading(widget, 'Not connected');
    await waitUntil(() => popups.last.closed, 'the blank window is closed');
    await activate(button(widget, 'Try again'));
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
  });

  it('refuses an oauth_url that is not http(s), closes the blank popup and keeps the list usable', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'hostile');
    const log = recordEvents(widget);
    await activate(button(widget, 'Sneaky Sync'));

    await waitUntil(() => errorText(widget) !== '', 'an error is shown');
    expect(errorText(widget)).to.equal('The provider’s sign-in page address is not safe to open, so it was not opened. Choose another provider.');
    expect(hasButton(widget, 'Try again'), 'asking again would give the same address').to.equal(false);
    await waitUntil(() => popups.last.closed, 'the blank popup is closed');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(log.of('link-error')[0]).to.include({ errorType: 'unsafe_oauth_url', recoverable: false });
    button(widget, 'Choose another provider').click();
    await providersShown(widget);
  });

  it('says a provider switched off for now (is_active: false) is temporarily unavailable, opens nothing, and goes back', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'hostile');
    const log = recordEvents(widget);
    await activate(button(widget, 'Dormant Band'));

    await waitForHeading(widget, 'Temporarily unavailable');
    expect(errorText(widget)).to.equal('The service has switched this provider off for now. Try again later, or choose another provider.');
    expect(hasButton(widget, 'Try again'), 'nothing to retry right now').to.equal(false);
    await waitUntil(() => popups.last.closed, 'the blank window opened in the click is closed again');
    expect(log.of('link-error')).to.deep.equal([
      { errorType: 'provider_unavailable', message: errorText(widget), debug: null, provider: 'dormant', recoverable: false },
    ]);
    expect(log.of('link-event').map((e) => e['name'])).not.to.include('oauth_opened');
    button(widget, 'Choose another provider').click();
    await providersShown(widget);
  });
});

describe('<provider-link> OAuth results that cannot be forged', () => {
  const popups = usePopups();

  /** The return page with `query`, opened the way another site or tab would. */
  const returnPageElsewhere = (query: string, prepare?: (blank: Window) => void) => openElsewhere(`/test/fixtures/oauth-return.html?${query}`, prepare);

  it('takes nothing from a page that merely holds ?state=success, the app’s own callback, or a window marked with a guessed attempt', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    const consent = await consentPage(popups.last);

    const forged = await returnPageElsewhere('state=success');
    const callback = await returnPageElsewhere('state=csrf-4f2a&code=app-login-code');
    // The guessed window announces its result both ways, as a sign-in window does; once this page
    // has heard it each way, so has the widget.
    const guessedAttempt = '0'.repeat(32);
    const heard = oauthAnnouncementHeard(({ attempt }) => attempt === guessedAttempt, { posted: true });
    const guessed = await returnPageElsewhere('state=success', (blank) => markAttempt(blank, guessedAttempt));
    await heard;
    await widget.updateComplete;
    expect(heading(widget), 'still waiting for its own window').to.equal('Continue with Pulsewave Band');
    expect(log.of('link-success')).to.deep.equal([]);
    expect(log.of('link-error')).to.deep.equal([]);
    expect(forged.closed, 'a page that is not a sign-in window stays open').to.equal(false);
    expect(callback.closed).to.equal(false);
    expect(callback.location.search, 'the app’s own parameters are left alone').to.equal('?state=csrf-4f2a&code=app-login-code');
    expect(guessed.closed, 'a window marked with an attempt closes, but the widget did not start it').to.equal(true);

    decide(consent, 'allow');
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
  });

  it('under Cross-Origin-Opener-Policy, with two widgets waiting, hands the result to its own widget only', async () => {
    const a = await mountWidget({ 'link-token': await mintToken('default', { redirect_url: returnPage(), oauth_coop: true, oauth_auto: 'allow' }), 'oauth-mode': 'popup' });
    const b = await mountWidget({ 'link-token': await mintToken('default', { redirect_url: returnPage(), oauth_coop: true }), 'oauth-mode': 'popup' });
    const logA = recordEvents(a);
    const logB = recordEvents(b);
    await providersShown(a);
    await providersShown(b);
    await activate(button(b, 'Stridely'));
    // B's window has reached its provider's isolated page (the handle then reports it closed)
    // before the person comes back to the page: no window still opening takes the focus after.
    await waitUntil(() => popups.last.closed, 'B’s window reaches its provider');
    await bringToFront();
    // A's result comes over the channel only (its provider's page cut its window off from this
    // page); B is listening already, A from its click on.
    const heard = oauthAnnouncementHeard(() => true, { posted: false });
    await activate(button(a, 'Pulsewave'));

    await waitForHeading(a, 'Connected');
    await waitForHeading(b, 'Didn’t finish?'); // B's window is isolated by its provider's page: out of sight
    await heard;
    await b.updateComplete;
    expect(logA.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
    expect(logB.of('link-success'), 'B never heard A’s result').to.deep.equal([]);
    expect(logB.of('link-error'), 'and reported nothing while out of sight').to.deep.equal([]);
  });
});

describe('<provider-link> when the browser blocks the popup', () => {
  const popups = usePopups();

  it('in popup mode, offers a button that opens the window from a fresh click', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const open = window.open;
    window.open = () => null; // the browser's popup blocker says no
    try {
      await activate(button(widget, 'Pulsewave'));
      await waitUntil(() => root(widget).textContent?.includes('allow pop-ups for this site'), 'the blocked screen');
    } finally {
      window.open = open;
    }
    expect(heading(widget)).to.equal('Continue with Pulsewave Band');
    await activate(button(widget, 'Open Pulsewave Band sign-in'));
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
  });

  it('in auto mode, falls back to a full-page redirect and resumes on the way back', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/test/fixtures/redirect-host.html';
    document.body.append(frame);
    try {
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      const win = () => frame.contentWindow as Window & { linkEvents: { type: string; detail: Record<string, unknown> }[] };
      const widget = () => win().document.querySelector('provider-link')!;
      const headingText = () => widget()?.shadowRoot?.querySelector('h2')?.textContent?.trim();
      win().open = () => null; // this page's popup blocker says no
      widget().setAttribute('oauth-mode', 'auto');
      widget().setAttribute('link-token', await mintToken('default', { redirect_url: new URL('/test/fixtures/redirect-host.html', location.origin).href }));
      await waitUntil(() => headingText() === 'Connect a data source', 'the list in the frame');
      [...widget().shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.includes('Pulsewave'))!.click();
      decide(await consentPage(win()), 'allow');
      await waitUntil(() => win().location.pathname === '/test/fixtures/redirect-host.html' && headingText() === 'Connected', 'back and connected');
      // The screen may show before the page's own listeners stand; the event waits for them.
      await waitUntil(() => win().linkEvents?.some((e) => e.type === 'link-success'), 'link-success, heard by the page');
      expect(win().linkEvents.filter((e) => e.type === 'link-success')).to.have.length(1);
    } finally {
      frame.remove();
    }
  });

  it('hands the result back even when the page had a stale redirect marker', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    // Left by a redirect the user abandoned with Back; the browser copies it into the popup.
    sessionStorage.setItem('provider-link:redirect', JSON.stringify({ slug: 'stridely', name: 'Stridely', authType: 'oauth', at: Date.now() }));
    try {
      await activate(button(widget, 'Pulsewave'));
      decide(await consentPage(popups.last), 'allow');
      await waitForHeading(widget, 'Connected');
      await waitUntil(() => popups.last.closed, 'the popup closed itself');
    } finally {
      sessionStorage.clear();
    }
  });
});

describe('<provider-link> OAuth by full-page redirect', () => {
  it('leaves for the provider and, back on ?state=…, shows the outcome without calling the API', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/test/fixtures/redirect-host.html';
    document.body.append(frame);
    try {
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      const returnTo = new URL('/test/fixtures/redirect-host.html', location.origin).href;
      const token = await mintToken('default', { redirect_url: returnTo });
      const win = () => frame.contentWindow as Window & { linkEvents: { type: string; detail: Record<string, unknown> }[] };
      const widget = () => win().document.querySelector('provider-link')!;
      const shadow = () => widget().shadowRoot!;
      widget().setAttribute('link-token', token);
      await waitUntil(() => shadow().querySelector('h2')?.textContent?.includes('Connect a data source'), 'provider list in the frame');

      const pulsewave = [...shadow().querySelectorAll('button')].find((b) => b.textContent?.includes('Pulsewave'))!;
      pulsewave.click();
      decide(await consentPage(win()), 'allow');

      await waitUntil(() => win().location.pathname === '/test/fixtures/redirect-host.html' && !!widget()?.shadowRoot?.querySelector('h2'), 'back on the partner page');
      await waitUntil(() => shadow().querySelector('h2')?.textContent === 'Connected', 'the resumed widget shows success');
      await waitUntil(() => win().linkEvents?.some((e) => e.type === 'link-success'), 'link-success, heard by the page');
      expect(win().location.search, 'the result is stripped from the address').to.equal('');
      // Everything the page heard since it came back: one visit, the widget's.
      const visit = oneVisit(win().linkEvents.map((e) => e.detail));
      expect(visit.linkSessionId, 'the element’s own').to.equal((widget() as unknown as { linkSessionId: string }).linkSessionId);
      expect(visit.rest.filter((_, i) => win().linkEvents[i]!.type === 'link-success')).to.deep.equal([
        { provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false },
      ]);
      expect(win().sessionStorage.length, 'nothing left in storage').to.equal(0);
      const calls = await fakeRequests(token);
      expect(calls.map((c) => c.path), 'the way back made no API call').to.deep.equal(['/v2/link/providers', '/v2/link/provider/oauth/pulsewave']);

      win().location.reload();
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      expect(win().linkEvents.filter((e) => e.type === 'link-success'), 'a reload does not replay the result').to.have.length(0);
    } finally {
      frame.remove();
    }
  });
});
