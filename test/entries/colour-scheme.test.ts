/**
 * The default theme, `auto`, follows the system's colour scheme: the inline widget and the modal
 * are dark under a dark scheme and light under a light one, and `theme="light"` or `"dark"` forces
 * its palette against it.
 *
 * Each scheme is given to a frame, where the widget runs: Chromium takes the emulated scheme
 * (`emulateMedia`, a DevTools Protocol command) in its frames; Firefox cannot emulate one over
 * WebDriver BiDi, but its frame's document prefers the scheme its frame element uses
 * (`color-scheme`, as CSS Color Adjustment says). WebKit does neither (WebKitWebDriver has no
 * such command, and its frames keep the system's scheme), so there the tests skip, saying so.
 */
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { openLinkModal } from '../../src/entries/modal.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { engine, mintToken, root, waitUntil } from '../helpers.js';

type Scheme = 'light' | 'dark';
type SchemeWindow = Window & typeof globalThis & { openLinkModal: typeof openLinkModal };

/** The frame's background in each palette (src/element/styles.ts). */
const BACKGROUND: Record<Scheme, string> = { light: 'rgb(255, 255, 255)', dark: 'rgb(22, 25, 29)' };

/** A same-origin frame whose system colour scheme is `scheme`, with the element and the modal loaded. */
async function schemeFrame(scheme: Scheme): Promise<{ frame: HTMLIFrameElement; win: SchemeWindow }> {
  if (engine === 'chromium') await emulateMedia({ colorScheme: scheme });
  const frame = document.createElement('iframe');
  Object.assign(frame.style, { colorScheme: scheme, width: '800px', height: '760px', border: '0' });
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><script type="module">
    import '/src/entries/define.js';
    import { openLinkModal } from '/src/entries/modal.js';
    window.openLinkModal = openLinkModal;
    document.body.dataset.ready = '';
  </script></body></html>`;
  document.body.append(frame);
  await waitUntil(() => frame.contentDocument?.body?.dataset['ready'] === '', 'the frame has the element and the modal');
  return { frame, win: frame.contentWindow as SchemeWindow };
}

/** The frame's background and colour scheme, once the widget has drawn it. */
async function look(widget: ProviderLinkElement, win: Window) {
  await waitUntil(() => root(widget)?.querySelector('[part~="provider"]'), 'the list');
  const base = win.getComputedStyle(root(widget).querySelector('[part~="base"]')!);
  return { background: base.backgroundColor, colorScheme: base.colorScheme };
}

/** A widget in the frame, with `attributes` set before it connects. */
async function inlineWidget(win: SchemeWindow, attributes: Record<string, string> = {}) {
  const widget = win.document.createElement('provider-link') as ProviderLinkElement;
  widget.setAttribute('link-token', await mintToken());
  // A srcdoc frame's own origin is not a URL the service can be reached at.
  widget.setAttribute('base-url', location.origin);
  for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
  win.document.body.append(widget);
  return widget;
}

describe("the default theme follows the system's colour scheme", () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(async () => {
    frame?.remove();
    frame = undefined;
    if (engine === 'chromium') await emulateMedia({ colorScheme: 'light' });
  });

  for (const [scheme, other] of [
    ['dark', 'light'],
    ['light', 'dark'],
  ] as const) {
    it(`under a ${scheme} scheme: the inline widget and the modal are ${scheme}, and theme="${other}" forces ${other}`, async function () {
      const given = await schemeFrame(scheme);
      frame = given.frame;
      const { win } = given;
      if (win.matchMedia('(prefers-color-scheme: dark)').matches !== (scheme === 'dark')) {
        expect(engine, 'only WebKit cannot be given a colour scheme').to.equal('webkit');
        this.skip();
      }

      const inline = await inlineWidget(win);
      expect(await look(inline, win), 'inline, by default').to.deep.equal({ background: BACKGROUND[scheme], colorScheme: scheme });
      expect([inline.theme, inline.getAttribute('theme')], 'auto, reflected').to.deep.equal(['auto', 'auto']);

      const forced = await inlineWidget(win, { theme: other });
      expect(await look(forced, win), `inline, theme="${other}"`).to.deep.equal({ background: BACKGROUND[other], colorScheme: other });

      const modal = win.openLinkModal({ linkToken: await mintToken(), baseUrl: location.origin });
      try {
        expect(await look(modal.element, win), 'the modal, by default').to.deep.equal({ background: BACKGROUND[scheme], colorScheme: scheme });
      } finally {
        modal.close();
      }
      const forcedModal = win.openLinkModal({ linkToken: await mintToken(), baseUrl: location.origin, theme: other });
      try {
        expect(await look(forcedModal.element, win), `the modal, theme: '${other}'`).to.deep.equal({ background: BACKGROUND[other], colorScheme: other });
      } finally {
        forcedModal.close();
      }
    });
  }

  it('an unknown theme falls back to the default, auto', async function () {
    const given = await schemeFrame('dark');
    frame = given.frame;
    const { win } = given;
    if (!win.matchMedia('(prefers-color-scheme: dark)').matches) {
      expect(engine, 'only WebKit cannot be given a colour scheme').to.equal('webkit');
      this.skip();
    }
    const widget = await inlineWidget(win, { theme: 'sepia' });
    expect(await look(widget, win)).to.deep.equal({ background: BACKGROUND.dark, colorScheme: 'dark' });
  });
});
