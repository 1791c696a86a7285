/**
 * `requestLinkToken`: the widget gets a fresh token from the page when it has none, when
 * the service refuses the one in use (once per refusal), and for "Connect another"; a function
 * that fails ends on the token screen. Against the fake service, whose tokens here expire after a
 * set number of calls (`expire_after_calls`), so nothing waits on a clock. No token is anywhere
 * but the header: not in an event, a console line, an address, storage or a request's URL.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { openLinkModal, shownLinkModal } from '../../src/entries/modal.js';
import { activate, button, buttonName, buttons, createWidget, DEMO_MFA_CODE, DEMO_PASSWORD, errorText, fakeRequests, heading, LINK_EVENT_TYPES, mintToken, oneVisit, pressEnter, providersShown, returnPage, type, usePopups, waitForHeading, waitUntil, recordConsole } from '../helpers.js';
import type { MintOptions } from '../helpers.js';

/** Every token of a test, and everything that could hold one. */
let tokens: string[];
const consoleLines = recordConsole(['log', 'info', 'warn', 'error', 'debug'], { echo: true });

beforeEach(() => {
  tokens = [];
});
afterEach(() => {
  shownLinkModal()?.close();
});

/** A token from the fake, remembered for the leak check. */
async function token(options: MintOptions = {}): Promise<string> {
  const minted = await mintToken('default', options);
  tokens.push(minted);
  return minted;
}

/** The page's requestLinkToken: fresh default tokens, counted. */
function partnerBackend(options: MintOptions = {}) {
  const backend = { calls: 0, request: () => ((backend.calls += 1), token(options)) };
  return backend;
}

/** A widget with these attributes and requestLinkToken, recording its events. */
async function widgetWith(attributes: Record<string, string>, requestLinkToken: ProviderLinkElement['requestLinkToken']) {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const widget = createWidget(attributes);
  widget.requestLinkToken = requestLinkToken;
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  for (const type of LINK_EVENT_TYPES) widget.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  container.append(widget);
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.detail);
  return { widget, events, of };
}

/** No token in an event, a console line, the address, storage or any request's URL. */
async function expectNoTokenLeaked(events: unknown[]): Promise<void> {
  expect(tokens.length, 'tokens were minted').to.be.above(0);
  const places = {
    events: JSON.stringify(events),
    console: consoleLines.join('\n'),
    address: location.href + JSON.stringify(history.state),
    storage: JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
    requests: performance.getEntriesByType('resource').map((entry) => entry.name).join(' '),
  };
  for (const [place, text] of Object.entries(places)) for (const minted of tokens) expect(text.includes(minted), `a token is in the ${place}`).to.equal(false);
  for (const minted of tokens) for (const call of await fakeRequests(minted)) expect(call.path + call.search).not.to.include(minted);
}

/** The link API paths the fake saw with this token. */
const pathsWith = async (minted: string) => (await fakeRequests(minted)).map((call) => call.path);

describe('<provider-link> with requestLinkToken', () => {
  it('the token expired at the list: one fresh token, the list with it, no error', async () => {
    const first = await token({ expire_after_calls: 0 });
    const backend = partnerBackend();
    const { widget, events, of } = await widgetWith({ 'link-token': first }, backend.request);
    await providersShown(widget);
    expect(backend.calls).to.equal(1);
    expect(await pathsWith(first), 'refused').to.deep.equal(['/v2/link/providers']);
    expect(await pathsWith(tokens[1]!), 'asked again with the fresh one').to.deep.equal(['/v2/link/providers']);
    expect(of('link-event').filter((e) => e['name'] === 'token_refreshed')).to.have.length(1);
    expect(of('link-error')).to.deep.equal([]);
    await expectNoTokenLeaked(events);
  });

  it('the token expired at a sign-in: sent again, as typed, with a fresh token', async () => {
    const first = await token({ expire_after_calls: 1 });
    const backend = partnerBackend();
    const { widget, events, of } = await widgetWith({ 'link-token': first, provider: 'scalewise' }, backend.request);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    expect(backend.calls).to.equal(1);
    expect(await pathsWith(tokens[1]!)).to.deep.equal(['/v2/link/provider/password/scalewise']);
    expect(of('link-success')).to.have.length(1);
    expect(of('link-error')).to.deep.equal([]);
    expect(JSON.stringify(events)).not.to.include(DEMO_PASSWORD);
    await expectNoTokenLeaked(events);
  });

  describe('at an OAuth lookup', () => {
    const popups = usePopups();

    it('the token expired: the lookup is asked again with a fresh token, in the window opened by the click', async () => {
      const first = await token({ expire_after_calls: 1, redirect_url: returnPage() });
      const backend = partnerBackend({ redirect_url: returnPage() });
      const { widget, events, of } = await widgetWith({ 'link-token': first, 'oauth-mode': 'popup', debug: '' }, backend.request);
      await providersShown(widget);
      await activate(button(widget, 'Pulsewave'));
      await waitUntil(() => of('link-event').some((e) => e['name'] === 'oauth_opened'), 'the provider’s address arrived');
      expect(popups.opened, 'one window').to.have.length(1);
      expect(await pathsWith(tokens[1]!)).to.deep.equal(['/v2/link/provider/oauth/pulsewave']);
      expect(of('link-error')).to.deep.equal([]);
      // A result whose text repeats the fresh token (from an address or a host): cleaned of it too.
      widget.completeOAuth({ state: 'error', error_type: 'provider_api_error', error: `upstream said ${tokens[1]!}` });
      await waitUntil(() => of('link-error').length === 1, 'the failure is reported');
      expect(of('link-error')[0]!['debug']).to.equal('upstream said •••');
      // The debug setting's "Technical details" show the same clean text.
      await widget.updateComplete;
      expect(widget.shadowRoot!.querySelector('details code')?.textContent).to.equal('provider_api_error: upstream said •••');
      await expectNoTokenLeaked(events);
    });
  });

  it('the token expired during a code round: back to the sign-in form with a fresh token, told the session expired', async () => {
    const first = await token({ expire_after_calls: 2 });
    const backend = partnerBackend();
    const { widget, events, of } = await widgetWith({ 'link-token': first, provider: 'glucomate' }, backend.request);
    await waitForHeading(widget, 'Sign in to Glucomate');
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Enter the verification code');
    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();
    await waitUntil(() => errorText(widget) === 'Your session expired. Sign in again to continue.', 'the session-expired message');
    expect(heading(widget)).to.equal('Sign in to Glucomate');
    expect(await pathsWith(tokens[1]!), 'the code is not sent with the fresh token').to.deep.equal([]);
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Enter the verification code');
    expect(await pathsWith(tokens[1]!)).to.deep.equal(['/v2/link/provider/password/glucomate']);
    expect(of('link-error')).to.deep.equal([]);
    await expectNoTokenLeaked(events);
  });

  it('no token at all: the widget asks for one as it opens, once', async () => {
    const backend = partnerBackend();
    const { widget, events, of } = await widgetWith({}, backend.request);
    await providersShown(widget);
    expect(backend.calls).to.equal(1);
    expect(await pathsWith(tokens[0]!)).to.deep.equal(['/v2/link/providers']);
    expect(of('link-event').map((e) => e['name']).slice(0, 3)).to.deep.equal(['open', 'token_refreshed', 'providers_viewed']);
    await expectNoTokenLeaked(events);
  });

  it('ProviderLink.open({requestLinkToken}) without a token asks for one when it opens', async () => {
    const backend = partnerBackend();
    const exits: unknown[] = [];
    const handle = openLinkModal({ requestLinkToken: backend.request, onExit: (detail) => exits.push(detail) });
    expect(backend.calls, 'not before the flow starts').to.be.at.most(1);
    await providersShown(handle.element);
    expect(backend.calls).to.equal(1);
    handle.close();
    expect(exits).to.have.length(1);
    await expectNoTokenLeaked(exits);
  });

  it('Connect another: two providers in one visit, a link-success each, the first marked Connected, one link-exit', async () => {
    const backend = partnerBackend();
    const { widget, events, of } = await widgetWith({ 'link-token': await token() }, backend.request);
    await providersShown(widget);
    button(widget, 'Scalewise').click();
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    expect(buttons(widget).map(buttonName)).to.include.members(['Done', 'Connect another']);

    button(widget, 'Connect another').click();
    await providersShown(widget);
    expect(backend.calls).to.equal(1);
    expect(buttonName(button(widget, 'Scalewise')), 'marked, in its name too').to.match(/Scalewise.*Connected/);
    expect(buttonName(button(widget, 'Sugarline')), 'only what was linked').not.to.include('Connected');

    button(widget, 'Sugarline').click();
    await waitForHeading(widget, 'Connect Sugarline Meter');
    await type(widget, 'Email', 'ada@example.org');
    await pressEnter();
    await waitForHeading(widget, 'Check your email');
    expect(await pathsWith(tokens[1]!), 'the list asked again with the fresh token, then the invitation').to.deep.equal(['/v2/link/providers', '/v2/link/provider/email/sugarline']);
    expect(of('link-exit'), 'not yet').to.deep.equal([]);
    button(widget, 'Done').click();

    expect(of('link-success').map((detail) => detail['provider'])).to.deep.equal(['scalewise', 'sugarline']);
    // One visit, across the fresh token and Connect another: every event carries its one id.
    const visit = oneVisit(events.map((e) => e.detail));
    expect(visit.linkSessionId, 'the element’s own').to.equal(widget.linkSessionId);
    expect(visit.rest.filter((_, i) => events[i]!.type === 'link-exit')).to.deep.equal([{ reason: 'done', provider: 'sugarline', step: 'success' }]);
    await expectNoTokenLeaked(events);
  });

  it('no Connect another without requestLinkToken', async () => {
    const { widget, events } = await widgetWith({ 'link-token': await token(), provider: 'scalewise' }, null);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    expect(buttons(widget).map(buttonName)).to.not.include('Connect another');
    await expectNoTokenLeaked(events);
  });

  const failing: [string, () => Promise<string>, RegExp][] = [
    ['rejects', () => Promise.reject(new TypeError('backend down')), /rejected \(TypeError\)/],
    ['rejects with an error class of its own', () => Promise.reject(Object.assign(new Error('x'), { name: 'Secret-fresh-token-Error' })), /^requestLinkToken\(\) rejected\.$/],
    ['returns an empty string', () => Promise.resolve(''), /gave an empty string/],
    ['never settles', () => new Promise<string>(() => {}), /did not answer within 1000 ms/],
    // fetch would throw building the header: read as a network failure, "Try again" forever.
    ['returns a token with a line break', () => Promise.resolve('fresh-token\nX-Other: 1'), /cannot be used: .* this one has 22 characters/],
    ['returns text beyond Latin-1', () => Promise.resolve('fresh—token'), /cannot be used/],
  ];
  for (const [how, requestLinkToken, debug] of failing) {
    it(`a function that ${how}: token_request_failed, recoverable, with Try again; debug says why, never the value`, async () => {
      const first = await token({ expire_after_calls: 0 });
      const { widget, events, of } = await widgetWith({ 'link-token': first, 'request-timeout': '1000' }, requestLinkToken);
      await waitForHeading(widget, 'Something went wrong');
      expect(errorText(widget)).to.equal('The app could not start the connection. Try again.');
      expect(buttons(widget).map(buttonName)).to.include('Try again');
      expect(of('link-error')).to.have.length(1);
      expect(of('link-error')[0]).to.include({ errorType: 'token_request_failed', recoverable: true });
      expect(of('link-error')[0]!['debug']).to.match(debug).and.not.match(/fresh.?token/i, 'never the value given');
      expect(await pathsWith(first), 'never a loop').to.deep.equal(['/v2/link/providers']);
      await expectNoTokenLeaked(events);
    });
  }

  it('a fresh token refused too: the token screen, one attempt only, and Try again asks once more', async () => {
    const backend = partnerBackend({ expire_after_calls: 0 });
    const { widget, events, of } = await widgetWith({ 'link-token': await token({ expire_after_calls: 0 }) }, backend.request);
    await waitForHeading(widget, 'This link cannot be used');
    expect(backend.calls).to.equal(1);
    expect(of('link-error').map((detail) => [detail['errorType'], detail['recoverable']])).to.deep.equal([['token_expired', false]]);
    // A person's action: one more fresh token (an aged one the partner cached may be the cause).
    buttons(widget).find((button) => buttonName(button) === 'Try again')!.click();
    await waitUntil(() => of('link-error').length === 2, 'the second fresh token refused too');
    expect(backend.calls, 'one call per Try again').to.equal(2);
    await waitForHeading(widget, 'This link cannot be used');
    await expectNoTokenLeaked(events);
  });

  it('a linkToken set by the page still restarts the flow', async () => {
    const backend = partnerBackend();
    const { widget, events } = await widgetWith({ 'link-token': await token() }, backend.request);
    await providersShown(widget);
    const second = await token();
    widget.linkToken = second;
    await waitUntil(async () => (await pathsWith(second)).includes('/v2/link/providers'), 'the list asked again with the page’s new token');
    expect(backend.calls).to.equal(0);
    await expectNoTokenLeaked(events);
  });
});
