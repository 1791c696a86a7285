/**
 * The hosted page, `dist/link.html` (built before the tests run), as a native app's webview or a
 * parent page loads it, against the fake service: where it takes the token from (a host message,
 * the fragment, never the query), that the token leaves the address bar before the widget starts,
 * that its Content-Security-Policy holds, that its fragment takes exactly the settings the docs list,
 * and that it asks the host to close it on exit, and after that takes and sends nothing.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import { SETTINGS } from '../../src/contract/settings.js';
import { FRAGMENT_SETTINGS } from '../../src/entries/hosted-page/fragment-settings.js';
import { fakeRequests, mintToken, oneVisit, waitUntil } from '../helpers.js';

/** The policy dist/link.html declares in its <meta>, word for word. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https:; connect-src 'self' https:; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types lit-html";

type HostedWindow = Window &
  typeof globalThis & {
    /** What the simulated native app received, as sent (react-native-webview: JSON strings). */
    hostReceived: unknown[];
    violations: { directive: string; blocked: string }[];
    /** The address when the page's DOM was ready, before any widget could start. */
    addressAtReady: string;
    ReactNativeWebView?: { postMessage(message: string): void };
  };

let frame: HTMLIFrameElement | undefined;
let opened: Window | null = null;
afterEach(() => {
  frame?.remove();
  frame = undefined;
  opened?.close();
  opened = null;
});

/** The fragment setting that names this test page as the frame's parent: the page runs framed only for it. */
const PARENT = `parent-origin=${encodeURIComponent(location.origin)}`;

before(() => executeServerCommand('simulate-hosts'));

/**
 * dist/link.html in a frame. scripts/host-simulation.mjs has the browser run a script in it
 * before the page's own: it records policy violations and the address when the DOM was ready,
 * and, in a frame named `native-host`, plays a React Native app.
 */
async function hostedPage(address: string, { native = false } = {}): Promise<HostedWindow> {
  frame = document.createElement('iframe');
  frame.style.width = '390px';
  frame.style.height = '700px';
  if (native) frame.name = 'native-host';
  frame.src = `/dist/link.html${address}`;
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as HostedWindow;
  expect(win.hostReceived, 'the simulation ran first').to.deep.equal(native ? win.hostReceived : []);
  return win;
}

/**
 * dist/link.html top-level, in a window of its own (as a link a person opens in a browser): no
 * frame, no native app. The host simulation does not reach such a window: no `hostReceived`.
 */
async function topLevelPage(address: string): Promise<HostedWindow> {
  opened = window.open(`/dist/link.html${address}`, 'hosted-top-level');
  const win = opened as HostedWindow;
  await waitUntil(() => win.location.pathname === '/dist/link.html' && widgetOf(win), 'the hosted page made its widget');
  return win;
}

const widgetOf = (win: HostedWindow) => win.document.querySelector('provider-link') as (HTMLElement & { linkToken: string; readonly linkSessionId: string }) | null;
const headingOf = (win: HostedWindow) => widgetOf(win)?.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';
const buttonOf = (win: HostedWindow, name: string) =>
  [...(widgetOf(win)?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').includes(name));

type HostMessage = { version: number; type: string; detail: Record<string, unknown> };

/** The messages the simulated app received, parsed. */
const received = (win: HostedWindow) => win.hostReceived.map((m) => (typeof m === 'string' ? JSON.parse(m) : m) as HostMessage);

/**
 * Messages of one visit: checks that every detail carries the visit's id, the same one
 * (`oneVisit`), and that it is the widget's; returns the messages without it, for a deep-equal of
 * the rest, and the id.
 */
function oneVisitOf(win: HostedWindow, messages: HostMessage[]): { linkSessionId: string; messages: HostMessage[] } {
  const { linkSessionId, rest } = oneVisit(messages.map((m) => m.detail));
  expect(linkSessionId, 'the widget’s own').to.equal(widgetOf(win)?.linkSessionId);
  return { linkSessionId, messages: messages.map((m, i) => ({ ...m, detail: rest[i]! })) };
}

/**
 * Resolves once what the page was just given has been handled, and anything it sent for it has
 * arrived: the widget's update, two frames (a change of size is reported after the first), then a
 * message this page posts itself, which arrives after any the frame posted before it.
 */
async function handled(win: HostedWindow): Promise<void> {
  await (widgetOf(win) as unknown as { updateComplete: Promise<boolean> }).updateComplete;
  await new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(resolve)));
  await new Promise<void>((resolve) => {
    const marker = `handled-${crypto.randomUUID()}`;
    const arrived = (event: MessageEvent) => event.data === marker && (window.removeEventListener('message', arrived), resolve());
    window.addEventListener('message', arrived);
    window.postMessage(marker, location.origin);
  });
}

/** The link API calls the fake saw with this token. */
async function callsWith(token: string): Promise<string[]> {
  return (await fakeRequests(token)).map((r) => r.path);
}

/** Nowhere the page keeps or shows things: its address, history entry, storage, markup, requests. */
function expectTokenNowhere(win: HostedWindow, token: string): void {
  const places = {
    address: win.location.href,
    storage: JSON.stringify({ ...win.sessionStorage }) + JSON.stringify({ ...win.localStorage }),
    markup: win.document.documentElement.outerHTML,
    requests: win.performance.getEntriesByType('resource').map((entry) => entry.name).join(' '),
    host: JSON.stringify(win.hostReceived),
  };
  for (const [place, text] of Object.entries(places)) expect(text.includes(token), `the token is in the ${place}`).to.equal(false);
}

describe('dist/link.html', () => {
  it('takes the token from the fragment, drops it from the address before the widget starts, and passes the settings on', async () => {
    const token = await mintToken();
    const win = await hostedPage(`#link-token=${token}&locale=fr-FR&theme=dark&app-name=Acme%20Health&unknown=1&${PARENT}`);
    expect(win.addressAtReady.includes(token), 'gone by the time the DOM was ready').to.equal(false);
    expect(new URL(win.location.href).hash, 'the settings stay').to.equal(`#locale=fr-FR&theme=dark&app-name=Acme+Health&unknown=1&${PARENT}`);
    await waitUntil(() => headingOf(win) === 'Connecter une source de données', 'the list, in French');
    const widget = widgetOf(win)!;
    expect(['locale', 'theme', 'app-name'].map((name) => widget.getAttribute(name))).to.deep.equal(['fr-FR', 'dark', 'Acme Health']);
    expect(widget.hasAttribute('unknown'), 'only the element’s own settings').to.equal(false);
    expect(win.document.documentElement.lang).to.equal('fr-FR');
    // The widget spans the frame, whatever its usual width.
    expect(widget.getBoundingClientRect().width).to.equal(win.innerWidth);
    expect(await callsWith(token)).to.deep.equal(['/v2/link/providers']);
    expectTokenNowhere(win, token);
    expect(win.violations, 'the widget runs under the page’s policy').to.deep.equal([]);
  });

  it('takes the token a native app sends after ready, and sends the app no token', async () => {
    const token = await mintToken();
    const win = await hostedPage(`#locale=en&${PARENT}`, { native: true });
    await waitUntil(() => received(win).some((m) => m.type === 'ready'), 'ready, to the app');
    expect(headingOf(win), 'waiting for the token').to.equal('Loading');
    // react-native-webview's postMessage: a message event with no source window, here on document.
    win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: token }) }));
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    // `ready` already carries the visit's id: the same as the flow's messages after it.
    const visit = oneVisitOf(win, received(win));
    expect(visit.messages.length, 'ready, and the flow’s messages after it').to.be.greaterThan(1);
    expect(visit.messages[0]).to.deep.equal({ version: 1, type: 'ready', detail: {} });
    expectTokenNowhere(win, token);
  });

  it('in a native app that never sends a token: after 2 s the link cannot be used, and Close sends close', async () => {
    const win = await hostedPage(`#locale=en&${PARENT}`, { native: true });
    const warnings: string[] = [];
    win.console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    await waitUntil(() => received(win).some((m) => m.type === 'ready'), 'ready, to the app');
    expect(headingOf(win), 'the app has its chance first').to.equal('Loading');
    await waitUntil(() => headingOf(win) === 'This link cannot be used', 'the missing-token screen');
    // The mistake is the app's, and the console says which, and how to answer.
    expect(warnings.filter((line) => line.includes('no link-token came') && line.includes('Answer the page\'s ready message with {type: "link-token", link_token}')), JSON.stringify(warnings)).to.have.length(1);
    expect(received(win).filter((m) => m.type === 'link-error').map((m) => [m.detail['errorType'], m.detail['recoverable']])).to.deep.equal([['invalid_token', false]]);
    buttonOf(win, 'Close')!.click();
    await waitUntil(() => received(win).some((m) => m.type === 'close'), 'close, to the app');
    expect(received(win).map((m) => m.type).slice(-2)).to.deep.equal(['link-exit', 'close']);
  });

  it('in a native app: OAuth through the app, and on exit link-exit then close', async () => {
    const token = await mintToken();
    const win = await hostedPage(`#link-token=${token}&${PARENT}`, { native: true });
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    buttonOf(win, 'Pulsewave Band')!.click();
    await waitUntil(() => received(win).some((m) => m.type === 'open-url'), 'the app is asked to open the sign-in page');
    win.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-result', state: 'success' } }));
    await waitUntil(() => headingOf(win) === 'Connected', 'connected');
    buttonOf(win, 'Done')!.click();
    await waitUntil(() => received(win).some((m) => m.type === 'close'), 'close, to the app');
    const types = received(win).map((m) => m.type);
    expect(types.slice(-2)).to.deep.equal(['link-exit', 'close']);
    expect(oneVisitOf(win, received(win)).messages.at(-1)).to.deep.equal({ version: 1, type: 'close', detail: { reason: 'done' } });
    expectTokenNowhere(win, token);
  });

  it('in a native app: once it has sent close, its last screen takes no press (Start again would begin a visit no host hears of)', async () => {
    const token = await mintToken();
    const fromFrame: { type: string }[] = [];
    const listen = (event: MessageEvent) => event.source === frame?.contentWindow && fromFrame.push(event.data);
    window.addEventListener('message', listen);
    try {
      const win = await hostedPage(`#link-token=${token}&locale=en&${PARENT}`, { native: true });
      await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
      buttonOf(win, 'Close')!.click();
      await waitUntil(() => received(win).some((m) => m.type === 'close') && headingOf(win) === 'Closed', 'close, to the app, and the closed screen');
      await waitUntil(() => fromFrame.some((m) => m.type === 'close'), 'close, to the parent');
      await handled(win);
      const toApp = received(win).length;
      const toParent = fromFrame.length;
      // A person's click, where the button is on the screen (a script's click() is no person's).
      const again = buttonOf(win, 'Start again')!.getBoundingClientRect();
      const page = frame!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(page.left + frame!.clientLeft + again.left + again.width / 2), Math.round(page.top + frame!.clientTop + again.top + again.height / 2)] });
      await handled(win);
      expect(headingOf(win), 'the last screen stays').to.equal('Closed');
      expect(received(win).slice(toApp), 'nothing more to the app').to.deep.equal([]);
      expect(fromFrame.slice(toParent), 'nothing more to the parent').to.deep.equal([]);
      expect(await callsWith(token), 'no call after close').to.deep.equal(['/v2/link/providers']);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('framed: takes the token only from the parent at parent-origin, and asks the parent to close it', async () => {
    const stranger = await mintToken();
    const token = await mintToken();
    const fromFrame: { type: string; detail: Record<string, unknown> }[] = [];
    const listen = (event: MessageEvent) => event.source === frame?.contentWindow && fromFrame.push(event.data);
    window.addEventListener('message', listen);
    try {
      const win = await hostedPage(`#${PARENT}`);
      await waitUntil(() => fromFrame.some((m) => m.type === 'ready'), 'ready, to the parent');
      // Not from the host: injected with no native app there, from the page itself, from another window.
      const offer = { type: 'link-token', link_token: stranger };
      win.dispatchEvent(new MessageEvent('message', { data: offer }));
      win.dispatchEvent(new MessageEvent('message', { data: offer, source: win }));
      const sibling = document.createElement('iframe');
      document.body.append(sibling);
      try {
        // Called from the sibling's own realm, so the message's source is the sibling.
        new (sibling.contentWindow as typeof window).Function('target', 'offer', 'target.postMessage(offer, "*")')(win, offer);
      } finally {
        sibling.remove();
      }
      win.postMessage({ type: 'link-token', link_token: token }, location.origin);
      await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
      expect(await callsWith(stranger), 'messages from elsewhere are not taken').to.deep.equal([]);
      expect(await callsWith(token)).to.deep.equal(['/v2/link/providers']);
      buttonOf(win, 'Close')!.click();
      await waitUntil(() => fromFrame.some((m) => m.type === 'close'), 'close, to the parent');
      // `resize` may come at any time (the frame's content changes height); the flow's own messages end so:
      const flow = fromFrame.filter((m) => m.type !== 'resize');
      expect(flow.map((m) => m.type).slice(-2)).to.deep.equal(['link-exit', 'close']);
      // One visit from ready to close, resize included.
      const visit = oneVisitOf(win, fromFrame as HostMessage[]);
      expect(visit.messages.map((m) => m.type), 'ready carries it too').to.include('ready');
      expect(visit.messages.filter((m) => m.type !== 'resize').at(-1)).to.deep.equal({ version: 1, type: 'close', detail: { reason: 'user_cancelled' } });
      expect(await executeServerCommand('check-bridge-messages', fromFrame), 'every message keeps docs/host-bridge.schema.json').to.deep.equal([]);
      expect(JSON.stringify(fromFrame).includes(token)).to.equal(false);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('in a native app: a refused token brings token-request, and the link-token that answers it carries the flow on', async () => {
    const first = await mintToken('default', { expire_after_calls: 0 });
    const fresh = await mintToken();
    const win = await hostedPage(`#locale=en&${PARENT}`, { native: true });
    await waitUntil(() => received(win).some((m) => m.type === 'ready'), 'ready, to the app');
    win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: first }) }));
    await waitUntil(() => received(win).some((m) => m.type === 'token-request'), 'token-request, to the app');
    const { linkSessionId, messages } = oneVisitOf(win, received(win));
    expect(messages.find((m) => m.type === 'token-request')).to.deep.equal({ version: 1, type: 'token-request', detail: {} });
    expect(headingOf(win), 'a wait, not an error').to.equal('Loading');
    win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: fresh }) }));
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    expect(await callsWith(first)).to.deep.equal(['/v2/link/providers']);
    expect(await callsWith(fresh)).to.deep.equal(['/v2/link/providers']);
    expect(received(win).filter((m) => m.type === 'token-request'), 'asked once').to.have.length(1);
    expect(received(win).filter((m) => m.type === 'link-error')).to.deep.equal([]);
    expect(received(win).some((m) => m.type === 'link-event' && m.detail['name'] === 'token_refreshed')).to.equal(true);
    expect(oneVisitOf(win, received(win)).linkSessionId, 'the same visit, across the fresh token').to.equal(linkSessionId);
    // The same answer again (an app that answers twice, or a bridge that delivers on window and
    // on document): a step further on, it changes nothing.
    buttonOf(win, 'Scalewise')!.click();
    await waitUntil(() => headingOf(win) === 'Sign in to Scalewise', 'the sign-in form');
    const stray = new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: fresh }) });
    win.dispatchEvent(stray);
    await (widgetOf(win) as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    expect(headingOf(win), 'not started again').to.equal('Sign in to Scalewise');
    expect(await callsWith(fresh), 'no list asked again').to.deep.equal(['/v2/link/providers']);
    expect(await executeServerCommand('check-bridge-messages', received(win)), 'every message keeps docs/host-bridge.schema.json').to.deep.equal([]);
    expectTokenNowhere(win, first);
    expectTokenNowhere(win, fresh);
  });

  it('in a native app that never answers token-request: after the default request timeout, token_request_failed with Try again, and no developer text, whatever the fragment says', async () => {
    const first = await mintToken('default', { expire_after_calls: 0 });
    // A crafted link: `debug` would show the service's developer text to the person, and
    // `request-timeout` would change the time limit. Neither is a setting of the fragment.
    const win = await hostedPage(`#locale=en&debug&request-timeout=1000&${PARENT}`, { native: true });
    await waitUntil(() => received(win).some((m) => m.type === 'ready'), 'ready, to the app');
    win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: first }) }));
    await waitUntil(() => received(win).some((m) => m.type === 'token-request'), 'token-request, to the app');
    await waitUntil(() => headingOf(win) === 'Something went wrong', 'the screen of a token request that failed');
    const errors = received(win).filter((m) => m.type === 'link-error').map((m) => m.detail);
    expect(errors.map((detail) => [detail['errorType'], detail['recoverable']])).to.deep.equal([['token_request_failed', true]]);
    // The host still gets the developer text; the person does not.
    expect(widgetOf(win)!.shadowRoot!.textContent, 'no developer text on the screen').to.not.include('Technical details');
    expect(String(errors[0]?.['debug']), 'the default time limit').to.match(/^requestLinkToken\(\) did not answer within 15000 ms/);
    expect(buttonOf(win, 'Try again'), 'Try again').to.not.equal(undefined);
    expectTokenNowhere(win, first);
  });

  it('takes from its fragment exactly the settings docs/host-bridge.md lists, and its own list says the same', async () => {
    const hostBridgeDoc = await (await fetch('/docs/host-bridge.md')).text();
    const sentence = /- \*\*Settings\*\* in the fragment[^:]*:([^.]*)\./.exec(hostBridgeDoc)?.[1] ?? '';
    const documented = [...sentence.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
    expect([...documented].sort(), 'docs/host-bridge.md, "The hosted page", against FRAGMENT_SETTINGS').to.deep.equal([...FRAGMENT_SETTINGS].sort());
    // Every attribute of the element's settings table, in the fragment, each with a value it can take.
    const attributes = SETTINGS.flatMap((setting) => (setting.attribute && !('secret' in setting) ? [setting.attribute as string] : []));
    const values: Record<string, string> = { 'base-url': location.origin, 'parent-origin': location.origin, provider: 'scalewise', theme: 'dark', debug: '', 'request-timeout': '1000' };
    const fragment = new URLSearchParams(attributes.map((name) => [name, values[name] ?? 'en']));
    const win = await hostedPage(`#${fragment}`);
    const widget = widgetOf(win)!;
    expect(attributes.filter((name) => widget.hasAttribute(name)).sort(), 'what reaches the widget').to.deep.equal([...documented].sort());
  });

  it('in a native app: once it has sent close, acts on no message and sends nothing more, not even after a late answer to Connect another', async () => {
    const token = await mintToken();
    const late = await mintToken();
    const fromFrame: { type: string }[] = [];
    const listen = (event: MessageEvent) => event.source === frame?.contentWindow && fromFrame.push(event.data);
    window.addEventListener('message', listen);
    try {
      const win = await hostedPage(`#link-token=${token}&locale=en&${PARENT}`, { native: true });
      await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
      buttonOf(win, 'Pulsewave Band')!.click();
      await waitUntil(() => received(win).some((m) => m.type === 'open-url'), 'the app is asked to open the sign-in page');
      win.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-result', state: 'success' } }));
      await waitUntil(() => headingOf(win) === 'Connected', 'connected');
      buttonOf(win, 'Connect another')!.click();
      await waitUntil(() => received(win).some((m) => m.type === 'token-request'), 'token-request, to the app');
      // The person closes before the app's backend has made the new token.
      buttonOf(win, 'Close')!.click();
      await waitUntil(() => received(win).some((m) => m.type === 'close'), 'close, to the app');
      await waitUntil(() => fromFrame.some((m) => m.type === 'close'), 'close, to the parent');
      // A provider was linked in this visit: the visit is done.
      // One visit, across Connect another, to close.
      expect(oneVisitOf(win, received(win)).messages.at(-1)).to.deep.equal({ version: 1, type: 'close', detail: { reason: 'done' } });
      const toApp = received(win).length;
      const toParent = fromFrame.length;
      const screenOf = () => [headingOf(win), widgetOf(win)!.shadowRoot!.querySelector('.lead')?.textContent?.trim()];
      const screen = screenOf();
      expect(screen[0], 'the end of a visit that linked a provider').to.equal('Connected');

      // The answer comes now: as the app delivers it and as the parent does (before close the page
      // took either), and an OAuth result too.
      const answer = { type: 'link-token', link_token: late };
      win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(answer) }));
      win.postMessage(answer, location.origin);
      win.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-result', state: 'success' } }));
      await handled(win);

      expect(received(win).slice(toApp), 'nothing more to the app').to.deep.equal([]);
      expect(fromFrame.slice(toParent), 'nothing more to the parent').to.deep.equal([]);
      expect(screenOf(), 'the last screen stays').to.deep.equal(screen);
      expect(await callsWith(late), 'the late token is not used').to.deep.equal([]);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('framed by a page that is not its parent-origin, refuses to run, and sends nothing, even to a native bridge in the frame', async () => {
    const token = await mintToken();
    const fromFrame: unknown[] = [];
    const listen = (event: MessageEvent) => event.source === frame?.contentWindow && fromFrame.push(event.data);
    window.addEventListener('message', listen);
    try {
      // This test page is the parent; the fragment names another.
      const win = await hostedPage(`#link-token=${token}&locale=en&parent-origin=https%3A%2F%2Fpartner.example`, { native: true });
      await waitUntil(() => headingOf(win) === 'This link cannot be used', 'the refusal');
      win.postMessage({ type: 'link-token', link_token: token }, '*');
      win.document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'link-token', link_token: token }) }));
      buttonOf(win, 'Close')!.click();
      await waitUntil(() => headingOf(win) !== 'This link cannot be used', 'closed');
      expect(win.hostReceived, 'nothing to the app').to.deep.equal([]);
      expect(fromFrame, 'nothing to the parent').to.deep.equal([]);
      expect(await callsWith(token), 'no token taken, from the fragment or a message').to.deep.equal([]);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('framed, follows its content with resize both ways: a short form after the long list sends a smaller height', async () => {
    const token = await mintToken();
    const heights: number[] = [];
    // As a parent page does (docs/host-bridge.md): the frame takes each height it is sent.
    const listen = (event: MessageEvent) => {
      if (event.source !== frame?.contentWindow || event.data?.type !== 'resize') return;
      heights.push(event.data.detail.height);
      frame!.style.height = `${event.data.detail.height}px`;
    };
    window.addEventListener('message', listen);
    try {
      const win = await hostedPage(`#link-token=${token}&locale=en&${PARENT}`);
      await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
      const list = () => Math.ceil(widgetOf(win)!.getBoundingClientRect().height);
      await waitUntil(() => heights.at(-1) === list(), 'the frame fits the list');
      const listHeight = list();
      buttonOf(win, 'Glucomate')!.click();
      await waitUntil(() => headingOf(win).includes('Glucomate'), 'the sign-in form');
      await waitUntil(() => heights.at(-1)! < listHeight, `a smaller height than the list's ${listHeight} px (sent: ${heights.join(', ')})`);
      expect(heights.at(-1)).to.equal(Math.ceil(widgetOf(win)!.getBoundingClientRect().height));
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('never uses a token from the query, and drops it from the address too', async () => {
    const leaked = await mintToken();
    const token = await mintToken();
    const win = await hostedPage(`?link-token=${leaked}#${PARENT}`);
    expect(win.location.search).to.equal('');
    expect(win.addressAtReady.includes(leaked)).to.equal(false);
    expect(headingOf(win)).to.equal('Loading');
    // The widget starts at once when it has a token; the one from the parent shows it had none.
    win.postMessage({ type: 'link-token', link_token: token }, location.origin);
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    expect(await callsWith(leaked)).to.deep.equal([]);
  });

  it('with a token only in the query and none from the parent: after 2 s the link cannot be used, and Close sends close', async () => {
    const leaked = await mintToken();
    const fromFrame: { type: string }[] = [];
    const listen = (event: MessageEvent) => event.source === frame?.contentWindow && fromFrame.push(event.data);
    window.addEventListener('message', listen);
    try {
      const win = await hostedPage(`?link-token=${leaked}#locale=en&${PARENT}`);
      await waitUntil(() => headingOf(win) === 'This link cannot be used', 'the missing-token screen');
      buttonOf(win, 'Close')!.click();
      await waitUntil(() => fromFrame.some((m) => m.type === 'close'), 'close, to the parent');
      expect(await callsWith(leaked)).to.deep.equal([]);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('top-level with no host fills the screen, and with no token says so after 2 s', async () => {
    const win = await topLevelPage('#locale=en');
    await waitUntil(() => headingOf(win) === 'This link cannot be used', 'the missing-token screen');
    const widget = widgetOf(win)!;
    expect(widget.getBoundingClientRect().width).to.equal(win.innerWidth);
    expect(widget.getBoundingClientRect().height).to.be.at.least(win.innerHeight);
  });

  it('top-level in a tab the person opened: after Done it stays on its last screen, and does not try to close itself', async () => {
    const token = await mintToken();
    const win = await topLevelPage(`#link-token=${token}&locale=en`);
    // A tab a person opened has no opener; a script may not close it.
    win.opener = null;
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    buttonOf(win, 'Sugarline Meter')!.click();
    await waitUntil(() => widgetOf(win)?.shadowRoot?.querySelector('input[type="email"]'), 'the email form');
    const email = widgetOf(win)!.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]')!;
    email.value = 'ada@example.com';
    email.form!.requestSubmit();
    await waitUntil(() => buttonOf(win, 'Done'), 'the invitation was sent');
    buttonOf(win, 'Done')!.click();
    await waitUntil(() => !buttonOf(win, 'Done'), 'the last screen');
    expect(win.closed, 'the tab stays').to.equal(false);
    expect(headingOf(win)).to.equal('Check your email');
  });

  it('top-level in a window a script opened: closes itself after Close', async () => {
    const win = await topLevelPage(`#link-token=${await mintToken()}&locale=en`);
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    buttonOf(win, 'Close')!.click();
    await waitUntil(() => win.closed, 'closed');
  });

  it('holds its Content-Security-Policy: no eval, no markup as script, the API origin only', async () => {
    const markup = await (await fetch('/dist/link.html', { cache: 'no-store' })).text();
    const meta = new DOMParser().parseFromString(markup, 'text/html').querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(meta?.getAttribute('content')).to.equal(PAGE_CSP);

    const win = await hostedPage(`#link-token=${await mintToken()}&${PARENT}`);
    await waitUntil(() => headingOf(win) === 'Connect a data source', 'the list');
    expect(win.violations).to.deep.equal([]);

    expect(() => win.eval('1'), 'eval').to.throw();
    expect(() => (win.document.body.innerHTML = '<img src=x onerror="window.__ran=1">'), 'markup as a string').to.throw(/TrustedHTML/);
    const script = win.document.createElement('script');
    expect(() => (script.textContent = 'window.__ran = 1'), 'inline script').to.throw(/TrustedScript/);
    // https: is in the page's policy; the second, narrowed one keeps the widget to its API.
    await win.fetch('https://elsewhere.example/collect').then(
      () => expect.fail('a request to another origin went out'),
      () => {},
    );
    await waitUntil(() => win.violations.some((v) => v.directive === 'connect-src' && v.blocked.startsWith('https://elsewhere.example')), 'refused by connect-src');
    expect((win as unknown as { __ran?: number }).__ran).to.equal(undefined);
  });
});
