/**
 * The sign-in window's first page (before the provider's page loads) in the widget's language and
 * look, under a strict Content-Security-Policy too; and while that window is open, the widget's
 * button brings it back instead of opening a second one.
 */
import { expect } from '@open-wc/testing';
import { loadMessages } from '../../src/i18n/index.js';
import { activate, bringToFront, button, consentPage, decide, engine, hasButton, holdRequests, listingWidget, mintToken, mountWidget, recordEvents, returnPage, root, usePopups, waitForHeading, waitUntil, watchPopups } from '../helpers.js';

describe('the sign-in window', () => {
  const popups = usePopups();

  it('first shows a page in the widget’s language and theme: the provider, a spinner, “Opening …”', async () => {
    const fr = await loadMessages('fr');
    // The window shows its first page until the address comes: held back until it has been read.
    const widget = await mountWidget({ 'link-token': await mintToken(), 'oauth-mode': 'popup', locale: 'fr', theme: 'dark' });
    await waitUntil(() => root(widget).querySelector('h2')?.textContent === fr.providersTitle, 'the list, in French');
    const release = holdRequests('/v2/link/provider/oauth/');
    try {
      await activate(button(widget, 'Pulsewave'));
      const page = popups.last.document;
      const opening = fr.oauthOpening('Pulsewave Band');
      expect(page.title).to.equal(opening);
      expect([page.documentElement.lang, page.documentElement.dir]).to.deep.equal(['fr', 'ltr']);
      expect(page.querySelector('h1')?.textContent).to.equal('Pulsewave Band');
      expect(page.querySelector('[role="status"]')?.textContent).to.equal(opening);
      const spinner = page.querySelector('.spinner')!;
      expect(spinner.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(spinner).animationName, 'it turns').to.equal('spin');
      // The widget's own colours and font, not the browser's black serif text on white.
      const frame = getComputedStyle(root(widget).querySelector('[part~="base"]')!);
      const shown = popups.last.getComputedStyle(page.body);
      expect(popups.last.getComputedStyle(page.documentElement).backgroundColor).to.equal(frame.backgroundColor);
      expect(shown.color).to.equal(frame.color);
      expect(shown.fontFamily).to.equal(frame.fontFamily);
      expect(shown.fontFamily).to.include('sans-serif');
    } finally {
      release();
    }
  });

  it('in Arabic, right to left', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), 'oauth-mode': 'popup', locale: 'ar' });
    await waitUntil(() => root(widget).querySelector('[part~="base"]')?.getAttribute('dir') === 'rtl' && root(widget).querySelector('[part~="provider"]'), 'the list, in Arabic');
    const release = holdRequests('/v2/link/provider/oauth/');
    try {
      await activate(button(widget, 'Pulsewave'));
      const page = popups.last.document;
      expect([page.documentElement.lang, page.documentElement.dir]).to.deep.equal(['ar', 'rtl']);
      expect(page.querySelector('h1')?.textContent).to.equal('Pulsewave Band');
    } finally {
      release();
    }
  });

  it('axe: the screen with the window open, in both themes and in Arabic', async () => {
    for (const [locale, theme] of [['en', 'light'], ['en', 'dark'], ['ar', 'light'], ['ar', 'dark']] as const) {
      const widget = await mountWidget({ 'link-token': await mintToken('default', { redirect_url: returnPage() }), 'oauth-mode': 'popup', locale, theme });
      await waitUntil(() => root(widget).querySelector('[part~="base"]')?.getAttribute('lang') === locale && root(widget).querySelector('[part~="provider"]'), 'the list');
      await bringToFront();
      await activate(root(widget).querySelector<HTMLButtonElement>('[part~="provider"]')!);
      await consentPage(popups.last);
      await waitUntil(() => root(widget).querySelectorAll('.primary').length === 1 && root(widget).querySelector('.busy') === null, 'the waiting screen');
      await bringToFront();
      await expect(widget).to.be.accessible();
      widget.remove();
      popups.last.close();
    }
  });
});

describe('the sign-in window under a strict Content-Security-Policy with Trusted Types', () => {
  it('shows its first page styled, with no violation', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/test/fixtures/csp/iife.html';
    frame.style.width = '480px';
    frame.style.height = '640px';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & { violations: unknown[] };
    const popups = watchPopups(win);
    // The sign-in window shows its first page until the provider's address comes: that request is
    // held until the page has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = win.fetch.bind(win);
    win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/v2/link/provider/oauth/')) await held;
      return send(input, init);
    }) as typeof fetch;
    try {
      const widget = win.document.querySelector('provider-link')!;
      widget.setAttribute('oauth-mode', 'popup');
      widget.setAttribute('link-token', await mintToken());
      const shadow = () => widget.shadowRoot!;
      await waitUntil(() => shadow().querySelector('[part~="provider"]'), 'the list');
      const pulsewave = [...shadow().querySelectorAll<HTMLButtonElement>('[part~="provider"]')].find((b) => b.textContent?.includes('Pulsewave'))!;
      await bringToFront();
      await activate(pulsewave);
      // The press has been heard; the window and its first page follow from the click it makes.
      await waitUntil(() => popups.opened.length > 0 && popups.last.document.querySelector('h1'), 'the sign-in window’s first page');
      const page = popups.last.document;
      expect(page.querySelector('h1')?.textContent).to.equal('Pulsewave Band');
      const frameStyle = win.getComputedStyle(shadow().querySelector('[part~="base"]')!);
      expect(popups.last.getComputedStyle(page.body).fontFamily, 'styled').to.equal(frameStyle.fontFamily);
      expect(popups.last.getComputedStyle(page.querySelector('.spinner')!).borderRadius, 'styled').to.equal('50%');
      expect(win.violations).to.deep.equal([]);
    } finally {
      release();
      popups.restore();
      frame.remove();
    }
  });
});

describe('Show the sign-in window', () => {
  const popups = usePopups();

  it('while it is open, the button reads “Show the sign-in window” and brings it to the front; a new one opens only once it is gone', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    const log = recordEvents(widget);
    await activate(button(widget, 'Pulsewave'));
    await consentPage(popups.last);
    await waitUntil(() => hasButton(widget, 'Show the sign-in window'), 'the button says it shows the open window');
    expect(hasButton(widget, 'Open Pulsewave Band sign-in'), 'no invitation to open a second one').to.equal(false);

    const first = popups.last;
    let focused = 0;
    // The window's own focus(), which the widget calls to bring it to the front. Firefox under
    // WebDriver BiDi opens no further window, in this file or the next ones, once a script has
    // really focused a popup: there the call is only counted.
    const focus = first.focus.bind(first);
    first.focus = () => {
      focused += 1;
      if (engine !== 'firefox') focus();
    };
    await bringToFront();
    await activate(button(widget, 'Show the sign-in window'));
    expect(focused, 'brought to the front').to.equal(1);
    expect(popups.opened, 'no second window').to.have.length(1);
    expect(first.closed).to.equal(false);

    // Gone: now a click opens a new one, and that one finishes.
    first.close();
    await waitForHeading(widget, 'Didn’t finish?');
    // The person clicks back into the page (Firefox opens no window from a page without focus).
    await bringToFront();
    await activate(button(widget, 'Try again'));
    expect(popups.opened).to.have.length(2);
    await waitUntil(() => hasButton(widget, 'Show the sign-in window'), 'the new window is the open one');
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success')).to.have.length(1);
  });
});
