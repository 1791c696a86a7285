/**
 * Who may frame dist/link.html (docs/host-bridge.md, "Framing"): framed, it runs only when its
 * `parent-origin` is the origin of the page that frames it; otherwise it says the link cannot be
 * used and takes no token. Needs no host simulation, so it runs in every engine.
 */
import { expect } from '@open-wc/testing';
import { fakeRequests, mintToken, waitUntil } from '../helpers.js';

let frame: HTMLIFrameElement | undefined;
afterEach(() => {
  frame?.remove();
  frame = undefined;
});

type Widget = HTMLElement & { linkToken: string };

async function framedPage(fragment: string): Promise<Window> {
  frame = document.createElement('iframe');
  frame.style.width = '390px';
  frame.style.height = '700px';
  frame.src = `/dist/link.html#${fragment}`;
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow!;
}

const widgetOf = (win: Window) => win.document.querySelector('provider-link') as Widget | null;
const headingOf = (win: Window) => widgetOf(win)?.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';

/** What the frame posts to this page. */
function messagesFromFrame(): { messages: { type: string }[]; stop(): void } {
  const messages: { type: string }[] = [];
  const listen = (event: MessageEvent) => event.source === frame?.contentWindow && messages.push(event.data);
  window.addEventListener('message', listen);
  return { messages, stop: () => window.removeEventListener('message', listen) };
}

async function expectRefused(parentOrigin: string | null): Promise<void> {
  const token = await mintToken();
  const { messages, stop } = messagesFromFrame();
  try {
    const win = await framedPage(`link-token=${token}&locale=fr${parentOrigin === null ? '' : `&parent-origin=${encodeURIComponent(parentOrigin)}`}`);
    // At once, and in the page's language: not the loading screen of a page that waits for a token.
    await waitUntil(() => headingOf(win) === 'Ce lien ne peut pas être utilisé', 'the refusal, in French');
    expect(widgetOf(win)!.linkToken, 'the fragment’s token is not taken').to.equal('');
    win.postMessage({ type: 'link-token', link_token: token }, '*');
    expect(new URL(win.location.href).hash.includes(token), 'still gone from the address').to.equal(false);
    expect(messages, 'nothing sent').to.deep.equal([]);
    expect(await fakeRequests(token)).to.deep.equal([]);
  } finally {
    stop();
  }
}

describe('dist/link.html in a frame', () => {
  it('refuses to run without parent-origin', () => expectRefused(null));

  it('refuses to run when parent-origin is not the page that frames it', () => expectRefused('https://partner.example'));

  it('says at once that the link cannot be used when its base-url is one its own policy blocks (not https, not its origin), and asks for no token', async () => {
    const token = await mintToken();
    const { messages, stop } = messagesFromFrame();
    try {
      // Another origin over plain http: the page's connect-src ('self' https:) would block every call.
      const blocked = `http://127.0.0.1:${location.port}`;
      expect(new URL(blocked).origin).to.not.equal(location.origin);
      const win = await framedPage(`link-token=${token}&base-url=${encodeURIComponent(blocked)}&parent-origin=${encodeURIComponent(location.origin)}`);
      await waitUntil(() => headingOf(win) === 'This link cannot be used', 'the refusal, not a connection error with a Try again that cannot work');
      const buttons = [...widgetOf(win)!.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent?.trim());
      expect(buttons).to.not.include('Try again');
      expect(messages.map((m) => m.type), 'no token asked for').to.not.include('ready');
      win.postMessage({ type: 'link-token', link_token: token }, '*');
      expect(await fakeRequests(token), 'no call with a token given anyway').to.deep.equal([]);
    } finally {
      stop();
    }
  });

  it('runs for the parent its parent-origin names', async () => {
    const token = await mintToken();
    const { messages, stop } = messagesFromFrame();
    try {
      const win = await framedPage(`locale=en&parent-origin=${encodeURIComponent(location.origin)}`);
      await waitUntil(() => messages.some((m) => m.type === 'ready'), 'ready, to the parent');
      win.postMessage({ type: 'link-token', link_token: token }, location.origin);
      await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
      expect((await fakeRequests(token)).map((r) => r.path)).to.deep.equal(['/v2/link/providers']);
    } finally {
      stop();
    }
  });
});
