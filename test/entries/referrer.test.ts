/**
 * The embedding page's privacy: provider logos are third-party images, and the page's address
 * (a partner's path and query can say a lot about the user) must not reach their origin, even
 * on a page whose referrer policy would send it everywhere.
 */
import { expect } from '@open-wc/testing';
import { activate, engine, mintToken, returnPage, waitUntil, watchPopups } from '../helpers.js';

interface ThirdPartyRequest {
  seq: number;
  origin: string;
  path: string;
  referer: string | null;
  userAgent: string;
}

/**
 * This browser's requests to the fake's stand-ins for third parties (logos and the provider's
 * consent page) after the one numbered `since`: other engines' tests may run beside these.
 */
const logoRequests = async (since = 0) =>
  ((await (await fetch('/fake/third-party-requests')).json()) as ThirdPartyRequest[]).filter((r) => r.seq > since && r.userAgent === navigator.userAgent);
/** The number of the latest third-party request so far, for `logoRequests(since)`. */
const latest = async () => ((await (await fetch('/fake/third-party-requests')).json()) as ThirdPartyRequest[]).at(-1)?.seq ?? 0;

// This page is served from localhost; the logos and the provider from 127.0.0.1: two origins, one server.
const logoOrigin = location.origin.replace('localhost', '127.0.0.1');

describe('third-party logos on a page with referrer policy unsafe-url', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it("never carry the page's address in Referer", async () => {
    const secret = `secret-partner-path=${crypto.randomUUID()}`;
    const seenBefore = await latest();
    frame = document.createElement('iframe');
    frame.src = `/test/fixtures/referrer.html?${secret}`;
    frame.style.width = '480px';
    frame.style.height = '1600px';
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow!;

    const widget = win.document.querySelector('provider-link')!;
    widget.setAttribute('link-token', await mintToken('default', { logo_origin: logoOrigin }));
    // The logos of the rows in sight: the others are not fetched at all.
    const logos = () => [...(widget.shadowRoot?.querySelectorAll('img[src]') ?? [])] as HTMLImageElement[];
    await waitUntil(() => logos().length > 0 && logos().every((img) => img.complete && img.naturalWidth > 0), 'the logos in sight load');
    expect(logos().every((img) => img.src.startsWith(`${logoOrigin}/`))).to.equal(true);

    // Everything the page fetched from another origin is a logo…
    const elsewhere = win.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin !== location.origin);
    expect(elsewhere.map((url) => url.origin)).to.deep.equal(elsewhere.map(() => logoOrigin));
    expect(elsewhere.every((url) => url.pathname.startsWith('/fake-assets/logo/'))).to.equal(true);
    // …and not one logo request told the logo's origin where it was shown.
    const requests = (await logoRequests(seenBefore)).filter((r) => r.origin === logoOrigin);
    expect(requests.length).to.be.at.least(logos().length);
    expect(requests.filter((r) => r.referer !== null)).to.deep.equal([]);

    // The page really is that permissive: an image of its own, with no referrerpolicy, tells all.
    const control = win.document.createElement('img');
    control.src = `${logoOrigin}/fake-assets/logo/control.svg`;
    win.document.body.append(control);
    await waitUntil(() => control.complete, 'the control image loads');
    const controlRequest = (await logoRequests(seenBefore)).filter((r) => r.path.endsWith('/control.svg')).at(-1);
    if (engine === 'chromium') {
      expect(controlRequest?.referer).to.include(secret);
    } else {
      // Firefox and WebKit do not let a page relax its referrer policy across sites: the page's
      // own image tells only the page's origin. The logos above told not even that.
      expect(controlRequest?.referer).to.equal(`${location.origin}/`);
    }
  });
});

describe('the provider’s sign-in page, opened from a page with referrer policy unsafe-url', () => {
  let frame: HTMLIFrameElement | undefined;
  let popups: ReturnType<typeof watchPopups> | undefined;
  afterEach(() => {
    popups?.restore();
    frame?.remove();
  });

  /** The partner page in a frame, its widget with a token whose provider lives on another origin. */
  async function partnerPage(mode: 'popup' | 'redirect') {
    const secret = `secret-partner-path=${crypto.randomUUID()}`;
    frame = document.createElement('iframe');
    frame.src = `/test/fixtures/referrer.html?${secret}`;
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const widget = win.document.querySelector('provider-link')!;
    widget.setAttribute('oauth-mode', mode);
    widget.setAttribute('link-token', await mintToken('default', { oauth_origin: logoOrigin, redirect_url: returnPage() }));
    const button = () => [...(widget.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Pulsewave'));
    await waitUntil(() => button(), 'the list in the frame');
    return { win, secret, pulsewave: button()! };
  }

  const consentRequest = async (since: number) =>
    (await logoRequests(since)).find((r) => r.origin === logoOrigin && r.path === '/fake-oauth/authorize');

  for (const mode of ['popup', 'redirect'] as const) {
    it(`${mode}: the provider is not told the page's address`, async () => {
      const since = await latest();
      const page = await partnerPage(mode);
      if (mode === 'popup') popups = watchPopups(page.win);
      await activate(page.pulsewave);
      await waitUntil(() => consentRequest(since), 'the provider’s page was asked for');
      expect((await consentRequest(since))?.referer ?? null).to.equal(null);
    });
  }
});
