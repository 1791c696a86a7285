/**
 * A page of a quick start or a docs snippet (scripts/quick-starts.mjs serves them), run as a
 * person uses it: in a frame, its widget once the provider list shows, Scalewise linked with a
 * password, and what the page's own code printed meanwhile.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, DEMO_PASSWORD, heading, pressEnter, type, waitForHeading, waitUntil } from '../helpers.js';

type SnippetWindow = Window & typeof globalThis;

/** Loads `path` in a frame; resolves with its widget once the provider list shows. */
export async function openSnippetPage(path: string) {
  const frame = document.createElement('iframe');
  frame.src = new URL(path, location.origin).href;
  frame.style.height = '900px';
  document.body.append(frame);
  const win = () => frame.contentWindow as SnippetWindow;
  const found = () => win().document.querySelector('provider-link') as ProviderLinkElement | null;
  try {
    await waitUntil(() => found()?.shadowRoot && heading(found()!) === 'Connect a data source', 'the provider list');
  } catch (error) {
    const shown = found()?.shadowRoot ? `the widget shows "${heading(found()!)}"` : `the page says: ${win().document.body.textContent?.trim()}`;
    throw new Error(`${String(error)}; ${shown}`, { cause: error });
  }
  // What the page's own code prints, from here on (none of the widget's events has fired yet).
  const printed: string[] = [];
  win().console.log = (...args: unknown[]) => printed.push(args.map(String).join(' '));
  return { frame, win, widget: found()!, printed };
}

/**
 * The checks every snippet answers to, then Scalewise linked and Done pressed: the page's own
 * handlers must print `heard.success`, then `heard.exit`.
 */
export async function linkThroughSnippet({ win, widget, printed }: Awaited<ReturnType<typeof openSnippetPage>>, heard: { success: string; exit: string }) {
  expect(widget.hasAttribute('link-token'), 'the token is a property, never in the markup').to.equal(false);
  expect(widget.baseUrl, 'it talks to the service at its own address').to.equal(location.origin.replace('localhost', '127.0.0.1'));
  button(widget, 'Scalewise').click();
  await waitForHeading(widget, 'Sign in to Scalewise');
  await type(widget, 'Username', 'ada');
  await type(widget, 'Password', DEMO_PASSWORD);
  await pressEnter();
  await waitForHeading(widget, 'Connected');
  await waitUntil(() => printed.includes(heard.success), `the page's link-success handler, not ${JSON.stringify(printed)}`);
  button(widget, 'Done').click();
  await waitUntil(() => printed.includes(heard.exit), `the page's link-exit handler, not ${JSON.stringify(printed)}`);
  expect(win().location.search, 'no token, nor anything else, in the address').to.equal('');
}
