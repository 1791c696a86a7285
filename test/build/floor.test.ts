/**
 * The floor (`bench/dist/floor.js`, built next to the product): `npm run size` measures the product
 * over it, which only means something while the floor really fetches and renders its list.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';

const FLOOR = '/bench/dist/floor.js';

describe('the floor element', () => {
  before(() => import(FLOOR));

  it('fetches its JSON list and renders a button per item', async () => {
    const floor = await fixture<HTMLElement>(html`<floor-element src="/test/fixtures/floor-items.json"></floor-element>`);
    const buttons = () => [...(floor.shadowRoot?.querySelectorAll('ul button') ?? [])].map((b) => b.textContent);
    await waitUntil(() => buttons().length > 0, 'the list');
    expect(buttons()).to.deep.equal(['First item', 'Second item']);
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    // An HTML page where JSON is expected: the fetch works, reading the list fails.
    const floor = await fixture<HTMLElement>(html`<floor-element src="/test/fixtures/plain-page.html"></floor-element>`);
    await waitUntil(() => floor.shadowRoot?.querySelector('p button')?.textContent === 'Retry', 'the error');
  });
});
