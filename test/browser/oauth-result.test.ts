/** The OAuth hand-over protocol, without a widget: what counts as a return page, and whose result is whose. */
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import {
  announcementFrom,
  attemptOf,
  forgetAttempt,
  listenForOAuthResults,
  markAttempt,
  newAttemptId,
  OAUTH_CHANNEL,
  readOAuthResult,
  withoutOAuthResult,
} from '../../src/browser/oauth-result.js';
import type { OAuthAnnouncement } from '../../src/browser/oauth-result.js';

const message = (attempt: string, state = 'success') => ({ type: 'provider-link:oauth-result', attempt, state, errorType: null, error: null });

/** A stand-in window: a name, a sessionStorage, an origin and message events. */
function fakeWindow(origin = location.origin, name = '') {
  const store = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  return Object.assign(new EventTarget(), { name, sessionStorage, location: { origin } }) as unknown as Window;
}

describe('host/oauth-result', () => {
  it('reads the result from a return URL, and strips exactly the result parameters', () => {
    expect(readOAuthResult('https://app.example/back?state=error&error_type=user_cancelled&error=denied&tab=2')).to.deep.equal({
      state: 'error',
      errorType: 'user_cancelled',
      error: 'denied',
    });
    expect(readOAuthResult('https://app.example/back?tab=2')).to.equal(null);
    expect(withoutOAuthResult('https://app.example/back?state=success&tab=2#x')).to.equal('https://app.example/back?tab=2#x');
  });

  it('makes attempt ids that are random and 128 bits long', () => {
    const ids = new Set(Array.from({ length: 100 }, newAttemptId));
    expect(ids.size).to.equal(100);
    for (const id of ids) expect(id).to.match(/^[0-9a-f]{32}$/);
  });

  it('knows a window as an attempt’s by the mark in its own storage, never by its name', () => {
    const attempt = newAttemptId();
    // Any page can name a window, and a name stays with the window on every site it visits.
    expect(attemptOf(fakeWindow(location.origin, `provider-link-oauth:${attempt}`))).to.equal(null);
    expect(attemptOf(fakeWindow(location.origin, attempt))).to.equal(null);

    const signIn = fakeWindow();
    expect(attemptOf(signIn)).to.equal(null);
    markAttempt(signIn, attempt);
    expect(attemptOf(signIn)).to.equal(attempt);
    forgetAttempt(signIn);
    expect(attemptOf(signIn), 'a reload of the return page hands nothing over again').to.equal(null);
  });

  it('does not take a guessable, malformed or stale mark for an attempt', () => {
    const guessable = fakeWindow();
    guessable.sessionStorage.setItem('provider-link:oauth-attempt', JSON.stringify({ attempt: '1', at: Date.now() }));
    expect(attemptOf(guessable)).to.equal(null);
    const stale = fakeWindow();
    stale.sessionStorage.setItem('provider-link:oauth-attempt', JSON.stringify({ attempt: newAttemptId(), at: Date.now() - 2 * 60 * 60 * 1000 }));
    expect(attemptOf(stale)).to.equal(null);
    const garbage = fakeWindow();
    garbage.sessionStorage.setItem('provider-link:oauth-attempt', '{oops');
    expect(attemptOf(garbage)).to.equal(null);
  });

  it('narrows announcements: the type, a well-formed attempt and a state are required', () => {
    const attempt = newAttemptId();
    expect(announcementFrom(message(attempt))).to.deep.equal({ attempt, state: 'success', errorType: null, error: null });
    expect(announcementFrom({ ...message(attempt), attempt: 'guess' })).to.equal(null);
    expect(announcementFrom({ ...message(attempt), type: 'other' })).to.equal(null);
    expect(announcementFrom({ type: 'provider-link:oauth-result', state: 'success' }), 'no attempt, no result').to.equal(null);
    expect(announcementFrom('provider-link:oauth-result')).to.equal(null);
  });

  describe('listening', () => {
    let stops: (() => void)[] = [];
    afterEach(() => {
      for (const stop of stops) stop();
      stops = [];
    });
    function listen(expected: string[], ownWindow: MessageEventSource | null, win: Window = window) {
      const results: OAuthAnnouncement[] = [];
      stops.push(
        listenForOAuthResults(
          { expects: (attempt) => expected.includes(attempt), isOwnWindow: (source) => source !== null && source === ownWindow, onResult: (r) => results.push(r) },
          win,
        ),
      );
      return results;
    }
    /**
     * Posts a marker from this page to itself and waits until this page hears it: a window's
     * messages to another arrive in the order it posted them, so one this page posted before the
     * marker has reached every listener that was there.
     */
    const postedAfter = () =>
      new Promise<void>((resolve) => {
        const marker = `after:${newAttemptId()}`;
        const hear = (event: MessageEvent) => {
          if (event.data !== marker) return;
          window.removeEventListener('message', hear);
          resolve();
        };
        window.addEventListener('message', hear);
        window.postMessage(marker, location.origin);
      });
    /** Posts each message in turn from one channel: a listener gets them in that order. */
    const broadcast = (...messages: unknown[]) => {
      const channel = new BroadcastChannel(OAUTH_CHANNEL);
      for (const data of messages) channel.postMessage(data);
      channel.close();
    };

    it('takes its own attempt from the channel, and ignores another widget’s attempt', async () => {
      const mine = newAttemptId();
      const results = listen([mine], null);
      // The other attempt goes first from the same channel: by the time its own arrives, the other has too.
      broadcast(message(newAttemptId()), message(mine));
      await waitUntil(() => results.some((r) => r.attempt === mine), 'its own attempt');
      expect(results.map((r) => r.attempt)).to.deep.equal([mine]);
    });

    it('takes a posted message only from its own window', async () => {
      const mine = newAttemptId();
      const frame = document.createElement('iframe');
      document.body.append(frame);
      try {
        const ownWindow = frame.contentWindow!;
        const results = listen([mine], ownWindow);
        window.postMessage(message(mine), location.origin); // this page is not the popup
        // A second message from this page arrives after the first: once it is heard, the first was seen and left.
        await postedAfter();
        expect(results).to.deep.equal([]);
        (ownWindow as Window & { eval(code: string): unknown }).eval(`parent.postMessage(${JSON.stringify(message(mine))}, '${location.origin}')`);
        await waitUntil(() => results.length === 1, 'the message from its own window');
      } finally {
        frame.remove();
      }
    });

    it('never trusts an opaque ("null") origin, even on a page whose own origin is opaque', async () => {
      const mine = newAttemptId();
      const sandboxedPage = fakeWindow('null');
      const results = listen([mine], window, sandboxedPage);
      // dispatchEvent calls the listener before it returns: nothing more to wait for.
      sandboxedPage.dispatchEvent(new MessageEvent('message', { data: message(mine), origin: 'null', source: window }));
      expect(results).to.deep.equal([]);
      // The same message from the page's own (real) origin is taken: the refusal is about 'null'.
      const page = fakeWindow(location.origin);
      const taken = listen([mine], window, page);
      page.dispatchEvent(new MessageEvent('message', { data: message(mine), origin: location.origin, source: window }));
      expect(taken).to.have.length(1);
    });

    it('ignores messages from another origin', async () => {
      const mine = newAttemptId();
      const page = fakeWindow(location.origin);
      const results = listen([mine], window, page);
      page.dispatchEvent(new MessageEvent('message', { data: message(mine), origin: 'https://elsewhere.example', source: window }));
      expect(results).to.deep.equal([]);
    });
  });
});
