/**
 * A widget that fits the box it is given, and what a new user met in the demo (an empty box after
 * Done, rows that did not look like they lead anywhere, an empty search said twice, developer text
 * on the person's screen, a bare loading state, a plain badge).
 */
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { contrastRatio } from '../../src/element/contrast-hint.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { activate, button, buttons, DEMO_PASSWORD, engine, focusedElement, hasButton, listingWidget, mintToken, mountWidget, pressEnter, providersShown, recordEvents, root, type, waitForHeading, waitUntil } from '../helpers.js';
import { srgb } from '../support/contrast.js';

const part = (widget: ProviderLinkElement, selector: string) => root(widget).querySelector<HTMLElement>(selector)!;
const rect = (element: Element) => element.getBoundingClientRect();
/** The element a click at the middle of `element` reaches (in the widget's shadow root). */
const hit = (widget: ProviderLinkElement, element: Element) => {
  const { left, top, width, height } = rect(element);
  return root(widget).elementFromPoint(left + width / 2, top + height / 2);
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
/**
 * After the widget has looked at its colours: it does once the frame showing an update is painted
 * (an animation frame, then a task), so a frame and a task asked for after that update come after.
 * The tests that expect nothing to be read or said check first that a change is read.
 */
const coloursLookedAt = async () => {
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve));
};

/** The widget's console warnings while `run` runs. */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return warnings.filter((line) => line.startsWith('<provider-link>'));
}

describe('a widget that fits where it is placed', () => {
  it('--provider-link-max-height: the list scrolls inside; the header and the search box stay in view', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('many') });
    widget.style.setProperty('--provider-link-max-height', '420px');
    await providersShown(widget);
    expect(rect(widget).height, 'the widget keeps to the height').to.be.at.most(420);
    const frame = part(widget, '[part~="base"]');
    const scroller = [...root(widget).querySelectorAll<HTMLElement>('*')].find((e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible');
    expect(scroller !== undefined, 'a box inside that scrolls').to.equal(true);
    expect(scroller!.contains(part(widget, '#provider-search')), 'the search box is not in what scrolls').to.equal(false);
    expect(scroller!.contains(part(widget, '[part~="provider"]')), 'the list is').to.equal(true);
    scroller!.scrollTop = scroller!.scrollHeight;
    await nextFrame();
    const close = part(widget, '.close');
    const search = part(widget, '#provider-search');
    for (const [name, element] of [['Close', close], ['the search box', search]] as const) {
      expect(rect(element).top, `${name} inside the frame`).to.be.at.least(rect(frame).top);
      expect(rect(element).bottom, `${name} inside the frame`).to.be.at.most(rect(frame).bottom);
      // (Booleans: chai's message for two elements walks the whole page.)
      expect(element.contains(hit(widget, element)), `a click on ${name} reaches it`).to.equal(true);
    }
    const rows = root(widget).querySelectorAll('[part~="provider"]');
    const last = rows[rows.length - 1]!;
    expect(rect(last).bottom, 'the last row scrolls into view').to.be.at.most(rect(frame).bottom);
    expect(last.contains(hit(widget, last)), 'a click on the last row reaches it').to.equal(true);
  });

  it('without a greatest height, the widget is as tall as its list (nothing scrolls)', async () => {
    const { widget } = await listingWidget({}, 'many');
    expect(rect(widget).height).to.be.greaterThan(1000);
  });
});

describe('a partner whose colours read badly together', () => {
  it('hears of it once, with both colours and the ratio', async () => {
    const [accent, onAccent] = ['#ffd23f', '#fffff0'];
    const ratio = Math.floor(contrastRatio(srgb(accent), srgb(onAccent)) * 100) / 100;
    const warnings = await warningsDuring(async () => {
      for (const _ of [1, 2]) {
        const widget = await mountWidget({ 'link-token': await mintToken() });
        widget.style.setProperty('--provider-link-accent', accent);
        widget.style.setProperty('--provider-link-on-accent', onAccent);
        await providersShown(widget);
        for (let i = 0; i < 3; i += 1) {
          widget.requestUpdate();
          await widget.updateComplete;
          await coloursLookedAt();
        }
      }
    });
    const hints = warnings.filter((line) => line.includes('--provider-link-on-accent'));
    expect(hints, 'one hint for the page, however many renders and widgets').to.have.length(1);
    expect(hints[0]).to.include(accent).and.include(onAccent).and.include(`${ratio}:1`);
    expect(ratio).to.be.below(4.5);
  });

  it('typing in the search box does not read the colours again (a forced style recalculation per keystroke)', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('many') });
    widget.style.setProperty('--provider-link-accent', '#0b6e4f');
    widget.style.setProperty('--provider-link-on-accent', '#ffffff');
    await providersShown(widget);
    await widget.updateComplete;
    await coloursLookedAt();
    const rows = () => root(widget).querySelectorAll('[part~="provider"]').length;
    const before = rows();
    const original = window.getComputedStyle;
    let looks = 0;
    window.getComputedStyle = (element, pseudo) => {
      if (element === widget) looks += 1;
      return original.call(window, element, pseudo);
    };
    try {
      await type(widget, 'Search providers', 'ring');
      await waitUntil(() => rows() < before, 'the list narrows');
      await widget.updateComplete;
      await coloursLookedAt();
      expect(looks, 'the colours, read again as the person types').to.equal(0);
      // The same watch sees a read where the colours did change: the 0 above is not a missed look.
      widget.style.setProperty('--provider-link-accent', '#0b6e4e');
      widget.requestUpdate();
      await widget.updateComplete;
      await coloursLookedAt();
    } finally {
      window.getComputedStyle = original;
    }
    expect(looks, 'the colours, read again once they changed').to.be.greaterThan(0);
  });

  it('hears nothing of colours that read well, or of an accent alone', async () => {
    const warnings = await warningsDuring(async () => {
      const widget = await mountWidget({ 'link-token': await mintToken() });
      widget.style.setProperty('--provider-link-accent', '#0b6e4f');
      widget.style.setProperty('--provider-link-on-accent', '#ffffff');
      await providersShown(widget);
      await coloursLookedAt();
      widget.style.setProperty('--provider-link-accent', '#ffd23e');
      widget.style.removeProperty('--provider-link-on-accent');
      widget.requestUpdate();
      await widget.updateComplete;
      await coloursLookedAt();
    });
    expect(warnings).to.deep.equal([]);
  });
});

describe('the provider list', () => {
  it('"In the mobile app" is a badge of its own, not one more line of description', async () => {
    const { widget } = await listingWidget();
    const row = button(widget, 'Ringlet');
    const badge = [...row.querySelectorAll<HTMLElement>('*')].find((e) => e.textContent?.trim() === 'In the mobile app')!;
    const description = row.querySelector<HTMLElement>('.description')!;
    const [badgeStyle, descriptionStyle] = [getComputedStyle(badge), getComputedStyle(description)];
    expect(badge.childElementCount, 'the badge is its own element').to.equal(0);
    expect(srgb(badgeStyle.backgroundColor), 'filled').not.to.deep.equal(srgb(getComputedStyle(row).backgroundColor));
    expect(parseFloat(badgeStyle.borderTopLeftRadius), 'rounded').to.be.greaterThan(4);
    expect(rect(badge).width, 'as wide as its words, not the row').to.be.below(rect(description).width);
    expect(badgeStyle.fontWeight).not.to.equal(descriptionStyle.fontWeight);
  });

  for (const [locale, dir] of [['en', 'ltr'], ['ar', 'rtl']] as const) {
    it(`each row ends in a chevron, hidden from assistive technology, pointing the way the text reads (${locale})`, async () => {
      const widget = await mountWidget({ 'link-token': await mintToken(), locale });
      await waitUntil(() => root(widget).querySelectorAll('[part~="provider"]').length > 0 && part(widget, '.base').dir === dir, 'the list, in its language');
      const rows = [...root(widget).querySelectorAll<HTMLElement>('[part~="provider"]')];
      for (const row of rows) {
        const chevron = row.lastElementChild as HTMLElement;
        expect(chevron.getAttribute('aria-hidden'), 'hidden from assistive technology').to.equal('true');
        const name = rect(row.querySelector('.name')!);
        const at = rect(chevron);
        expect(at.width, 'it shows').to.be.greaterThan(4);
        if (dir === 'ltr') expect(at.left, 'at the end: the right').to.be.greaterThan(name.right);
        else expect(at.right, 'at the end: the left').to.be.lessThan(name.left);
      }
      // A name in another script keeps its own direction but lines up with the widget's side.
      const text = rows[0]!.querySelector('.name')!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const glyphs = range.getBoundingClientRect();
      const column = rect(text);
      if (dir === 'ltr') expect(Math.round(glyphs.left), 'the name starts at the left').to.equal(Math.round(column.left));
      else expect(Math.round(glyphs.right), 'an English name in Arabic sits at the right, beside its logo').to.equal(Math.round(column.right));
      // Its tip points to the end: the right-most point in LTR, the left-most in RTL, of the drawn corner.
      const matrix = new DOMMatrix(getComputedStyle(rows[0]!.lastElementChild!).transform);
      expect(Math.sign(matrix.a), 'mirrored in right-to-left').to.equal(dir === 'ltr' ? 1 : -1);
    });
  }

  it('an empty search says so once, with a way to clear it', async () => {
    const { widget } = await listingWidget({}, 'many');
    await type(widget, 'Search providers', 'zzzz');
    await waitUntil(() => hasButton(widget, 'Clear search'), 'Clear search');
    const text = root(widget).textContent!.replace(/\s+/g, ' ');
    expect(text.split('No provider matches “zzzz”.').length - 1, 'said once').to.equal(1);
    expect(text).not.to.match(/\b0 providers\b/);
    await activate(button(widget, 'Clear search'));
    await waitUntil(() => root(widget).querySelectorAll('[part~="provider"]').length > 20, 'the whole list again');
    const search = part(widget, '#provider-search') as HTMLInputElement;
    expect(search.value).to.equal('');
    expect(focusedElement() === search, 'the keyboard is back in the search box').to.equal(true);
    expect(hasButton(widget, 'Clear search')).to.equal(false);
  });

  it('a provider that connects only from the mobile app says what to do, with the app’s name', async () => {
    const withName = await mountWidget({ 'link-token': await mintToken(), provider: 'ringlet', 'app-name': 'Acme Health' });
    await waitForHeading(withName, 'Connect Ringlet from the mobile app');
    expect(root(withName).textContent).to.include('Open Acme Health on your phone to connect Ringlet.');
    const without = await mountWidget({ 'link-token': await mintToken(), provider: 'ringlet' });
    await waitForHeading(without, 'Connect Ringlet from the mobile app');
    expect(root(without).textContent).to.include('Open the mobile app on your phone to connect Ringlet.');
  });
});

describe('loading', () => {
  afterEach(async () => {
    if (engine === 'chromium') await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('shows three grey rows where the list will be, which it takes the place of without a jump', async () => {
    // No token yet: the loading screen stays until one is set.
    const widget = await mountWidget({});
    await waitForHeading(widget, 'Loading');
    const skeleton = [...root(widget).querySelectorAll<HTMLElement>('li')];
    expect(skeleton, 'three rows').to.have.length(3);
    expect(root(widget).querySelector('.spinner') === null, 'no lone spinner').to.equal(true);
    expect(skeleton[0]!.closest('[aria-hidden="true"]') !== null, 'hidden from assistive technology').to.equal(true);
    const before = skeleton.map((row) => rect(row));
    // Eight providers: no search box comes above the list.
    widget.linkToken = await mintToken('default', { filter_on_providers: ['pulsewave', 'stridely', 'cardiotrack', 'glucomate', 'scalewise', 'sugarline', 'stepkeeper', 'ringlet'] });
    await providersShown(widget);
    const rows = [...root(widget).querySelectorAll<HTMLElement>('li')].map((row) => rect(row));
    expect(Math.abs(rows[0]!.top - before[0]!.top), 'the list starts where its grey rows did').to.be.below(1);
    // Descriptions wrap to one line or two: a grey row is as tall as a real one of one line.
    const heights = rows.map((row) => row.height);
    for (const row of before) expect(row.height).to.be.within(Math.min(...heights) - 1, Math.max(...heights) + 1);
  });

  it('the grey rows pulse, and keep still for a person who asks for less motion', async function () {
    // Switching prefers-reduced-motion from a test is a Chromium DevTools Protocol command.
    if (engine !== 'chromium') this.skip();
    const widget = await mountWidget({});
    await waitForHeading(widget, 'Loading');
    const row = root(widget).querySelector('li')!;
    expect(getComputedStyle(row).animationName).not.to.equal('none');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(row).animationName).to.equal('none');
  });
});

describe('technical details', () => {
  async function refusedSignIn(attributes: Record<string, string> = {}) {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise', ...attributes });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', 'wrong');
    await pressEnter();
    await waitUntil(() => log.of('link-error').length === 1, 'the error');
    await widget.updateComplete;
    return { widget, log };
  }

  it('stay off the person’s screen; link-error carries them always', async () => {
    const { widget, log } = await refusedSignIn();
    expect(log.of('link-error')[0]!['debug']).to.equal('Upstream rejected the credentials (401).');
    expect(root(widget).querySelector('details') === null, 'no disclosure').to.equal(true);
    expect(root(widget).textContent!.includes('Upstream rejected'), 'no developer text').to.equal(false);
  });

  it('show behind "Technical details" with the debug setting', async () => {
    const { widget } = await refusedSignIn({ debug: '' });
    expect(widget.debug).to.equal(true);
    const details = part(widget, 'details');
    expect(details.querySelector('summary')?.textContent).to.equal('Technical details');
    expect(details.textContent).to.include('provider_credential_error: Upstream rejected the credentials (401).');
    widget.setAttribute('debug', 'false');
    await widget.updateComplete;
    expect(root(widget).querySelector('details') === null, 'debug="false" is off').to.equal(true);
  });
});

describe('after Done, inline', () => {
  it('stays on a final "Connected" state, with its badge and nothing left to press', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    await activate(button(widget, 'Done'));
    await waitUntil(() => log.of('link-exit').length === 1, 'link-exit');
    expect(log.of('link-exit')[0]).to.deep.equal({ reason: 'done', provider: 'scalewise', step: 'success' });
    await nextFrame();
    expect(part(widget, 'h2').textContent).to.equal('Connected');
    expect(root(widget).querySelector('.badge') !== null, 'the success badge stays').to.equal(true);
    const badge = part(widget, '.badge');
    expect(rect(badge).height).to.be.greaterThan(20);
    expect(root(widget).textContent).to.include('Scalewise is now connected.');
    expect(buttons(widget).length, 'nothing left to press').to.equal(0);
    // In the middle of the widget's steady height, not on top of an empty band.
    const body = rect(part(widget, '.body'));
    const words = rect(part(widget, '.outcome'));
    expect(Math.abs((words.top + words.bottom) / 2 - (body.top + body.bottom) / 2), 'centred in the widget').to.be.below(12);
    // No Tab press here: with nothing to focus, Firefox sends the focus to its own toolbar, and
    // every later file's popups and keys went astray (25 failures in the engines run).
  });
});

describe('axe on the new screens, in both themes and in Arabic', () => {
  for (const [locale, theme] of [['en', 'light'], ['en', 'dark'], ['ar', 'light'], ['ar', 'dark']] as const) {
    it(`${locale}, ${theme}: the loading rows, the list with its badges and chevrons, an empty search, the mobile-app screen, Connected after Done`, async () => {
      const loading = await mountWidget({ locale, theme });
      await waitUntil(() => root(loading).querySelectorAll('.skeleton li').length === 3 && part(loading, '.base').lang === locale);
      await expect(loading).to.be.accessible();
      loading.remove(); // one widget at a time: each has its own header (banner)

      const list = await mountWidget({ 'link-token': await mintToken('many'), locale, theme });
      await waitUntil(() => root(list).querySelector('#provider-search') && part(list, '.base').lang === locale, 'the list');
      await expect(list).to.be.accessible();
      const search = part(list, '#provider-search') as HTMLInputElement;
      search.value = 'zzzz';
      search.dispatchEvent(new InputEvent('input'));
      await waitUntil(() => root(list).querySelector('[part~="provider"]') === null);
      await expect(list).to.be.accessible();
      list.remove();

      const mobile = await mountWidget({ 'link-token': await mintToken(), provider: 'ringlet', 'app-name': 'Acme Health', locale, theme });
      await waitUntil(() => root(mobile).textContent?.includes('Acme Health'), 'the mobile-app screen');
      await expect(mobile).to.be.accessible();
      mobile.remove(); // one widget at a time: each has its own header (banner)

      const done = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise', locale, theme });
      await waitUntil(() => root(done).querySelector('form') && part(done, '.base').lang === locale, 'the sign-in form');
      const fields = root(done).querySelectorAll('input');
      fields[0]!.value = 'ada';
      fields[1]!.value = DEMO_PASSWORD;
      root(done).querySelector('form')!.requestSubmit();
      await waitUntil(() => root(done).querySelector('.badge'), 'linked');
      root(done).querySelector<HTMLButtonElement>('.primary')!.click();
      await waitUntil(() => buttons(done).length === 0, 'Connected after Done');
      await expect(done).to.be.accessible();
      done.remove(); // one widget at a time: each has its own header (banner)
    });
  }
});
