/**
 * What an integrator hears in the console while wiring the widget up, and only then: a token
 * that never comes, and a page whose own origin has no link API (base-url not set).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { TOKEN_GRACE_MS } from '../../src/core/machine/link-machine.js';
import { mintToken, mountWidget, providersShown, waitUntil } from '../helpers.js';

/** The widget's console warnings while `run` runs. */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return warnings.filter((line) => line.startsWith('<provider-link>'));
}

/**
 * A stubbed clock for the grace period, the widget's own timer: while installed, a timer set for
 * `TOKEN_GRACE_MS` is held, not started, and runs out only when the test says so (`elapse`);
 * every other timer (Lit's, the announcer's, a request's) runs as usual.
 */
let lastHeldId = 0;
function graceClock() {
  const original = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
  const held = new Map<number, () => void>();
  window.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...rest: unknown[]) => {
    if (delay !== TOKEN_GRACE_MS) return original.setTimeout.call(window, handler, delay, ...rest);
    // Below zero, so never one of the browser's own; never reused, since an earlier test's widget
    // clears its own when it is cleaned up, which may be after the next test has begun.
    const id = --lastHeldId;
    held.set(id, () => handler(...rest));
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined && held.delete(id)) return;
    original.clearTimeout.call(window, id);
  }) as typeof window.clearTimeout;
  return {
    /** Grace periods started and neither cleared nor run out. */
    get pending() {
      return held.size;
    },
    /** Every grace period pending runs out now. */
    elapse() {
      for (const [id, runOut] of [...held]) {
        held.delete(id);
        runOut();
      }
    },
    restore() {
      Object.assign(window, original);
    },
  };
}

describe('developer hints', () => {
  let clock: ReturnType<typeof graceClock>;
  beforeEach(() => {
    clock = graceClock();
  });
  afterEach(() => clock.restore());

  it('a token set from code right after connecting: no warning', async () => {
    const token = await mintToken();
    const warnings = await warningsDuring(async () => {
      const widget = await fixture<ProviderLinkElement>(html`<provider-link></provider-link>`);
      widget.linkToken = token;
      await providersShown(widget);
      clock.elapse(); // a grace period still pending would warn now
    });
    expect(warnings).to.deep.equal([]);
  });

  it('no token at all: one warning once the grace period is over, none before', async () => {
    let early: number;
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const widget = await fixture<ProviderLinkElement>(html`<provider-link></provider-link>`);
      expect(clock.pending, `one grace period of ${TOKEN_GRACE_MS} ms is running`).to.equal(1);
      early = warnings.length;
      clock.elapse();
      widget.remove();
    } finally {
      console.warn = original;
    }
    expect(early, 'nothing said during the grace period').to.equal(0);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/no link token.*linkToken/);
  });

  it('removed before its token came: no warning', async () => {
    const warnings = await warningsDuring(async () => {
      const widget = await fixture<ProviderLinkElement>(html`<provider-link></provider-link>`);
      widget.remove();
      await Promise.resolve(); // removal is confirmed a microtask later (a move is not a removal)
      await Promise.resolve();
      clock.elapse(); // a grace period still pending would warn now
    });
    expect(warnings).to.deep.equal([]);
  });

  it('the page’s origin answers 404 for the list: a hint to set base-url', async () => {
    const token = await mintToken('no-api');
    const warnings = await warningsDuring(async () => {
      const widget = await mountWidget({ 'link-token': token });
      await waitUntil(() => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Something went wrong', 'the error screen');
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('set base-url');
  });

  it('with base-url set, a 404 is the service’s answer, not a wiring hint', async () => {
    const token = await mintToken('no-api');
    const warnings = await warningsDuring(async () => {
      const widget = await mountWidget({ 'link-token': token, 'base-url': location.origin });
      await waitUntil(() => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Something went wrong', 'the error screen');
    });
    expect(warnings).to.deep.equal([]);
  });
});
