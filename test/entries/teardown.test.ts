/** Removing the widget leaves nothing behind; two widgets on a page keep to themselves. */
import { expect, nextFrame } from '@open-wc/testing';
import '../../src/entries/define.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { activate, bringToFront, button, consentPage, decide, heading, LINK_EVENT_TYPES, listingWidget, mintToken, mountWidget, providersShown, recordEvents, returnPage, usePopups, waitForHeading, waitUntil } from '../helpers.js';
import { oauthAnnouncementHeard } from '../support/oauth-heard.js';

/** Counts what the page holds open: message listeners, broadcast channels, pending timers and animation frames, fetches. */
function resourceCounter() {
  const original = {
    add: window.addEventListener,
    remove: window.removeEventListener,
    BroadcastChannel: window.BroadcastChannel,
    setTimeout: window.setTimeout,
    clearTimeout: window.clearTimeout,
    setInterval: window.setInterval,
    clearInterval: window.clearInterval,
    requestAnimationFrame: window.requestAnimationFrame,
    cancelAnimationFrame: window.cancelAnimationFrame,
    fetch: window.fetch,
  };
  const listeners = new Set<unknown>();
  const channels = new Set<BroadcastChannel>();
  const timers = new Set<number>();
  /** Animation frames asked for and not yet come (in a tab out of sight, none comes). */
  const frames = new Set<number>();
  /** Timeouts under a second (Lit's, the announcer's): not a leak, but not over yet. */
  const shortTimers = new Set<number>();
  const signals: AbortSignal[] = [];
  const requests: Promise<Response>[] = [];
  let shortTimersOver: (() => void)[] = [];
  const shortTimerDone = (id: number) => {
    if (!shortTimers.delete(id) || shortTimers.size > 0) return;
    for (const resolve of shortTimersOver) resolve();
    shortTimersOver = [];
  };

  window.addEventListener = function (this: Window, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if (type === 'message') listeners.add(listener);
    return original.add.call(this, type, listener as EventListenerOrEventListenerObject, options);
  } as typeof window.addEventListener;
  window.removeEventListener = function (this: Window, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    if (type === 'message') listeners.delete(listener);
    return original.remove.call(this, type, listener as EventListenerOrEventListenerObject, options);
  } as typeof window.removeEventListener;
  window.BroadcastChannel = class extends original.BroadcastChannel {
    constructor(name: string) {
      super(name);
      channels.add(this);
    }
    override close() {
      channels.delete(this);
      super.close();
    }
  };
  window.setTimeout = ((handler: () => void, delay?: number, ...rest: unknown[]) => {
    const id = original.setTimeout.call(window, () => {
      timers.delete(id);
      handler();
      shortTimerDone(id);
    }, delay, ...rest) as unknown as number;
    if ((delay ?? 0) >= 1000) timers.add(id);
    else shortTimers.add(id); // they end by themselves
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) {
      timers.delete(id);
      shortTimerDone(id);
    }
    original.clearTimeout.call(window, id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((handler: () => void, delay?: number) => {
    const id = original.setInterval.call(window, handler, delay) as unknown as number;
    timers.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    original.clearInterval.call(window, id);
  }) as typeof window.clearInterval;
  window.requestAnimationFrame = (callback: FrameRequestCallback) => {
    const id = original.requestAnimationFrame.call(window, (time) => {
      frames.delete(id);
      callback(time);
    });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    frames.delete(id);
    original.cancelAnimationFrame.call(window, id);
  };
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal) signals.push(init.signal);
    const request = original.fetch.call(window, input, init);
    requests.push(request);
    return request;
  }) as typeof window.fetch;

  return {
    listeners,
    channels,
    timers,
    frames,
    signals,
    /**
     * Resolves once nothing the page started can still act: every request has settled (answered,
     * or aborted), every short timeout has run or been cleared, and the work those set off in
     * microtasks is done by the next animation frame.
     */
    async over() {
      await Promise.allSettled(requests);
      if (shortTimers.size > 0) await new Promise<void>((resolve) => shortTimersOver.push(resolve));
      await nextFrame();
    },
    restore() {
      Object.assign(window, {
        addEventListener: original.add,
        removeEventListener: original.remove,
        BroadcastChannel: original.BroadcastChannel,
        setTimeout: original.setTimeout,
        clearTimeout: original.clearTimeout,
        setInterval: original.setInterval,
        clearInterval: original.clearInterval,
        requestAnimationFrame: original.requestAnimationFrame,
        cancelAnimationFrame: original.cancelAnimationFrame,
        fetch: original.fetch,
      });
    },
  };
}

describe('teardown', () => {
  const popups = usePopups();

  it('100 mount/unmount cycles in the middle of a request leave no listener, channel, timer or request', async () => {
    const token = await mintToken('default', { delay_ms: 3000 });
    const counter = resourceCounter();
    const events: string[] = [];
    try {
      for (let cycle = 0; cycle < 100; cycle++) {
        const widget = document.createElement('provider-link');
        for (const type of LINK_EVENT_TYPES) widget.addEventListener(type, () => events.push(type));
        widget.linkToken = token;
        document.body.append(widget);
        await widget.updateComplete;
        expect(counter.signals.length, 'the provider list was requested').to.equal(cycle + 1);
        expect(counter.listeners.size, 'listening while mounted').to.be.greaterThan(0);
        widget.remove();
        await Promise.resolve(); // removal is confirmed a microtask later (a move is not a removal)
        await Promise.resolve();
      }
      // Each widget let go of these when its removal was confirmed.
      expect(counter.signals.every((signal) => signal.aborted), 'every request in flight was aborted').to.equal(true);
      expect(counter.listeners.size, 'window message listeners').to.equal(0);
      expect(counter.channels.size, 'open broadcast channels').to.equal(0);
      expect(counter.frames.size, 'animation frames asked for').to.equal(0);
      const seen = events.length;
      // What could still make a removed widget act has run its course: its aborted requests have
      // failed (a request's timeout is cleared then), its short timeouts have fired.
      await counter.over();
      expect(counter.timers.size, 'pending timers and intervals').to.equal(0);
      expect(events.length, 'a removed widget fires nothing later').to.equal(seen);
      expect(events.filter((type) => type !== 'link-event')).to.deep.equal([]);
    } finally {
      counter.restore();
    }
  });

  it('a list whose logos wait to be seen leaves no row watched once it is gone, or the widget is', async () => {
    const observe = IntersectionObserver.prototype.observe;
    const unobserve = IntersectionObserver.prototype.unobserve;
    const watched = new Set<Element>();
    IntersectionObserver.prototype.observe = function (this: IntersectionObserver, target: Element) {
      watched.add(target);
      return observe.call(this, target);
    };
    IntersectionObserver.prototype.unobserve = function (this: IntersectionObserver, target: Element) {
      watched.delete(target);
      return unobserve.call(this, target);
    };
    try {
      for (let cycle = 0; cycle < 5; cycle += 1) {
        const { widget } = await listingWidget();
        // A row is watched in a microtask of the render that made it, which updateComplete follows.
        await widget.updateComplete;
        expect(watched.size, 'the rows with logos are watched').to.be.greaterThan(0);
        if (cycle % 2) {
          // Leaving the list for a provider's screen drops the rows.
          button(widget, 'Scalewise').click();
          await waitForHeading(widget, 'Sign in to Scalewise');
          expect(watched.size, 'no row is watched once the list is gone').to.equal(0);
        }
        widget.parentElement!.remove();
        await Promise.resolve(); // removal is confirmed a microtask later (a move is not a removal)
        await Promise.resolve();
        expect(watched.size, 'no row is watched once the widget is gone').to.equal(0);
      }
    } finally {
      IntersectionObserver.prototype.observe = observe;
      IntersectionObserver.prototype.unobserve = unobserve;
    }
  });

  it('moving the widget in the DOM keeps its flow', async () => {
    const { widget } = await listingWidget();
    button(widget, 'Scalewise').click();
    await waitForHeading(widget, 'Sign in to Scalewise');
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(widget);
    // A removal would be confirmed a microtask later: by then the flow must still be the one that
    // answers, on the screen it was on.
    await Promise.resolve();
    await Promise.resolve();
    await widget.updateComplete;
    expect(heading(widget)).to.equal('Sign in to Scalewise');
    button(widget, 'Back').click();
    await providersShown(widget);
    elsewhere.remove();
  });

  it('closes its popup when removed in the middle of OAuth', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    await activate(button(widget, 'Pulsewave'));
    await consentPage(popups.last);
    widget.remove();
    await waitUntil(() => popups.last.closed, 'the popup closes with the widget');
  });
});

describe('two widgets on one page', () => {
  const popups = usePopups();

  it('keep their own tokens, languages, events and OAuth results', async () => {
    const [tokenA, tokenB] = [await mintToken('default', { redirect_url: returnPage() }), await mintToken('default', { redirect_url: returnPage() })];
    const a = await mountWidget({ 'link-token': tokenA, 'oauth-mode': 'popup', locale: 'en-GB' });
    const b = await mountWidget({ 'link-token': tokenB, 'oauth-mode': 'popup', locale: 'en-US' });
    const logA = recordEvents(a);
    const logB = recordEvents(b);
    await providersShown(a);
    await providersShown(b);

    // Both wait for an OAuth result at once; only A's popup answers.
    await activate(button(a, 'Pulsewave'));
    const popupA = popups.last;
    await bringToFront(); // as a person clicks back into the page
    await activate(button(b, 'Stridely'));
    await consentPage(popups.last);
    // A's window announces its result both ways; once this page has heard it each way, so has B.
    const heard = oauthAnnouncementHeard(() => true, { posted: true });
    decide(await consentPage(popupA), 'allow');

    await waitForHeading(a, 'Connected');
    await heard;
    await b.updateComplete;
    expect((b.shadowRoot?.querySelector('h2')?.textContent ?? '').trim(), 'B still waits for its own').to.equal('Continue with Stridely');
    expect(logA.of('link-success').map((e) => e['provider'])).to.deep.equal(['pulsewave']);
    expect(logB.of('link-success')).to.have.length(0);
    expect(logB.events.every((e) => e.detail['provider'] !== 'pulsewave')).to.equal(true);

    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(b, 'Connected');
    expect(logA.of('link-success')).to.have.length(1);
  });
});

declare global {
  interface HTMLElementTagNameMap {
    'provider-link': ProviderLinkElement;
  }
}
