/** Full-page redirect OAuth: what is kept across the trip, and how the result is taken once. */
import { expect } from '@open-wc/testing';
import { forgetRedirect, rememberRedirect, takeRedirectResult } from '../../src/browser/redirect.js';

/** A stand-in window with its own address, history and session storage. */
function tab(href: string) {
  const store = new Map<string, string>();
  const events = new EventTarget();
  const win = {
    location: { href },
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    history: {
      state: null,
      replaceState(_state: unknown, _title: string, url: string) {
        win.location.href = url;
      },
    },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  };
  return { win: win as unknown as Window, store };
}

describe('host/redirect', () => {
  const provider = { slug: 'pulsewave', name: 'Pulsewave Band', authType: 'oauth' };

  it('takes the result once, strips it from the address, and keeps only the provider (never the token)', () => {
    const { win, store } = tab('https://app.example/back?state=success&tab=2');
    rememberRedirect(provider, win);
    expect([...store.values()].join()).not.to.match(/token/i);
    expect(takeRedirectResult(win)).to.deep.equal({ provider, result: { state: 'success', errorType: null, error: null } });
    expect(win.location.href).to.equal('https://app.example/back?tab=2');
    expect(store.size, 'the marker is gone').to.equal(0);
    expect(takeRedirectResult(win), 'a reload replays nothing').to.equal(null);
  });

  it('takes nothing from a page that merely has ?state= and never left for a provider', () => {
    const { win } = tab('https://app.example/login/callback?state=csrf123&code=abc');
    expect(takeRedirectResult(win)).to.equal(null);
    expect(win.location.href, 'the app’s own parameters are left alone').to.equal('https://app.example/login/callback?state=csrf123&code=abc');
  });

  it('drops a marker that came back without a result, or that is older than a round trip (15 minutes)', () => {
    const early = tab('https://app.example/back');
    rememberRedirect(provider, early.win);
    expect(takeRedirectResult(early.win)).to.equal(null);
    expect(early.store.size).to.equal(0);

    const late = tab('https://app.example/back?state=success');
    late.store.set('provider-link:redirect', JSON.stringify({ ...provider, at: Date.now() - 16 * 60 * 1000 }));
    expect(takeRedirectResult(late.win)).to.equal(null);

    const inTime = tab('https://app.example/back?state=success');
    inTime.store.set('provider-link:redirect', JSON.stringify({ ...provider, at: Date.now() - 14 * 60 * 1000 }));
    expect(takeRedirectResult(inTime.win)?.provider).to.deep.equal(provider);
  });

  it('drops the marker when the page it left from is shown again from the back/forward cache (Back)', () => {
    const { win, store } = tab('https://app.example/link');
    rememberRedirect(provider, win);
    win.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(store.size, 'a page load that is not a return from the cache keeps it').to.equal(1);
    rememberRedirect(provider, win);
    win.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(store.size, 'gone').to.equal(0);
  });

  it('survives storage that throws or holds garbage', () => {
    const { win, store } = tab('https://app.example/back?state=success');
    store.set('provider-link:redirect', '{not json');
    expect(takeRedirectResult(win)).to.equal(null);
    const blocked = { location: { href: 'https://app.example/?state=success' }, addEventListener() {} } as unknown as Window;
    Object.defineProperty(blocked, 'sessionStorage', { get: () => { throw new DOMException('denied', 'SecurityError'); } });
    expect(() => rememberRedirect(provider, blocked)).not.to.throw();
    expect(takeRedirectResult(blocked)).to.equal(null);
    forgetRedirect(blocked);
  });
});
