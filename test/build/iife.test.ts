/**
 * The built classic-script bundle (`dist/provider-link.iife.js`, built before the tests run)
 * on a plain page with no build step.
 */
import { VERSION } from '../../src/contract/version.js';
import { expect } from '@open-wc/testing';
import { DEMO_PASSWORD, mintToken, oneVisit, waitUntil } from '../helpers.js';

type PlainWindow = Window & {
  ProviderLink?: {
    version: string;
    ProviderLinkElement: CustomElementConstructor;
    open(options: Record<string, unknown>): { element: HTMLElement; close(): void };
  };
  linkEvents: { type: string; detail: Record<string, unknown> }[];
};

async function plainPage(page = 'plain-page.html'): Promise<{ frame: HTMLIFrameElement; win: PlainWindow }> {
  const frame = document.createElement('iframe');
  frame.src = `/test/fixtures/${page}`;
  frame.style.width = '480px';
  frame.style.height = '640px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return { frame, win: frame.contentWindow as PlainWindow };
}

describe('dist/provider-link.iife.js on a plain page', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('registers the element and window.ProviderLink from one classic script tag', async () => {
    const page = await plainPage();
    frame = page.frame;
    expect(page.win.customElements.get('provider-link')).to.equal(page.win.ProviderLink?.ProviderLinkElement);
    expect(page.win.ProviderLink?.version).to.equal(VERSION);
  });

  it('links a password provider end to end', async () => {
    const page = await plainPage();
    frame = page.frame;
    const widget = page.win.document.querySelector('provider-link')!;
    const shadow = () => widget.shadowRoot!;
    const headingText = () => shadow().querySelector('h2')?.textContent?.trim();
    const byLabel = (label: string) => {
      const element = [...shadow().querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
      return shadow().getElementById(element!.htmlFor) as HTMLInputElement;
    };

    widget.setAttribute('link-token', await mintToken());
    await waitUntil(() => headingText() === 'Connect a data source', 'the list loads');
    [...shadow().querySelectorAll('button')].find((b) => b.textContent?.includes('Scalewise'))!.click();
    await waitUntil(() => headingText() === 'Sign in to Scalewise', 'the sign-in form');
    byLabel('Username').value = 'ada';
    byLabel('Password').value = DEMO_PASSWORD;
    shadow().querySelector('form')!.requestSubmit();

    await waitUntil(() => headingText() === 'Connected', 'linked');
    // Everything the page heard: one visit, its widget's.
    const visit = oneVisit(page.win.linkEvents.map((e) => e.detail));
    expect(visit.linkSessionId, 'the element’s own').to.equal((widget as unknown as { linkSessionId: string }).linkSessionId);
    expect(visit.rest.filter((_, i) => page.win.linkEvents[i]!.type === 'link-success')).to.deep.equal([
      { provider: 'scalewise', authType: 'password', redirectUrl: null, reconnected: false },
    ]);
  });

  it('is harmless loaded twice, and next to the ESM build', async () => {
    const page = await plainPage('loaded-twice.html');
    frame = page.frame;
    const win = page.win as PlainWindow & { firstProviderLink: unknown; errors: string[]; esmLoaded?: boolean };
    await waitUntil(() => win.esmLoaded === true, 'the ESM build ran after the two classic scripts');
    expect(win.errors).to.deep.equal([]);
    expect(win.ProviderLink).to.equal(win.firstProviderLink);
    expect(win.customElements.get('provider-link')).to.equal(win.ProviderLink?.ProviderLinkElement);
    const widget = win.document.querySelector('provider-link')!;
    widget.setAttribute('link-token', await mintToken());
    await waitUntil(() => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Connect a data source', 'the widget works');
  });

  it('window.ProviderLink.open() shows the widget in a modal and reports the exit', async () => {
    const page = await plainPage();
    frame = page.frame;
    const exits: Record<string, unknown>[] = [];
    const handle = page.win.ProviderLink!.open({ linkToken: await mintToken(), onExit: (detail: Record<string, unknown>) => exits.push(detail) });
    const shadow = () => handle.element.shadowRoot!;
    await waitUntil(() => shadow().querySelector('h2')?.textContent?.trim() === 'Connect a data source', 'the list in the modal');
    expect(page.win.document.querySelector('dialog')?.open).to.equal(true);
    [...shadow().querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Close')!.click();
    await waitUntil(() => !page.win.document.querySelector('dialog'), 'the dialog is gone');
    expect(oneVisit(exits).rest).to.deep.equal([{ reason: 'user_cancelled', provider: null, step: 'providers' }]);
  });

  it('loads another language next to the script when a widget asks for one', async () => {
    const page = await plainPage();
    frame = page.frame;
    const widget = page.win.document.querySelector('provider-link')!;
    widget.setAttribute('locale', 'ar');
    widget.setAttribute('link-token', await mintToken());
    const base = () => widget.shadowRoot?.querySelector('[part~="base"]') as HTMLElement | null;
    await waitUntil(() => base()?.lang === 'ar', 'Arabic arrives from dist/locales/ar.js');
    expect(base()?.dir).to.equal('rtl');
    const loaded = page.win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(loaded).to.include('/dist/locales/ar.js');
  });
});

describe('dist/provider-link.iife.js served from another origin (a CDN without CORS headers)', () => {
  // This page is served from localhost; the bundle from 127.0.0.1: two origins, one server.
  const elsewhere = location.origin.replace('localhost', '127.0.0.1');
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('still speaks the page’s language: its language file is a classic script, which needs no CORS', async () => {
    // The control: the server sends no CORS headers, so a module from there cannot be imported.
    const moduleImport = await import(/* @vite-ignore */ `${elsewhere}/dist/locales/es.js`).then(
      () => 'imported',
      () => 'refused',
    );
    expect(moduleImport, 'a cross-origin module import without CORS').to.equal('refused');

    frame = document.createElement('iframe');
    frame.src = `/test/fixtures/iife-elsewhere.html#from=${encodeURIComponent(elsewhere)}`;
    document.body.append(frame);
    const heading = () => frame!.contentDocument?.querySelector('provider-link')?.shadowRoot?.querySelector('h2')?.textContent?.trim();
    await waitUntil(() => heading() === 'Cargando', `the loading screen in Spanish, not "${heading()}"`);
    const loaded = (frame.contentWindow!.performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => entry.name);
    expect(loaded).to.include(`${elsewhere}/dist/locales/es.classic.js`);
  });
});
