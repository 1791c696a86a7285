/**
 * A partner's bundler (esbuild with code splitting, as Vite pre-bundles a dependency in dev and
 * Rollup splits in production) must carry the languages along: a widget set to Spanish speaks
 * Spanish, from a chunk the bundler wrote. The catalogue used to be looked up beside the module by
 * URL, which pointed into the bundler's output folder where no `locales/` was: English, silently.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// Built by `npm run build:test-apps` (npm test does it first).
import './app/main.js';

const heading = (widget: Element) => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';

describe('the npm entry through a bundler with code splitting', () => {
  it('loads a language from the chunk the bundler made for it', async () => {
    const requested: string[] = [];
    const observer = new PerformanceObserver((list) => requested.push(...list.getEntries().map((entry) => entry.name)));
    observer.observe({ type: 'resource', buffered: true });
    const widget = await fixture(html`<provider-link locale="es"></provider-link>`);
    await waitUntil(() => heading(widget) === 'Cargando', `the loading screen in Spanish, not "${heading(widget)}"`);
    observer.disconnect();
    const chunks = requested.filter((url) => new URL(url).pathname.startsWith('/test/bundler/app/'));
    expect(chunks.some((url) => !url.endsWith('/main.js')), `a chunk besides main.js was loaded: ${requested.join(', ')}`).to.be.true;
    expect(requested.some((url) => url.includes('/locales/')), 'nothing was looked for in a locales/ folder').to.be.false;
  });

  it('still speaks English when no catalogue is asked for', async () => {
    const widget = await fixture(html`<provider-link locale="en"></provider-link>`);
    await waitUntil(() => heading(widget) !== '', 'a heading');
    expect(heading(widget)).to.equal('Loading');
  });
});
