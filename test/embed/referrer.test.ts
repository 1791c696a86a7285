/**
 * The embedding page's privacy: provider logos are third-party images, and the page's address
 * (a partner's path and query can say a lot about the user) must not reach their origin, even
 * on a page whose referrer policy would send it everywhere.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mintToken } from '../helpers.js';

interface LogoRequest {
  origin: string;
  path: string;
  referer: string | null;
}

const logoRequests = async () => (await (await fetch('/fake/logo-requests')).json()) as LogoRequest[];

// This page is served from localhost; the logos from 127.0.0.1: two origins, one server.
const logoOrigin = location.origin.replace('localhost', '127.0.0.1');

describe('third-party logos on a page with referrer policy unsafe-url', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it("never carry the page's address in Referer", async () => {
    const secret = `secret-partner-path=${crypto.randomUUID()}`;
    const seenBefore = (await logoRequests()).length;
    frame = document.createElement('iframe');
    frame.src = `/test/fixtures/referrer.html?${secret}`;
    frame.style.width = '480px';
    frame.style.height = '1600px'; // every row near the screen: the lazy logos all load
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow!;

    const widget = win.document.querySelector('provider-link')!;
    widget.setAttribute('link-token', await mintToken('default', { logo_origin: logoOrigin }));
    const logos = () => [...(widget.shadowRoot?.querySelectorAll('img') ?? [])];
    await waitUntil(() => logos().length > 0 && logos().every((img) => img.complete && img.naturalWidth > 0), 'every logo loads', { timeout: 5000 });
    expect(logos().every((img) => img.src.startsWith(`${logoOrigin}/`))).to.equal(true);

    // Everything the page fetched from another origin is a logo…
    const elsewhere = win.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin !== location.origin);
    expect(elsewhere.map((url) => url.origin)).to.deep.equal(elsewhere.map(() => logoOrigin));
    expect(elsewhere.every((url) => url.pathname.startsWith('/fake-assets/logo/'))).to.equal(true);
    // …and not one logo request told the logo's origin where it was shown.
    const requests = (await logoRequests()).slice(seenBefore).filter((r) => r.origin === logoOrigin);
    expect(requests.length).to.be.at.least(logos().length);
    expect(requests.filter((r) => r.referer !== null)).to.deep.equal([]);

    // The page really is that permissive: an image of its own, with no referrerpolicy, tells all.
    const control = win.document.createElement('img');
    control.src = `${logoOrigin}/fake-assets/logo/control.svg`;
    win.document.body.append(control);
    await waitUntil(() => control.complete, 'the control image loads');
    const controlRequest = (await logoRequests()).filter((r) => r.path.endsWith('/control.svg')).at(-1);
    expect(controlRequest?.referer).to.include(secret);
  });
});
