/**
 * The README's three quick starts, run as written: each page, copied from its block in README.md
 * (scripts/quick-starts.mjs; React and Vue bundled by `npm run build:test-apps`), links a provider
 * against the fake service over real HTTP, from another origin than the page's, as a partner's
 * page does against `npm start`. A quick start that stops working fails here, not for a partner.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, DEMO_PASSWORD, heading, pressEnter, type, waitForHeading, waitUntil } from '../helpers.js';

type QuickStartWindow = Window & typeof globalThis;

/** Loads a quick start in a frame; resolves with its widget once the provider list shows. */
async function openQuickStart(name: string) {
  const frame = document.createElement('iframe');
  frame.src = new URL(`/test/quick-start/${name}`, location.origin).href;
  frame.style.height = '900px';
  document.body.append(frame);
  const win = () => frame.contentWindow as QuickStartWindow;
  const widget = () => win().document.querySelector('provider-link') as ProviderLinkElement | null;
  try {
    await waitUntil(() => widget() && heading(widget()!) === 'Connect a data source', 'the provider list');
  } catch (error) {
    throw new Error(`${String(error)}; the page says: ${win().document.body.textContent?.trim()}`, { cause: error });
  }
  // What the page's own listeners print, from here on (none of its events has fired yet).
  const printed: string[] = [];
  win().console.log = (...args: unknown[]) => printed.push(args.map(String).join(' '));
  return { frame, win, widget: widget()!, printed };
}

for (const name of ['script-tag', 'react', 'vue']) {
  describe(`the README's ${name} quick start`, () => {
    it('links a password provider against the fake service, and its own listeners hear it', async () => {
      const { frame, win, widget, printed } = await openQuickStart(name);
      try {
        expect(widget.hasAttribute('link-token'), 'the token is a property, never in the markup').to.equal(false);
        expect(widget.baseUrl, 'it talks to the service at its own address').to.equal(location.origin.replace('localhost', '127.0.0.1'));
        button(widget, 'Scalewise').click();
        await waitForHeading(widget, 'Sign in to Scalewise');
        await type(widget, 'Username', 'ada');
        await type(widget, 'Password', DEMO_PASSWORD);
        await pressEnter();
        await waitForHeading(widget, 'Connected');
        await waitUntil(() => printed.includes('connected scalewise'), `the page's link-success listener, not ${JSON.stringify(printed)}`);
        button(widget, 'Done').click();
        await waitUntil(() => printed.includes('closed done'), `the page's link-exit listener, not ${JSON.stringify(printed)}`);
        expect(win().location.search, 'no token, nor anything else, in the address').to.equal('');
      } finally {
        frame.remove();
      }
    });
  });
}
