/**
 * A redirect return page shows the outcome without an API call, however the partner wrote it:
 * the token in a static attribute with the script in <head>, at the end of <body>, deferred or as
 * a module, or set from code before the element is attached (docs/oauth.md, "Return pages").
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { consentPage, decide, fakeRequests, mintToken, oneVisit, waitUntil } from '../helpers.js';

type LinkRecord = { type: string; detail: Record<string, unknown> };
type ReturnPageWindow = Window & { linkEvents?: LinkRecord[] };

const WAYS = ['head-script', 'body-end-script', 'deferred-script', 'module-script', 'token-before-attaching'];

/** Loads the partner's return page in a frame, and leaves it from the provider list for Pulsewave. */
async function leaveForPulsewave(way: string) {
  const page = new URL(`/test/return-pages/${way}`, location.origin).href;
  const token = await mintToken('default', { redirect_url: page });
  await executeServerCommand('return-page-token', { token, userAgent: navigator.userAgent });
  const frame = document.createElement('iframe');
  frame.src = page;
  document.body.append(frame);
  const win = () => frame.contentWindow as ReturnPageWindow;
  const shadow = () => win().document.querySelector('provider-link')?.shadowRoot;
  const heading = () => shadow()?.querySelector('h2')?.textContent?.trim();
  const buttonNamed = (name: string) => [...(shadow()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes(name));
  await waitUntil(() => heading() === 'Connect a data source', 'the provider list on the way out');
  buttonNamed('Pulsewave')!.click();
  return { frame, win, heading, buttonNamed, token, page };
}

async function backOnThePage(win: () => ReturnPageWindow, page: string) {
  await waitUntil(
    () => {
      try {
        return win().location.href.startsWith(page) && win().document.readyState === 'complete' && (win().linkEvents?.length ?? 0) > 0;
      } catch {
        return false;
      }
    },
    'back on the return page, with events',
  );
}

for (const way of WAYS) {
  describe(`a redirect return page (${way})`, () => {
    it('shows Connected after Allow, fires link-success, and calls no API on the way back', async () => {
      const { frame, win, heading, token, page } = await leaveForPulsewave(way);
      try {
        decide(await consentPage(win()), 'allow');
        await backOnThePage(win, page);
        await waitUntil(() => heading() === 'Connected', `Connected, not "${heading()}"`);
        // Everything the page heard since it came back: one visit, its widget's.
        const events = win().linkEvents!;
        const visit = oneVisit(events.map((e) => e.detail));
        expect(visit.linkSessionId, 'the element’s own').to.equal((win().document.querySelector('provider-link') as unknown as { linkSessionId: string }).linkSessionId);
        expect(visit.rest.filter((_, i) => events[i]!.type === 'link-success')).to.deep.equal([
          { provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false },
        ]);
        expect(win().linkEvents!.filter((e) => e.type === 'link-error')).to.deep.equal([]);
        expect(win().location.search, 'the result is stripped from the address').to.equal('');
        const calls = (await fakeRequests(token)).map((r) => r.path);
        expect(calls, 'the way back made no API call').to.deep.equal(['/v2/link/providers', '/v2/link/provider/oauth/pulsewave']);
      } finally {
        frame.remove();
      }
    });

    it('offers Try again after Deny, and calls no API on the way back', async () => {
      const { frame, win, heading, buttonNamed, token, page } = await leaveForPulsewave(way);
      try {
        decide(await consentPage(win()), 'deny');
        await backOnThePage(win, page);
        await waitUntil(() => buttonNamed('Try again'), `Try again, on "${heading()}"`);
        expect(win().linkEvents!.filter((e) => e.type === 'link-success')).to.deep.equal([]);
        expect(win().linkEvents!.filter((e) => e.type === 'link-error').map((e) => e.detail.provider)).to.deep.equal(['pulsewave']);
        const calls = (await fakeRequests(token)).map((r) => r.path);
        expect(calls, 'the way back made no API call').to.deep.equal(['/v2/link/providers', '/v2/link/provider/oauth/pulsewave']);
      } finally {
        frame.remove();
      }
    });
  });
}

describe('a page whose own scripts keep the parser waiting', () => {
  it('asks for the list at once, asks once, and still reports every event to listeners further down', async () => {
    const page = new URL('/test/return-pages/slow-page', location.origin).href;
    const token = await mintToken();
    await executeServerCommand('return-page-token', { token, userAgent: navigator.userAgent });
    const frame = document.createElement('iframe');
    frame.src = page;
    document.body.append(frame);
    try {
      const win = () => frame.contentWindow as ReturnPageWindow;
      const heading = () => win().document.querySelector('provider-link')?.shadowRoot?.querySelector('h2')?.textContent?.trim();
      await waitUntil(() => heading() === 'Connect a data source', 'the provider list');
      // The list may show while the slow script still holds the parser; its events wait for the listeners below it.
      await waitUntil(() => (win().linkEvents ?? []).some((e) => e.type === 'link-event' && e.detail.name === 'providers_viewed'), 'the events, heard further down');
      const navigation = win().performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const lists = win().performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/v2/link/providers'));
      expect(lists, 'one request for the list').to.have.length(1);
      expect(lists[0]!.startTime, 'asked for before the page was parsed').to.be.below(navigation.domContentLoadedEventStart);
      expect(await fakeRequests(token), 'the fake saw it once').to.have.length(1);
      expect(win().linkEvents!.filter((e) => e.type === 'link-event').map((e) => e.detail.name), 'listeners after the slow script hear the flow from its start').to.deep.equal(['open', 'providers_viewed']);
    } finally {
      frame.remove();
    }
  });

  it('asks with the settings set just after attaching, and restart() before the page is parsed waits for it', async () => {
    const token = await mintToken();
    await executeServerCommand('return-page-token', { token, userAgent: navigator.userAgent });
    const frame = document.createElement('iframe');
    frame.src = new URL('/test/return-pages/settings-after-attach', location.origin).href;
    document.body.append(frame);
    try {
      const win = () => frame.contentWindow as ReturnPageWindow;
      const shadow = () => win().document.querySelector('provider-link')?.shadowRoot;
      await waitUntil(() => [...(shadow()?.querySelectorAll('button') ?? [])].some((b) => b.textContent?.includes('Try again')), 'the network error screen');
      await waitUntil(() => (win().linkEvents ?? []).length > 0, 'the events, heard further down');
      // base-url leads to a redirect, which the client refuses: the fake never sees the token.
      expect(await fakeRequests(token), 'nothing went to the page\'s own origin with the settings of the moment of attaching').to.deep.equal([]);
      expect(win().linkEvents!.filter((e) => e.type === 'link-event')[0]?.detail.name, 'listeners further down hear the start').to.equal('open');
    } finally {
      frame.remove();
    }
  });

  it('widgets removed before the page is parsed leave nothing behind: no wait for the page, no request', async () => {
    await executeServerCommand('return-page-token', { token: await mintToken(), userAgent: navigator.userAgent });
    const frame = document.createElement('iframe');
    frame.src = new URL('/test/return-pages/unmount-before-parse', location.origin).href;
    document.body.append(frame);
    try {
      type Counts = { waits: number; asked: number; inFlight?: number };
      const win = () => frame.contentWindow as Window & { teardown: { whileAttached?: Counts; afterRemoval?: Counts } };
      await waitUntil(() => win().teardown?.afterRemoval, 'the page counted what was left');
      expect(win().teardown.whileAttached, 'while attached: each waits for the page, each asked for its list').to.deep.equal({ waits: 20, asked: 20 });
      expect(win().teardown.afterRemoval).to.deep.equal({ waits: 0, asked: 20, inFlight: 0 });
    } finally {
      frame.remove();
    }
  });
});
