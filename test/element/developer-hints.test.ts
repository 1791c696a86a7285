/**
 * What an integrator hears in the console while wiring the widget up, and only then: a token
 * that never comes, and a page whose own origin has no link API (base-url not set).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { TOKEN_GRACE_MS } from '../../src/element/provider-link-element.js';
import { mintToken, mountWidget, providersShown } from '../helpers.js';

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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('developer hints', () => {
  it('a token set from code right after connecting: no warning', async () => {
    const token = await mintToken();
    const warnings = await warningsDuring(async () => {
      const widget = await fixture<ProviderLinkElement>(html`<provider-link></provider-link>`);
      widget.linkToken = token;
      await providersShown(widget);
      await pause(TOKEN_GRACE_MS + 200);
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
      await pause(TOKEN_GRACE_MS / 2);
      early = warnings.length;
      await pause(TOKEN_GRACE_MS);
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
      await pause(TOKEN_GRACE_MS + 200);
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
