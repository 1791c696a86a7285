/**
 * The built classic-script bundle (`dist/provider-link.iife.js`, built before the tests run)
 * on a plain page with no build step.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { DEMO_PASSWORD, mintToken } from '../helpers.js';

type PlainWindow = Window & {
  ProviderLink?: { version: string; ProviderLinkElement: CustomElementConstructor };
  linkEvents: { type: string; detail: Record<string, unknown> }[];
};

async function plainPage(): Promise<{ frame: HTMLIFrameElement; win: PlainWindow }> {
  const frame = document.createElement('iframe');
  frame.src = '/test/fixtures/plain-page.html';
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
    expect(page.win.ProviderLink?.version).to.match(/^\d+\.\d+\.\d+/);
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
    expect(page.win.linkEvents.filter((e) => e.type === 'link-success').map((e) => e.detail)).to.deep.equal([
      { provider: 'scalewise', authType: 'password', redirectUrl: null },
    ]);
  });
});
