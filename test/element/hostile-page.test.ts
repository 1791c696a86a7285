/**
 * The widget keeps its look on any page: a host page's inherited text styles (the stock Vite
 * template's `body { text-align: center }`, and worse) stop at the widget. The same widgets are
 * measured on a plain page and again under a hostile stylesheet; their headings, labels and
 * provider names must not move or change.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { mintToken, mountWidget, providersShown, root, waitForHeading } from '../helpers.js';

/** Everything a page may set on `body` that inherits into the widget's text. */
const HOSTILE_PAGE = `
  html { font-size: 10px; }
  body {
    text-align: center;
    text-align-last: right;
    line-height: 3;
    letter-spacing: 0.3em;
    word-spacing: 1em;
    font: italic small-caps 700 20px/3 serif;
    font-feature-settings: "smcp";
    text-transform: uppercase;
    text-indent: 40px;
    text-shadow: 2px 2px 0 red;
    white-space: pre;
    word-break: break-all;
    hyphens: auto;
    tab-size: 20;
    direction: rtl;
  }
`;

const COMPARED = [
  'text-align',
  'text-align-last',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant-caps',
  'font-feature-settings',
  'text-transform',
  'text-indent',
  'text-shadow',
  'white-space',
  'word-break',
  'hyphens',
  'direction',
  'color',
];

/** What a person sees of a text: its computed style, and where its glyphs sit inside the widget's frame. */
function look(widget: ProviderLinkElement, selector: string) {
  const base = root(widget).querySelector('[part="base"]')!.getBoundingClientRect();
  return [...root(widget).querySelectorAll(selector)].map((element) => {
    const style = getComputedStyle(element);
    const range = document.createRange();
    range.selectNodeContents(element);
    const box = range.getBoundingClientRect();
    return {
      text: element.textContent?.trim(),
      ...Object.fromEntries(COMPARED.map((property) => [property, style.getPropertyValue(property)])),
      box: [box.left - base.left, box.top - base.top, box.width, box.height].map(Math.round).join(' '),
    };
  });
}

describe('<provider-link> on a page with hostile text styles', () => {
  it('shows its headings, labels and provider names as on a plain page', async () => {
    const list = await mountWidget({ 'link-token': await mintToken() });
    const form = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    await providersShown(list);
    await waitForHeading(form, 'Sign in to Scalewise');
    const measure = () => ({
      headings: [...look(list, 'h2'), ...look(form, 'h2')],
      providerNames: look(list, '.name'),
      labels: look(form, 'label'),
      buttons: look(form, 'button[type="submit"]'),
    });
    const plain = measure();
    expect(plain.providerNames.length, 'providers on the list').to.be.above(3);
    expect(plain.labels.map((label) => label.text)).to.include.members(['Username', 'Password']);

    const sheet = document.createElement('style');
    sheet.textContent = HOSTILE_PAGE;
    document.head.append(sheet);
    try {
      expect(getComputedStyle(document.body).textAlign, 'the hostile sheet applies to the page').to.equal('center');
      expect(measure()).to.deep.equal(plain);
    } finally {
      sheet.remove();
    }
  });
});
