/** The host bridge: native webview hosts and a parent page, seen from the host's side. */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { BRIDGE_VERSION } from '../../src/browser/bridge.js';
import type { BridgeMessage } from '../../src/browser/bridge.js';
import { button, DEMO_MFA_CODE, DEMO_PASSWORD, engine, heading, listingWidget, mintToken, mountWidget, oneVisit, pressEnter, recordEvents, type, usePopups, waitForHeading, waitUntil } from '../helpers.js';

type HostWindow = Window & Record<string, unknown>;

/** What a host received keeps the written contract, docs/host-bridge.schema.json (checked by Ajv on the server). */
async function expectContract(messages: unknown[]) {
  expect(messages.length, 'the host received messages').to.be.greaterThan(0);
  expect(await executeServerCommand<string[], unknown[]>('check-bridge-messages', messages)).to.deep.equal([]);
}
const hostWindow = window as unknown as HostWindow;

/** Installs a fake native host of one kind; returns what it received, as objects. */
function fakeHost(kind: 'react-native' | 'ios' | 'android') {
  const received: BridgeMessage[] = [];
  const raw: unknown[] = [];
  const take = (message: unknown) => {
    raw.push(message);
    received.push((typeof message === 'string' ? JSON.parse(message) : message) as BridgeMessage);
  };
  if (kind === 'react-native') hostWindow['ReactNativeWebView'] = { postMessage: take };
  if (kind === 'ios') hostWindow['webkit'] = { messageHandlers: { providerLink: { postMessage: take } } };
  if (kind === 'android') hostWindow['ProviderLinkAndroid'] = { postMessage: take };
  return {
    received,
    raw,
    types: () => received.map((m) => m.type),
    remove() {
      delete hostWindow['ReactNativeWebView'];
      delete hostWindow['webkit'];
      delete hostWindow['ProviderLinkAndroid'];
    },
  };
}

describe('host bridge: native webviews', () => {
  const popups = usePopups();

  let host: ReturnType<typeof fakeHost> | undefined;
  afterEach(async () => {
    host?.remove();
    // As the host received them: strings for React Native and Android, objects for iOS.
    if (host) await expectContract(host.raw);
    host = undefined;
  });

  for (const [kind, wire] of [
    ['react-native', 'string'],
    ['ios', 'object'],
    ['android', 'string'],
  ] as const) {
    it(`${kind}: sends every link-* event as a versioned ${wire}, with no secret in any of them`, async () => {
      host = fakeHost(kind);
      const token = await mintToken();
      const widget = await mountWidget({ 'link-token': token, provider: 'glucomate' });
      const log = recordEvents(widget);
      await waitForHeading(widget, 'Sign in to Glucomate');
      await type(widget, 'Username', 'ada@example.org');
      await type(widget, 'Password', DEMO_PASSWORD);
      await pressEnter();
      await waitForHeading(widget, 'Enter the verification code');
      await type(widget, 'Verification code', DEMO_MFA_CODE);
      await pressEnter();
      await waitUntil(() => widget.shadowRoot?.textContent?.includes('another code'), 'the second round');
      await type(widget, 'Verification code', DEMO_MFA_CODE);
      await pressEnter();
      await waitForHeading(widget, 'Connected');
      button(widget, 'Done').click();
      await waitUntil(() => host!.types().includes('link-exit'));
      await widget.updateComplete;
      expect(widget.shadowRoot?.querySelector('.lead')?.textContent, 'in a webview, the app can close its window').to.equal('You can close this window now.');

      for (const message of host.raw) expect(typeof message).to.equal(wire);
      for (const message of host.received) {
        expect(message.version).to.equal(BRIDGE_VERSION);
        expect(Object.keys(message).sort()).to.deep.equal(['detail', 'type', 'version']);
      }
      // The host sees exactly what the page saw, in the same order, every message with the visit's id.
      const visit = oneVisit(host.received.map((m) => m.detail));
      expect(host.received.map((m, i) => ({ type: m.type, detail: visit.rest[i] }))).to.deep.equal(log.events);
      expect(log.visitIds, 'the page heard the same visit').to.deep.equal(log.events.map(() => visit.linkSessionId));
      const everything = JSON.stringify(host.raw);
      for (const secret of [token, 'ada@example.org', DEMO_PASSWORD, DEMO_MFA_CODE]) expect(everything).not.to.include(secret);
    });
  }

  it('takes no OAuth result from a cross-site frame that posts and is removed (no source window, another origin)', async () => {
    host = fakeHost('react-native');
    const { widget } = await listingWidget({ 'oauth-mode': 'external' });
    const log = recordEvents(widget);
    button(widget, 'Pulsewave').click();
    await waitUntil(() => host!.types().includes('open-url'), 'waiting on the system browser');
    const frameOrigin = location.origin.replace('localhost', '127.0.0.1');
    const page = `${frameOrigin}/test/fixtures/forge-from-removed-frame.html`;
    const forged: MessageEvent[] = [];
    let done = false;
    let frame: HTMLIFrameElement | undefined;
    const watch = (event: MessageEvent) => {
      if (event.data === 'remove-me') frame?.remove();
      else if (event.data === 'forged') done = true;
      else if ((event.data as { type?: string })?.type === 'oauth-result') forged.push(event);
    };
    // Chromium isolates the other site's frame: a message that arrives once the frame is gone has
    // no source window, as a native host's injected one does. That is the case this test is for.
    // With no other frame of that site left on the page, Chromium drops some or all of a removed
    // frame's last messages; one that stays (as another of the ad's frames would) lets them through.
    const staying = document.createElement('iframe');
    staying.src = `${page}?stay`;
    const stayingLoaded = new Promise((resolve) => staying.addEventListener('load', resolve, { once: true }));
    document.body.append(staying);
    window.addEventListener('message', watch);
    try {
      await stayingLoaded;
      frame = document.createElement('iframe');
      frame.src = page;
      document.body.append(frame);
      // The frame's last message: each forgery before it has reached this page, the widget's
      // listener (added before this test's) included.
      await waitUntil(() => done, 'the removed frame’s messages arrived');
      await widget.updateComplete;
      expect(forged.length, 'forgeries arrived').to.equal(5);
      if (engine === 'chromium') expect(forged.every((event) => event.source === null), 'the forgeries arrived without a source window').to.equal(true);
      expect(forged.every((event) => event.origin === frameOrigin)).to.equal(true);
      expect(log.of('link-success')).to.deep.equal([]);
      expect(host.types()).not.to.include('link-success');
      expect(heading(widget)).not.to.equal('Connected');
    } finally {
      window.removeEventListener('message', watch);
      frame?.remove();
      staying.remove();
    }
  });

  it('asks the native host to open OAuth in the system browser, and takes the result from completeOAuth()', async () => {
    host = fakeHost('ios');
    const { widget } = await listingWidget();
    button(widget, 'Pulsewave').click();
    await waitUntil(() => host!.types().includes('open-url'), 'open-url sent');
    const openUrl = host.received.find((m) => m.type === 'open-url')!;
    expect(openUrl.url).to.match(/^http:\/\/localhost:\d+\/fake-oauth\/authorize\?consent=/);
    expect(openUrl.detail).to.deep.equal({ url: openUrl.url, linkSessionId: widget.linkSessionId });
    expect(popups.opened, 'auto mode under a native host opens no popup').to.have.length(0);
    await waitForHeading(widget, 'Continue with Pulsewave Band');

    // The button asks again, for a user who closed the browser too early.
    button(widget, 'Open Pulsewave Band sign-in').click();
    expect(host.types().filter((t) => t === 'open-url')).to.have.length(2);

    widget.completeOAuth({ state: 'success', error_type: null, error: null });
    await waitForHeading(widget, 'Connected');
    const { linkSessionId, rest } = oneVisit(host.received.map((m) => m.detail));
    expect(linkSessionId, 'the element’s own').to.equal(widget.linkSessionId);
    expect(rest[host.types().indexOf('link-success')]).to.deep.equal({ provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false });
  });

  it('takes an OAuth result the native host posts into the page', async () => {
    host = fakeHost('react-native');
    const { widget } = await listingWidget();
    const log = recordEvents(widget);
    button(widget, 'Stridely').click();
    await waitUntil(() => host!.types().includes('open-url'));
    // How react-native-webview delivers postMessage: a message event with no source window.
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'oauth-result', state: 'error', error_type: 'user_cancelled', error: 'Closed the browser.' }) }));
    await waitForHeading(widget, 'Not connected');
    expect(log.of('link-error')[0]).to.include({ errorType: 'user_cancelled', debug: 'Closed the browser.' });
  });

  it('the person closes the system browser without finishing: the host says user_cancelled (docs/host-bridge.md), and Try again opens it again', async () => {
    host = fakeHost('ios');
    const { widget } = await listingWidget();
    const log = recordEvents(widget);
    button(widget, 'Pulsewave').click();
    await waitUntil(() => host!.types().includes('open-url'), 'open-url sent');
    // ASWebAuthenticationSession's cancel, Custom Tabs closed with no redirect: the app tells the widget.
    widget.completeOAuth({ state: 'error', error_type: 'user_cancelled', error: null });
    await waitForHeading(widget, 'Not connected');
    expect(log.of('link-error')[0]).to.include({ errorType: 'user_cancelled', recoverable: true });
    expect(host.received.find((m) => m.type === 'link-error')?.detail).to.include({ errorType: 'user_cancelled', recoverable: true });
    button(widget, 'Try again').click();
    await waitUntil(() => host!.types().filter((t) => t === 'open-url').length === 2, 'the system browser asked to open again');
    await waitForHeading(widget, 'Continue with Pulsewave Band');
  });

  it('an OAuth result whose text repeats the token reaches neither link-error nor the host with it', async () => {
    host = fakeHost('react-native');
    const { widget, token } = await listingWidget();
    const log = recordEvents(widget);
    button(widget, 'Stridely').click();
    await waitUntil(() => host!.types().includes('open-url'));
    widget.completeOAuth({ state: 'error', error_type: 'provider_api_error', error: `The provider refused ${token}.` });
    await waitUntil(() => log.of('link-error').length > 0, 'link-error');
    expect(log.of('link-error')[0]).to.include({ errorType: 'provider_api_error', debug: 'The provider refused •••.' });
    expect(JSON.stringify(host.raw)).not.to.include(token);
  });

  it('takes a result delivered on document (react-native-webview on Android), once even if it also arrives on window', async () => {
    host = fakeHost('react-native');
    const { widget } = await listingWidget();
    const log = recordEvents(widget);
    button(widget, 'Stridely').click();
    await waitUntil(() => host!.types().includes('open-url'));
    const data = JSON.stringify({ type: 'oauth-result', state: 'error', error_type: 'required_scopes_not_granted' });
    // Both are dispatched, and handled, synchronously: the second one has had its chance already.
    document.dispatchEvent(new MessageEvent('message', { data }));
    window.dispatchEvent(new MessageEvent('message', { data }));
    await waitForHeading(widget, 'Not connected');
    expect(log.of('link-error').map((e) => e['errorType'])).to.deep.equal(['required_scopes_not_granted']);
  });

  it('in a plain browser, ignores host-shaped messages and uses a popup for external mode', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'external' });
    button(widget, 'Stridely').click();
    await waitForHeading(widget, 'Continue with Stridely');
    // Handled synchronously, if at all: nothing to wait for.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-result', state: 'success' } }));
    await widget.updateComplete;
    expect((widget.shadowRoot?.querySelector('h2')?.textContent ?? '').trim()).to.equal('Continue with Stridely');
  });
});

describe('host bridge: a parent page framing the widget', () => {
  // The frame is served from 127.0.0.1, this page from localhost: two origins, one server.
  const frameOrigin = location.origin.replace('localhost', '127.0.0.1');
  let frame: HTMLIFrameElement | undefined;
  let received: { origin: string; data: BridgeMessage }[];
  const onMessage = (event: MessageEvent) => received.push({ origin: event.origin, data: event.data as BridgeMessage });

  beforeEach(() => {
    received = [];
    window.addEventListener('message', onMessage);
  });
  afterEach(async () => {
    window.removeEventListener('message', onMessage);
    frame?.remove();
    const fromWidget = received.filter((m) => typeof m.data === 'object');
    if (fromWidget.length) await expectContract(fromWidget.map((m) => m.data));
  });

  function frameWidget(options: Record<string, string>, origin = frameOrigin) {
    frame = document.createElement('iframe');
    frame.src = `${origin}/test/fixtures/framed.html#${new URLSearchParams(options)}`;
    document.body.append(frame);
    return frame;
  }
  const types = () => received.map((m) => m.data.type);

  it('posts events to the parent at parent-origin, and completes external OAuth from the parent’s message', async () => {
    frameWidget({ parent: location.origin, mode: 'external', pick: 'Pulsewave' });
    await waitUntil(() => types().includes('open-url'), 'the frame asks the parent to open the provider');
    for (const message of received) {
      expect(message.origin).to.equal(frameOrigin);
      expect(message.data.version).to.equal(BRIDGE_VERSION);
    }
    expect(types()).to.include.members(['link-event']);

    frame!.contentWindow!.postMessage({ type: 'oauth-result', state: 'success' }, frameOrigin);
    await waitUntil(() => types().includes('link-success'), 'success reaches the parent');
    expect(received.find((m) => m.data.type === 'link-success')?.data.detail).to.include({ provider: 'pulsewave' });
  });

  it('posts nothing and takes nothing when parent-origin names another origin', async () => {
    // Same origin as this page, so the test can look inside; the widget trusts only elsewhere.example.
    const framed = frameWidget({ parent: 'https://elsewhere.example', mode: 'external', pick: 'Pulsewave' }, location.origin);
    const headingText = () => framed.contentDocument?.querySelector('provider-link')?.shadowRoot?.querySelector('h2')?.textContent?.trim();
    await waitUntil(() => headingText() === 'Continue with Pulsewave Band', 'the widget waits for OAuth');
    framed.contentWindow!.postMessage({ type: 'oauth-result', state: 'success' }, location.origin);
    // Messages from one window arrive in order: once the ping is answered, the result was handled.
    framed.contentWindow!.postMessage('test:ping', location.origin);
    await waitUntil(() => received.some((m) => (m.data as unknown) === 'test:pong'), 'the frame answered the ping');
    await framed.contentDocument?.querySelector('provider-link')?.updateComplete;
    expect(headingText(), 'a result from the wrong origin is ignored').to.equal('Continue with Pulsewave Band');
    received = received.filter((m) => (m.data as unknown) !== 'test:pong');
    expect(received, 'nothing was posted to this page').to.have.length(0);
  });

  it('tells the parent its height, and each new height as the screens change, so the frame can fit it', async () => {
    // Same origin as this page, so the test can measure the widget inside.
    const framed = frameWidget({ parent: location.origin }, location.origin);
    const widget = () => framed.contentDocument?.querySelector('provider-link');
    const heightInside = () => Math.ceil(widget()?.getBoundingClientRect().height ?? -1);
    const lastResize = () => received.filter((m) => m.data.type === 'resize').at(-1)?.data.detail['height'];
    const listed = () => [...(widget()?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Glucomate'));
    await waitUntil(listed, 'the framed widget lists the providers');
    await waitUntil(() => lastResize() === heightInside(), `the parent heard the list's height (${heightInside()} px), not ${lastResize()}`);
    const listHeight = heightInside();

    listed()!.click();
    await waitUntil(() => widget()?.shadowRoot?.querySelector('h2')?.textContent?.includes('Sign in to Glucomate'), 'the sign-in form');
    await waitUntil(() => lastResize() === heightInside(), `the parent heard the form's height (${heightInside()} px), not ${lastResize()}`);
    expect(heightInside(), 'the form is not as tall as the list of providers').to.not.equal(listHeight);

    // Fitted to what it heard, the frame shows the whole widget without a scrollbar.
    framed.style.cssText = `border: 0; height: ${lastResize()}px`;
    await new Promise(requestAnimationFrame);
    const page = framed.contentDocument!.documentElement;
    expect(page.scrollHeight, 'nothing to scroll inside the fitted frame').to.be.at.most(page.clientHeight);
  });

  it('refuses "*" as parent-origin', async function () {
    // The frame picks the provider by a script's click, with no user gesture: WebKit blocks the
    // popup that opens (the Chromium and Firefox here run without a popup blocker), and auto mode
    // then goes to the provider by redirect, as it should, so the frame never waits for OAuth.
    // The refusal itself is the same code in every engine.
    if (engine === 'webkit') this.skip();
    frameWidget({ parent: '*', pick: 'Pulsewave', marker: '' });
    // The frame says when its widget waits for OAuth: after every event it would have posted.
    await waitUntil(() => received.some((m) => (m.data as unknown) === 'test:waiting'), 'the framed widget waits for OAuth');
    expect(received.filter((m) => (m.data as unknown) !== 'test:waiting')).to.have.length(0);
  });
});
