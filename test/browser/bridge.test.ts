/** The host bridge on its own: which hosts count, where messages go, which messages are taken. */
import { expect } from '@open-wc/testing';
import { BRIDGE_VERSION, fromHost, hostBridge, listenToHost } from '../../src/browser/bridge.js';
import type { OAuthResult } from '../../src/core/api/types.js';
import { resolveOAuthMode } from '../../src/browser/oauth-launcher.js';
import { newLinkSessionId } from '../../src/core/machine/link-session-id.js';
import { oneVisit } from '../helpers.js';

type HostWindow = Window & Record<string, unknown>;
const page = window as unknown as HostWindow;

describe('host/bridge', () => {
  afterEach(() => {
    delete page['ReactNativeWebView'];
    delete page['webkit'];
    delete page['ProviderLinkAndroid'];
    for (const frame of document.querySelectorAll('iframe[data-test]')) frame.remove();
  });

  it('finds no host in a plain browser, and sends nothing', () => {
    const bridge = hostBridge('');
    expect([bridge.native, bridge.present]).to.deep.equal([false, false]);
    bridge.send('link-exit', { reason: 'done' }); // must not throw
  });

  for (const [kind, install, wire] of [
    ['react-native', (take: (m: unknown) => void) => (page['ReactNativeWebView'] = { postMessage: take }), 'string'],
    ['ios', (take: (m: unknown) => void) => (page['webkit'] = { messageHandlers: { providerLink: { postMessage: take } } }), 'object'],
    ['android', (take: (m: unknown) => void) => (page['ProviderLinkAndroid'] = { postMessage: take }), 'string'],
  ] as const) {
    it(`${kind}: is a native host, and gets {version, type, detail} as a ${wire}`, () => {
      const received: unknown[] = [];
      install((message) => received.push(message));
      const visit = newLinkSessionId();
      const bridge = hostBridge('', window, () => visit);
      expect([bridge.native, bridge.present]).to.deep.equal([true, true]);
      bridge.send('link-event', { name: 'open' });
      bridge.openUrl('https://provider.example/authorize');
      expect(received.map((m) => typeof m)).to.deep.equal([wire, wire]);
      const [event, open] = received.map((m) => (typeof m === 'string' ? JSON.parse(m) : m));
      // Every message's detail carries the visit's id, as the bridge was given it.
      expect(oneVisit([event.detail, open.detail]).linkSessionId).to.equal(visit);
      expect(event).to.deep.equal({ version: BRIDGE_VERSION, type: 'link-event', detail: { name: 'open', linkSessionId: visit } });
      expect(open).to.deep.equal({ version: BRIDGE_VERSION, type: 'open-url', url: 'https://provider.example/authorize', detail: { url: 'https://provider.example/authorize', linkSessionId: visit } });
    });
  }

  for (const name of ['ReactNativeWebView', 'ProviderLinkAndroid', 'webkit']) {
    it(`does not take <iframe name="${name}"> (a window with its own postMessage) for a native host`, () => {
      const frame = document.createElement('iframe');
      frame.dataset['test'] = '';
      frame.name = name;
      document.body.append(frame);
      expect(typeof page[name], 'the frame is reachable by that name').to.equal('object');
      expect(hostBridge('').native).to.equal(false);
      expect(resolveOAuthMode('auto', hostBridge('')), 'auto still means a popup').to.equal('auto');
    });
  }

  it('does not take a handler whose postMessage is not a function', () => {
    page['ReactNativeWebView'] = { postMessage: 'not a function' };
    page['ProviderLinkAndroid'] = { postMessage: document.createElement('input') };
    expect(hostBridge('').native).to.equal(false);
  });

  it('a host that throws does not break the widget', () => {
    page['ProviderLinkAndroid'] = {
      postMessage() {
        throw new Error('host is gone');
      },
    };
    expect(() => hostBridge('').send('link-exit', {})).not.to.throw();
  });

  it('posts to a parent only when framed and given an exact http(s) origin', () => {
    // Not framed here: a parent-origin alone does not make a host.
    expect(hostBridge('https://partner.example').present).to.equal(false);
  });

  describe('resolveOAuthMode', () => {
    const none = { native: false, present: false };
    const parent = { native: false, present: true };
    const app = { native: true, present: true };
    it('auto asks a native app for the system browser, else stays auto (popup, redirect if refused)', () => {
      expect(resolveOAuthMode('auto', app)).to.equal('external');
      expect(resolveOAuthMode('auto', parent)).to.equal('auto');
      expect(resolveOAuthMode('auto', none)).to.equal('auto');
    });
    it('external with no host to ask falls back to a popup', () => {
      expect(resolveOAuthMode('external', none)).to.equal('popup');
      expect(resolveOAuthMode('external', parent)).to.equal('external');
      expect(resolveOAuthMode('external', app)).to.equal('external');
    });
    it('popup and redirect are kept; an unknown value means auto', () => {
      expect(resolveOAuthMode('popup', app)).to.equal('popup');
      expect(resolveOAuthMode('redirect', app)).to.equal('redirect');
      expect(resolveOAuthMode('sideways', none)).to.equal('auto');
      expect(resolveOAuthMode('sideways', app)).to.equal('external');
    });
  });

  describe('listenToHost', () => {
    let stop: (() => void) | undefined;
    afterEach(() => stop?.());
    const result = { type: 'oauth-result', state: 'success' };

    it('takes a result a native app injects (no source window), once even if it comes on window and document', async () => {
      page['ReactNativeWebView'] = { postMessage() {} };
      const results: OAuthResult[] = [];
      stop = listenToHost('', (r) => results.push(r));
      const data = JSON.stringify({ ...result, error_type: null });
      window.dispatchEvent(new MessageEvent('message', { data }));
      document.dispatchEvent(new MessageEvent('message', { data }));
      expect(results).to.deep.equal([{ state: 'success', errorType: null, error: null }]);
    });

    it('takes nothing without a host, from another window, or from an opaque origin', () => {
      const results: OAuthResult[] = [];
      stop = listenToHost('https://partner.example', (r) => results.push(r));
      window.dispatchEvent(new MessageEvent('message', { data: result }));
      page['ReactNativeWebView'] = { postMessage() {} };
      window.dispatchEvent(new MessageEvent('message', { data: result, origin: 'null' }));
      const frame = document.createElement('iframe');
      frame.dataset['test'] = '';
      document.body.append(frame);
      window.dispatchEvent(new MessageEvent('message', { data: result, source: frame.contentWindow }));
      expect(results).to.deep.equal([]);
    });

    it('takes a message exactly when fromHost (the hosted page\'s rule for its link-token) does', () => {
      const frame = document.createElement('iframe');
      frame.dataset['test'] = '';
      document.body.append(frame);
      const cases: [string, () => void, MessageEventInit][] = [
        ['no host, injected', () => {}, {}],
        ['native, injected', () => (page['ReactNativeWebView'] = { postMessage() {} }), {}],
        ['native, from the page itself', () => (page['ProviderLinkAndroid'] = { postMessage() {} }), { source: window }],
        ['native, opaque origin', () => (page['ReactNativeWebView'] = { postMessage() {} }), { origin: 'null' }],
        ['native, from another window', () => (page['ReactNativeWebView'] = { postMessage() {} }), { source: frame.contentWindow }],
        ['native, injected at the page\'s origin', () => (page['ReactNativeWebView'] = { postMessage() {} }), { origin: location.origin }],
        ['native, no source window, another origin', () => (page['ReactNativeWebView'] = { postMessage() {} }), { origin: 'https://ads.example' }],
        ['not framed, as if from a parent', () => {}, { source: window.parent, origin: 'https://partner.example' }],
      ];
      const verdicts = cases.map(([name, install, init]) => {
        delete page['ReactNativeWebView'];
        delete page['ProviderLinkAndroid'];
        install();
        let taken = false;
        const stopHere = listenToHost('https://partner.example', () => (taken = true));
        const event = new MessageEvent('message', { ...init, data: { ...result, state: name } });
        window.dispatchEvent(event);
        stopHere();
        return [name, taken, fromHost(event, 'https://partner.example')];
      });
      expect(verdicts.map(([name, taken]) => [name, taken])).to.deep.equal([
        ['no host, injected', false],
        ['native, injected', true],
        ['native, from the page itself', true],
        ['native, opaque origin', false],
        ['native, from another window', false],
        ['native, injected at the page\'s origin', true],
        ['native, no source window, another origin', false],
        ['not framed, as if from a parent', false],
      ]);
      for (const [name, taken, ruled] of verdicts) expect(ruled, name as string).to.equal(taken);
    });

    it('never takes an opaque origin, even on a page whose own origin is opaque (file: or loadData in a webview)', () => {
      const opaquePage = { parent: null, location: { origin: 'null' }, ReactNativeWebView: { postMessage() {} } } as unknown as Window;
      (opaquePage as unknown as { parent: Window }).parent = opaquePage;
      expect(fromHost(new MessageEvent('message', { data: result, origin: 'null' }), null, opaquePage)).to.equal(false);
      expect(fromHost(new MessageEvent('message', { data: result, origin: '' }), null, opaquePage), 'an app\'s message with no origin').to.equal(true);
    });
  });
});
