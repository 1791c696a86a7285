/**
 * A long list fetches the logos of the rows a person can see, and a row's logo once it is
 * scrolled into sight: never the rest. Counted from this page's own record of its requests
 * (Resource Timing), which other test files running beside this one cannot add to; the two tests
 * use different providers, so neither finds the other's logos already loaded.
 */
import { expect, nextFrame } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { listingWidget, mintToken, mountWidget, providersShown, root, type, waitUntil } from '../helpers.js';

const LOGO_PATH = '/fake-assets/logo/';

/** The logos this page has requested so far, by path. */
const logoRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith(LOGO_PATH));

/** The logo path a row shows once loaded: the provider's slug. */
const rows = (widget: ProviderLinkElement) => [...root(widget).querySelectorAll<HTMLButtonElement>('[part~="provider"]')];
/** Each once, in order: a logo fetched twice shows as a second entry. */
const sorted = (paths: string[]) => [...paths].sort();

/** Generated providers (`provider_count`) are named after their slug, which names their logo. */
const generatedLogoOf = (row: HTMLElement) => `${LOGO_PATH}${row.querySelector('.name')!.textContent!.trim().toLowerCase().replaceAll(' ', '-')}.svg`;

/** Each provider's logo path, by name, as the service lists them for `token`. */
async function logosByName(token: string) {
  const response = await fetch('/v2/link/providers', { headers: { 'x-service-link-token': token } });
  const providers = (await response.json()) as { name: string; logo: string }[];
  return new Map(providers.map((provider) => [provider.name, new URL(provider.logo).pathname]));
}

/** A row is seen when some of it is inside both the window and the box it scrolls in. */
function seen(row: HTMLElement, box: DOMRect) {
  const { top, bottom } = row.getBoundingClientRect();
  return bottom > Math.max(box.top, 0) && top < Math.min(box.bottom, innerHeight);
}

/**
 * The engine has decided what is on screen, and what the widget fetched for that has arrived. An
 * observer of the test's own, made now, has had its first report on every row: the engine works out
 * what every observer sees in the same rendering step, and reports to them all in one task, so the
 * widget's observer has had its report by the next frame. Then every logo the widget asked for
 * has loaded or failed, so Resource Timing lists it.
 */
async function settle(widget: ProviderLinkElement) {
  const all = rows(widget);
  await new Promise<void>((resolve) => {
    const reported = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) reported.add(entry.target);
      if (reported.size < all.length) return;
      observer.disconnect();
      resolve();
    });
    for (const row of all) observer.observe(row);
  });
  await nextFrame();
  for (const image of root(widget).querySelectorAll<HTMLImageElement>('img.logo[src]')) {
    await waitUntil(() => image.complete, `the logo ${image.getAttribute('src')} loads or fails`);
  }
}

async function logoLoaded(row: HTMLElement) {
  const image = row.querySelector<HTMLImageElement>('img.logo')!;
  await waitUntil(() => image.complete && image.naturalWidth > 0, `the logo of "${row.textContent?.trim()}" loads`);
}

describe('provider logos', () => {
  it('in a box that scrolls (the height recipe of docs/theming.md): fetched for the rows in sight, and for a row once it scrolls into sight', async () => {
    const style = document.createElement('style');
    style.textContent = 'provider-link::part(base) { max-height: 480px; overflow: auto; }';
    document.head.append(style);
    let widget: ProviderLinkElement | undefined;
    try {
      performance.clearResourceTimings();
      ({ widget } = await listingWidget({}, 'default', { provider_count: 1000 }));
      await settle(widget);
      // The box that scrolls: the frame's body, under its header (the recipe holds the frame's height).
      const base = root(widget).querySelector<HTMLElement>('.body')!;
      const all = rows(widget);
      expect(all.length, 'a page of the 1 000').to.equal(30);
      const inSight = all.filter((row) => seen(row, base.getBoundingClientRect()));
      expect(inSight.length, 'some rows in sight, most not').to.be.within(1, 10);
      for (const row of inSight) await logoLoaded(row);
      expect(sorted(logoRequests()), 'logos fetched: those of the rows in sight').to.deep.equal(sorted(inSight.map(generatedLogoOf)));

      const twentieth = all[19]!;
      base.scrollTop += twentieth.getBoundingClientRect().top - base.getBoundingClientRect().top - 200;
      await logoLoaded(twentieth);
      expect(logoRequests(), 'the twentieth row’s logo, fetched once').to.include(generatedLogoOf(twentieth));
      expect(logoRequests().filter((path) => path === generatedLogoOf(twentieth)).length).to.equal(1);
      await settle(widget);
      const everSeen = new Set([...inSight, ...all.filter((row) => seen(row, base.getBoundingClientRect()))].map(generatedLogoOf));
      expect(logoRequests().filter((path) => !everSeen.has(path)), 'logos of rows never in sight').to.deep.equal([]);
    } finally {
      // The widget goes before the recipe: without it the box stops scrolling, every row comes into
      // sight, and their logos would arrive during the next test.
      widget?.remove();
      style.remove();
    }
  });

  it('on a page that scrolls: fetched for the rows in the window, and for a row once the page scrolls to it', async () => {
    performance.clearResourceTimings();
    const token = await mintToken('many');
    const logos = await logosByName(token);
    const widget = await mountWidget({ 'link-token': token });
    await providersShown(widget);
    await settle(widget);
    const logoOf = (row: HTMLElement) => logos.get(row.querySelector('.name')!.textContent!.trim())!;
    const all = rows(widget);
    expect(all.length).to.equal(27);
    const window = () => new DOMRect(0, 0, innerWidth, innerHeight);
    const inSight = all.filter((row) => seen(row, window()));
    expect(all.length - inSight.length, 'rows below the fold').to.be.greaterThan(5);
    for (const row of inSight) await logoLoaded(row);
    expect(sorted(logoRequests()), 'logos fetched: those of the rows in sight').to.deep.equal(sorted(inSight.map(logoOf)));

    const last = all.at(-1)!;
    last.scrollIntoView({ block: 'center' });
    await logoLoaded(last);
    await settle(widget);
    const everSeen = new Set([...inSight, ...all.filter((row) => seen(row, window()))].map(logoOf));
    expect(logoRequests(), 'the last row’s logo').to.include(logoOf(last));
    expect(logoRequests().filter((path) => !everSeen.has(path)), 'logos of rows never in sight').to.deep.equal([]);
    scrollTo(0, 0);
  });

  it('a search that narrows the list keeps the rows that stay, each with its logo loaded: no row is rebuilt for another provider', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('many') });
    await providersShown(widget);
    const before = rows(widget).length;
    const third = rows(widget)[2]!;
    const name = third.querySelector('.name')!.textContent!.trim();
    await logoLoaded(third);
    await type(widget, 'Search providers', name);
    await waitUntil(() => rows(widget).length < before && rows(widget)[0]!.querySelector('.name')!.textContent!.trim() === name, `the list narrowed to "${name}"`);
    const shown = rows(widget).find((row) => row.querySelector('.name')!.textContent!.trim() === name);
    expect(shown === third, `the row of "${name}" is the one it had`).to.equal(true);
    const image = third.querySelector<HTMLImageElement>('img.logo')!;
    expect(image.complete && image.naturalWidth > 0, 'its logo still loaded').to.equal(true);
  });
});
