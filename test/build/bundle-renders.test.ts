/**
 * The build minifies our html`` and css`` templates; the other tests mount the widget from the
 * sources. Here the built bundle (`dist/provider-link.iife.js`, on a plain page in a frame) and the
 * sources render the same screens: same elements and attributes, same visible text, and the same
 * computed style on every element, in both palettes.
 */
import { expect } from '@open-wc/testing';
import { mintToken, mountWidget, providersShown, root, waitUntil } from '../helpers.js';

/**
 * Left out: custom properties, which compute to their text (`#fff` and `#ffffff` differ there; what
 * they feed is compared); where the page puts the visually hidden live region (top, inset…) and its
 * lang (-webkit-locale); and the position of a background that has no image (`background:
 * transparent` minifies to `background: 0 0`, which moves nothing visible).
 */
function compared(property: string, style: CSSStyleDeclaration): boolean {
  if (property.startsWith('--') || property === '-webkit-locale') return false;
  if (/^(top|right|bottom|left|inset-)/.test(property)) return false;
  return !(property.startsWith('background-position') && style.backgroundImage === 'none');
}

/** One line per element of the shadow tree (tag, attributes, each computed property), then the visible text. */
function rendering(widget: HTMLElement): string[] {
  const view = widget.ownerDocument.defaultView!;
  const shadow = widget.shadowRoot!;
  const lines = [];
  for (const element of [widget, ...shadow.querySelectorAll('*')]) {
    // The host's attributes are the page's (its link token differs), not the template's.
    // A list logo's src is set once its row is in sight (src/views/near-screen-src.ts): that
    // depends on where each widget sits on this page, not on the build.
    const attributes = element === widget ? [] : [...element.attributes].filter((a) => !(element.matches('[part~="provider"] img.logo') && a.name === 'src')).map((a) => `${a.name}="${a.value}"`).sort();
    lines.push(`<${element.localName} ${attributes.join(' ')}>`);
    const style = view.getComputedStyle(element);
    for (const property of style) {
      if (!compared(property, style)) continue;
      lines.push(`<${element.localName}> ${property}: ${style.getPropertyValue(property)}`);
    }
  }
  lines.push(`text: ${(shadow.querySelector('[part~="base"]') as HTMLElement).innerText}`);
  return lines;
}

/** The lines of `built` that differ from `source`, as `- source` / `+ built` pairs, for a readable failure. */
function differences(source: string[], built: string[]): string[] {
  const found = [];
  for (let i = 0; i < Math.max(source.length, built.length); i++) {
    if (source[i] !== built[i]) found.push(`- ${source[i]}`, `+ ${built[i]}`);
  }
  return found.slice(0, 20);
}

describe('the built bundle renders like the sources', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('the same elements, text and computed styles on the list and the sign-in form, light and dark', async () => {
    frame = document.createElement('iframe');
    frame.src = '/test/fixtures/plain-page.html';
    // Wide enough that both widgets get their full max-width, so even sizes compare.
    frame.style.width = '600px';
    frame.style.height = '800px';
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const built = frame.contentWindow!.document.querySelector('provider-link') as HTMLElement & { theme: string; updateComplete: Promise<boolean> };
    const source = await mountWidget({ 'link-token': await mintToken() });
    built.setAttribute('link-token', await mintToken());
    await providersShown(source);
    await waitUntil(() => built.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Connect a data source', 'the list in the built bundle');

    // The live region is filled a moment after each step (see #announce), in each widget on its own.
    const announced = (widget: HTMLElement) => !!widget.shadowRoot?.querySelector('#announcer')?.textContent;
    await waitUntil(() => announced(source) && announced(built), 'both live regions announce the list');
    const compare = (what: string) => expect(differences(rendering(source), rendering(built)), what).to.deep.equal([]);
    compare('the provider list');
    source.theme = 'dark';
    built.theme = 'dark';
    await Promise.all([source.updateComplete, built.updateComplete]);
    compare('the provider list, dark');

    for (const widget of [source, built]) {
      [...root(widget as never).querySelectorAll('button')].find((b) => b.textContent?.includes('Scalewise'))!.click();
    }
    const signIn = (widget: HTMLElement) => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Sign in to Scalewise';
    await waitUntil(() => signIn(source) && signIn(built) && announced(source) && announced(built), 'both sign-in forms');
    compare('the sign-in form, dark');
    source.theme = 'light';
    built.theme = 'light';
    await Promise.all([source.updateComplete, built.updateComplete]);
    compare('the sign-in form');
  });
});
