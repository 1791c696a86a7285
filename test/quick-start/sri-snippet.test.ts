/**
 * The Subresource Integrity snippet of docs/embedding.md, run as written against `npm start`'s own
 * server (scripts/quick-starts.mjs), under the strict policy of docs/security.md with a fresh nonce
 * per response: it links a provider, and the page reports no violation and no error. From a script
 * host that sends no CORS headers, the script is blocked, no code of the widget's runs to say so,
 * and the snippet's own first line says what to check.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, DEMO_PASSWORD, heading, pressEnter, type, waitForHeading, waitUntil } from '../helpers.js';

type SnippetWindow = Window &
  typeof globalThis & {
  ProviderLink?: unknown;
  violations: { directive: string; blocked: string }[];
  consoleErrors: string[];
};

async function loadSnippet(path: string) {
  const frame = document.createElement('iframe');
  frame.src = new URL(path, location.origin).href;
  frame.style.height = '900px';
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  return { frame, win: frame.contentWindow as SnippetWindow };
}

describe('the SRI snippet of docs/embedding.md', () => {
  it("against npm start, under the documented policy: links a provider, and nothing is reported", async () => {
    const { frame, win } = await loadSnippet('/test/snippet/sri');
    try {
      const widget = () => win.document.querySelector('provider-link') as ProviderLinkElement;
      const printed: string[] = [];
      win.console.log = (...args: unknown[]) => printed.push(args.map(String).join(' '));
      await waitUntil(() => widget()?.shadowRoot && heading(widget()) === 'Connect a data source', 'the provider list');
      button(widget(), 'Scalewise').click();
      await waitForHeading(widget(), 'Sign in to Scalewise');
      await type(widget(), 'Username', 'ada');
      await type(widget(), 'Password', DEMO_PASSWORD);
      await pressEnter();
      await waitForHeading(widget(), 'Connected');
      await waitUntil(() => printed.includes('connected scalewise'), `the page's link-success listener, not ${JSON.stringify(printed)}`);
      expect(win.violations, 'reports of the policy').to.deep.equal([]);
      expect(win.consoleErrors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('from a host without CORS headers: the script is blocked, and the console says to send them', async () => {
    const { frame, win } = await loadSnippet('/test/snippet/sri-no-cors');
    try {
      expect(win.ProviderLink, 'the script did not run').to.equal(undefined);
      expect(win.customElements.get('provider-link')).to.equal(undefined);
      expect(win.consoleErrors.some((line) => line.includes('provider-link.iife.js did not run') && line.includes('CORS headers (Access-Control-Allow-Origin)')), JSON.stringify(win.consoleErrors)).to.equal(true);
      expect(win.violations, 'a CORS failure is no policy report').to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
