/**
 * What comes in by any door is checked the same way, whichever door and whenever the widget was
 * attached: a token no header can carry is the token screen (never a network error with a Try
 * again that cannot work); an OAuth result's code and text go through the visit's one set of
 * secrets, the set the early list request (a widget attached while the page is parsed) shares.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, buttonName, buttons, createWidget, errorText, LINK_EVENT_TYPES, mintToken, providersShown, waitForHeading, waitUntil } from '../helpers.js';

/** A password the fake refuses, written as an error code could be (lower case, an underscore). */
const TYPED_PASSWORD = 'hunter2_secret_pw';
const TYPED_USERNAME = 'person.unique.name@example.org';

function recorded(widget: HTMLElement) {
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  for (const type of LINK_EVENT_TYPES) widget.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  return { events, of: (type: string) => events.filter((e) => e.type === type).map((e) => e.detail) };
}

/** The field labelled `label` (in a frame's widget too, whose inputs are the frame's own class). */
function input(widget: ProviderLinkElement, label: string): HTMLInputElement {
  const root = widget.shadowRoot!;
  const labelled = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!;
  return root.getElementById(labelled.htmlFor) as HTMLInputElement;
}

const listRequests = () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/v2/link/')).length;

describe('every door checks the token', () => {
  const warnings: string[] = [];
  const original = console.warn;
  beforeEach(() => {
    warnings.length = 0;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.warn = original;
  });

  const unusable: [string, (widget: ProviderLinkElement) => void][] = [
    ['a line break, set as the property', (widget) => (widget.linkToken = 'tok-123\nX-Other: 1')],
    ['megabytes, set as the property', (widget) => (widget.linkToken = 't'.repeat(2_000_000))],
    ['4 097 characters, set as the property', (widget) => (widget.linkToken = 't'.repeat(4097))],
    ['text beyond Latin-1, in the attribute', (widget) => widget.setAttribute('link-token', 'tök€n')],
    ['a space, set after attaching', (widget) => queueMicrotask(() => (widget.linkToken = 'two words'))],
  ];
  for (const [what, give] of unusable) {
    it(`a token with ${what}: the token screen, a console line, no request`, async () => {
      const before = listRequests();
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      const widget = createWidget({});
      const { of } = recorded(widget);
      give(widget);
      container.append(widget);
      await waitForHeading(widget, 'This link cannot be used');
      expect(of('link-error').map((detail) => [detail['errorType'], detail['recoverable']])).to.deep.equal([['invalid_token', false]]);
      expect(warnings.some((line) => line.includes('link token cannot be used')), 'a console line for the integrator').to.equal(true);
      expect(warnings.join(' ')).not.to.include('tok-123').and.not.include('two words');
      expect(buttons(widget).map(buttonName), 'no Try again that cannot work').not.to.include('Try again');
      expect(listRequests(), 'no request was made with it').to.equal(before);
    });
  }

  it('a usable token of 4 096 characters is sent', async () => {
    // The fake refuses it as a token it does not know: the point is that it was sent.
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const widget = createWidget({});
    const { of } = recorded(widget);
    widget.linkToken = 't'.repeat(4096);
    container.append(widget);
    await waitUntil(() => of('link-error').length === 1, 'an answer');
    expect(warnings.some((line) => line.includes('cannot be used'))).to.equal(false);
    expect(listRequests()).to.be.above(0);
  });
});

describe('an OAuth result goes through the visit’s secrets', () => {
  /** Types a refused sign-in at Glucomate, then goes back and opens Pulsewave, whose address arrives. */
  async function typedThenOAuth(widget: ProviderLinkElement, of: (type: string) => Record<string, unknown>[]) {
    button(widget, 'Glucomate').click();
    await waitForHeading(widget, /Glucomate/);
    await widget.updateComplete;
    input(widget, 'Username').value = TYPED_USERNAME;
    input(widget, 'Password').value = TYPED_PASSWORD;
    widget.shadowRoot!.querySelector('form')!.requestSubmit();
    await waitUntil(() => of('link-error').length === 1, 'the sign-in refused');
    button(widget, 'Back').click();
    await providersShown(widget);
    button(widget, 'Pulsewave').click();
    await waitUntil(() => of('link-event').some((e) => e['name'] === 'oauth_opened'), 'the provider’s address arrived');
  }

  it('an error_type that repeats the typed password is unknown_error, in link-error and link-exit; its text is masked', async () => {
    const token = await mintToken();
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const widget = createWidget({ 'link-token': token, 'oauth-mode': 'popup', debug: '' });
    const { events, of } = recorded(widget);
    container.append(widget);
    await providersShown(widget);
    await typedThenOAuth(widget, of);
    widget.completeOAuth({ state: 'error', error_type: TYPED_PASSWORD, error: `denied for ${TYPED_USERNAME} with ${TYPED_PASSWORD}` });
    await waitUntil(() => of('link-error').length === 2, 'the OAuth failure reported');
    expect(of('link-error')[1]).to.include({ errorType: 'unknown_error', debug: 'denied for ••• with •••' });
    widget.exit();
    await waitUntil(() => of('link-exit').length === 1, 'closed');
    expect(of('link-exit')[0]!['errorType'] ?? 'unknown_error').to.equal('unknown_error');
    expect(JSON.stringify(events)).not.to.include(TYPED_PASSWORD).and.not.include(TYPED_USERNAME);
  });

  it('a widget attached while the page is parsed masks what the person typed, as one attached later does', async () => {
    const token = await mintToken();
    const frame = document.createElement('iframe');
    // The script-tag quick start: the script in <head>, the element in the markup, so the list is
    // asked for while the page is still being parsed.
    frame.srcdoc = `<!doctype html><html><head><script src="${location.origin}/dist/provider-link.iife.js"></script></head>
      <body><provider-link link-token="${token}" oauth-mode="popup" base-url="${location.origin}"></provider-link>
      <script>window.linkEvents = []; for (const type of ${JSON.stringify(LINK_EVENT_TYPES)}) document.addEventListener(type, (e) => window.linkEvents.push({ type, detail: e.detail }));</script></body></html>`;
    document.body.append(frame);
    try {
      const win = () => frame.contentWindow as (Window & { linkEvents?: { type: string; detail: Record<string, unknown> }[] }) | null;
      await waitUntil(() => win()?.document.querySelector('provider-link')?.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Connect a data source', 'the list in the frame');
      const widget = win()!.document.querySelector('provider-link') as ProviderLinkElement;
      const of = (type: string) => (win()!.linkEvents ?? []).filter((e) => e.type === type).map((e) => e.detail);
      await typedThenOAuth(widget, of);
      widget.completeOAuth({ state: 'error', error_type: 'provider_api_error', error: `upstream saw ${TYPED_PASSWORD} for ${TYPED_USERNAME}` });
      await waitUntil(() => of('link-error').length === 2, 'the OAuth failure reported');
      expect(of('link-error')[1]).to.include({ errorType: 'provider_api_error', debug: 'upstream saw ••• for •••' });
      expect(errorText(widget)).not.to.include(TYPED_PASSWORD);
    } finally {
      frame.remove();
    }
  });
});
