/**
 * `ProviderLink.open()`'s dialog fits the viewport with a margin, scrolls its list under a header
 * that stays put, and keeps one height from step to step. Each viewport is a frame of that size
 * running the script-tag build (a frame is a viewport in every engine; a test cannot resize its own
 * window in all three).
 */
import { expect } from '@open-wc/testing';
import { DEMO_PASSWORD, mintToken, waitUntil } from '../helpers.js';

type PlainWindow = Window & { ProviderLink: { open(options: Record<string, unknown>): { element: HTMLElement; close(): void } } };

async function viewport(width: number, height: number, pageSheet = '') {
  const frame = document.createElement('iframe');
  frame.src = '/test/fixtures/plain-page.html';
  Object.assign(frame.style, { width: `${width}px`, height: `${height}px`, border: '0' });
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as PlainWindow;
  if (pageSheet) win.document.head.append(Object.assign(win.document.createElement('style'), { textContent: pageSheet }));
  return { frame, win };
}

/** The least distance from the dialog to each edge of the viewport. */
function margins(dialog: HTMLElement, win: Window) {
  const box = dialog.getBoundingClientRect();
  return { top: box.top, left: box.left, bottom: win.innerHeight - box.bottom, right: win.innerWidth - box.right };
}

describe('the modal fits the viewport', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  for (const [width, height] of [
    [1280, 860],
    [320, 560],
  ] as const) {
    it(`${width} × ${height}: inside it with a margin, the long list scrolling under a header that stays`, async () => {
      const page = await viewport(width, height);
      frame = page.frame;
      const { element } = page.win.ProviderLink.open({ linkToken: await mintToken('many') });
      const shadow = element.shadowRoot!;
      await waitUntil(() => shadow.querySelectorAll('[part~="provider"]').length > 20, 'the long list');
      const dialog = element.closest('dialog')!;
      for (const [side, margin] of Object.entries(margins(dialog, page.win))) expect(margin, `margin at the ${side}`).to.be.at.least(8);
      const close = shadow.querySelector<HTMLElement>('.close')!;
      const body = shadow.querySelector<HTMLElement>('.body')!;
      expect(body.scrollHeight, 'the list is longer than the dialog').to.be.greaterThan(body.clientHeight);
      body.scrollTop = body.scrollHeight;
      await new Promise((resolve) => page.win.requestAnimationFrame(resolve));
      const { left, top, width: w, height: h } = close.getBoundingClientRect();
      expect(top - dialog.getBoundingClientRect().top, 'Close stays at the top').to.be.within(0, 40);
      expect(close.contains(shadow.elementFromPoint(left + w / 2, top + h / 2)), 'and a click there reaches it').to.equal(true);
      const rows = shadow.querySelectorAll('[part~="provider"]');
      expect(rows[rows.length - 1]!.getBoundingClientRect().bottom, 'the last row can be reached').to.be.at.most(dialog.getBoundingClientRect().bottom);
    });
  }

  it('keeps one height from the loading screen to the list, a form, and the end', async () => {
    const page = await viewport(1280, 860);
    frame = page.frame;
    const { element } = page.win.ProviderLink.open({ linkToken: await mintToken() });
    // Its first render comes before any answer can (the list is a round trip away).
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const shadow = element.shadowRoot!;
    const dialog = element.closest('dialog')!;
    const heading = () => shadow.querySelector('h2')?.textContent?.trim();
    const heights: Record<string, number> = {};
    const measure = async (step: string) => {
      await waitUntil(() => heading() === step, `the ${step} screen`);
      heights[step] = Math.round(dialog.getBoundingClientRect().height);
    };
    await measure('Loading');
    await measure('Connect a data source');
    [...shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Scalewise'))!.click();
    await measure('Sign in to Scalewise');
    const field = (label: string) => shadow.getElementById([...shadow.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!.htmlFor) as HTMLInputElement;
    field('Username').value = 'ada';
    field('Password').value = DEMO_PASSWORD;
    shadow.querySelector('form')!.requestSubmit();
    await measure('Connected');
    expect(new Set(Object.values(heights)).size, JSON.stringify(heights)).to.equal(1);
    // The smaller of 640 px and the viewport less its margins.
    expect(heights['Loading']).to.equal(640);
  });

  /** Common CSS resets a partner's page may carry; the dialog's place must not depend on them. */
  const RESETS = {
    'a universal reset': '* { margin: 0; padding: 0 }',
    'a modern-normalize-style sheet': `*, ::before, ::after { box-sizing: border-box }
      html { line-height: 1.15; tab-size: 4 } body { margin: 0 }`,
    'a modern reset (border-box, `* { margin: 0 }`)': `*, *::before, *::after { box-sizing: border-box } * { margin: 0 }
      body { line-height: 1.5 } img, picture, video, canvas, svg { display: block; max-width: 100% }`,
    'a Tailwind-preflight-style sheet': `*, ::before, ::after, ::backdrop { box-sizing: border-box; border: 0 solid; margin: 0; padding: 0 }
      html { line-height: 1.5 } dialog { padding: 0 } img, video { max-width: 100%; height: auto }`,
  };

  /** The dialog's box in a frame of that size with that page sheet. */
  async function dialogBox(width: number, height: number, pageSheet = '') {
    frame?.remove();
    const page = await viewport(width, height, pageSheet);
    frame = page.frame;
    const { element } = page.win.ProviderLink.open({ linkToken: await mintToken() });
    await new Promise((resolve) => page.win.requestAnimationFrame(resolve));
    const box = element.closest('dialog')!.getBoundingClientRect();
    return { ...margins(element.closest('dialog')!, page.win), width: box.width, height: box.height };
  }

  for (const [width, height] of [
    [1280, 860],
    [360, 640],
  ] as const) {
    it(`${width} × ${height}: without a reset, centred on both axes`, async () => {
      const box = await dialogBox(width, height);
      expect(box.left - box.right, JSON.stringify(box)).to.be.within(-1, 1);
      expect(box.top - box.bottom, JSON.stringify(box)).to.be.within(-1, 1);
    });

    for (const [name, sheet] of Object.entries(RESETS)) {
      it(`${width} × ${height}: under ${name}, where it is without one: centred, off the top edge`, async () => {
        const plain = await dialogBox(width, height);
        const reset = await dialogBox(width, height, sheet);
        const both = JSON.stringify({ plain, reset });
        expect(reset.left - reset.right, `centred across: ${both}`).to.be.within(-1, 1);
        expect(reset.top - reset.bottom, `centred down: ${both}`).to.be.within(-1, 1);
        expect(reset.top, `off the top edge: ${both}`).to.be.at.least(plain.top - 1);
        for (const key of ['top', 'left', 'width', 'height'] as const) expect(Math.abs(reset[key] - plain[key]), `${key}: ${both}`).to.be.at.most(1);
      });
    }
  }
});
