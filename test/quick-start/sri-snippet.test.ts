/**
 * The Subresource Integrity snippet of docs/embedding.md, run as written (scripts/quick-starts.mjs):
 * with `integrity` and `crossorigin="anonymous"`, a script host that sends no CORS headers gets the
 * script blocked, and no code of the widget's runs to say so; the snippet's own first line says
 * what to check. From a host that sends them, the same page shows the widget.
 */
import { expect } from '@open-wc/testing';
import { heading, waitUntil } from '../helpers.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';

type SnippetWindow = Window & { printedErrors?: string[]; ProviderLink?: unknown };

async function loadSnippet(path: string) {
  const frame = document.createElement('iframe');
  frame.src = new URL(path, location.origin).href;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  return { frame, win: frame.contentWindow as SnippetWindow };
}

describe('the SRI snippet of docs/embedding.md', () => {
  it('from a host without CORS headers: the script is blocked, and the console says to send them', async () => {
    const { frame, win } = await loadSnippet('/test/snippet/sri');
    try {
      expect(win.ProviderLink, 'the script did not run').to.equal(undefined);
      expect(win.customElements.get('provider-link')).to.equal(undefined);
      expect(win.printedErrors!.some((line) => line.includes('provider-link.iife.js did not run') && line.includes('CORS headers (Access-Control-Allow-Origin)')), JSON.stringify(win.printedErrors)).to.equal(true);
    } finally {
      frame.remove();
    }
  });

  it('from a host with CORS headers: the widget runs with its token, and nothing is printed as an error', async () => {
    const { frame, win } = await loadSnippet('/test/snippet/sri-cors');
    try {
      const widget = () => win.document.querySelector('provider-link') as ProviderLinkElement;
      await waitUntil(() => heading(widget()) === 'Connect a data source', 'the provider list');
      expect(win.printedErrors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
