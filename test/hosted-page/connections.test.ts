/**
 * The hosted page, `dist/link.html`, told the person's connections by its host
 * (`connected-providers`), before or after its token: the list marks them, a later message
 * replaces them, and a message from anyone else is not taken.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { mintToken, waitUntil } from '../helpers.js';

let frame: HTMLIFrameElement | undefined;
afterEach(() => {
  frame?.remove();
  frame = undefined;
});

/** dist/link.html framed by this page, its parent-origin: the page takes host messages from here only. */
async function hostedPage(): Promise<Window> {
  frame = document.createElement('iframe');
  frame.style.height = '700px';
  frame.src = `/dist/link.html#parent-origin=${encodeURIComponent(location.origin)}`;
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow!;
}

const widgetOf = (win: Window) => win.document.querySelector('provider-link') as ProviderLinkElement | null;
/** Each provider row's accessible name, as a screen reader hears it. */
const rows = (win: Window) =>
  [...(widgetOf(win)?.shadowRoot?.querySelectorAll('[part~="provider"]') ?? [])].map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim());
const row = (win: Window, name: string) => rows(win).find((text) => text.startsWith(name)) ?? '';

describe('dist/link.html: the host’s connected-providers', () => {
  it('marks them, whether they come before the token or after the list, and takes them only from its host', async () => {
    const win = await hostedPage();
    win.postMessage({ type: 'connected-providers', connected_providers: [{ slug: 'scalewise', status: 'needs_reconnect' }] }, location.origin);
    win.postMessage({ type: 'link-token', link_token: await mintToken() }, location.origin);
    await waitUntil(() => rows(win).length > 0, 'the list');
    await waitUntil(() => row(win, 'Scalewise').endsWith('Reconnect needed'), 'Scalewise to reconnect');
    // Not from the host: the frame's own page.
    win.dispatchEvent(new MessageEvent('message', { data: { type: 'connected-providers', connected_providers: [{ slug: 'glucomate' }] }, source: win }));
    // A later one from the host replaces the first, as a JSON string as a native app sends it.
    win.postMessage(JSON.stringify({ type: 'connected-providers', connected_providers: [{ slug: 'pulsewave' }] }), location.origin);
    await waitUntil(() => row(win, 'Pulsewave').endsWith('Connected'), 'Pulsewave connected');
    expect(row(win, 'Scalewise')).to.not.include('Reconnect');
    expect(row(win, 'Glucomate'), 'nothing taken from elsewhere').to.not.include('Connected');
    expect(widgetOf(win)!.shadowRoot!.textContent, 'no Disconnect: the page has no way to do it').to.not.include('Disconnect');
  });
});
