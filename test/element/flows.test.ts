import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { button, buttons, DEMO_PASSWORD, errorText, fakeRequests, field, hasButton, hasField, heading, listingWidget, mintToken, mountWidget, pressEnter, providersShown, recordEvents, root, type, UNKNOWN_ERROR_PASSWORD, waitForHeading, waitUntil } from '../helpers.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';

describe('<provider-link> email providers', () => {
  it('sends an invitation to the address typed, and reports success without the address', async () => {
    const { widget, token } = await listingWidget();
    const log = recordEvents(widget);
    button(widget, 'Sugarline').click();
    await waitForHeading(widget, 'Connect Sugarline');

    await type(widget, 'Email', 'not-an-address');
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '', 'the address is refused');
    expect(errorText(widget)).to.equal('Enter a valid email address, like name@example.com.');
    expect(field(widget, 'Email').getAttribute('aria-invalid')).to.equal('true');
    expect(field(widget, 'Email').value, 'what was typed is kept').to.equal('not-an-address');

    await type(widget, 'Email', 'ada@example.org');
    await pressEnter();
    await waitForHeading(widget, 'Check your email');
    expect(log.of('link-success')).to.deep.equal([{ provider: 'sugarline', authType: 'email', redirectUrl: null, reconnected: false }]);
    expect(log.of('link-event').map((e) => e['name'])).to.include.members(['email_viewed', 'email_submitted', 'success']);
    expect(JSON.stringify(log.events)).not.to.include('ada@example.org');
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.bodyFields), 'only the valid address was sent, with exactly the documented fields').to.deep.equal([null, ['email']]);
  });
});

describe('<provider-link> links that cannot be used', () => {
  for (const [scenario, errorType, message] of [
    ['expired', 'token_expired', 'This link has expired. Go back to the app and start again to get a new one.'],
    ['consumed', 'token_consumed', 'This link has already been used. Go back to the app and start again to get a new one.'],
    ['revoked', 'invalid_token', 'This link is not valid. Go back to the app and start again to get a new one.'],
    ['unverified', 'token_not_validated', 'This link could not be verified. Go back to the app and start again to get a new one.'],
  ] as const) {
    it(`tells the user a ${scenario} link cannot be used, offers only Close, and ends with link-exit`, async () => {
      const widget = await mountWidget({ 'link-token': await mintToken(scenario) });
      const log = recordEvents(widget);
      await waitForHeading(widget, 'This link cannot be used');
      expect(errorText(widget)).to.equal(message);
      expect(hasButton(widget, 'Try again')).to.equal(false);
      expect(log.of('link-error')).to.have.length(1);
      expect(log.of('link-error')[0]).to.include({ errorType, message, recoverable: false, provider: null });

      button(widget, 'Close').click();
      await waitUntil(() => log.of('link-exit').length === 1);
      expect(log.of('link-exit')[0]).to.deep.equal({ reason: 'error', errorType, provider: null, step: 'error' });
    });
  }
});

/** Signs in to Scalewise (no code rounds) and says which body fields the sign-in carried. */
async function signInFieldsSent(widget: ProviderLinkElement, token: string): Promise<string[] | null | undefined> {
  await waitForHeading(widget, 'Sign in to Scalewise');
  await type(widget, 'Username', 'ada');
  await type(widget, 'Password', DEMO_PASSWORD);
  await pressEnter();
  await waitForHeading(widget, 'Connected');
  const calls = await fakeRequests(token);
  return calls.at(-1)?.bodyFields;
}

describe('<provider-link> when the service misbehaves', () => {
  it('offers Try again after a 502 with an HTML body, and the retry loads the list', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('flaky') });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Something went wrong');
    expect(errorText(widget)).to.equal('We could not finish this step. Try again in a moment.');
    expect(log.of('link-error')[0]).to.include({ errorType: 'http_502', recoverable: true });
    expect(root(widget).textContent, 'the HTML body is never shown as markup').not.to.include('<h1>');

    button(widget, 'Try again').click();
    await providersShown(widget);
  });

  for (const [scenario, errorType] of [
    ['garbage-json', 'bad_response'],
    ['html-500', 'http_500'],
    ['wrong-shape', 'bad_response'],
  ] as const) {
    it(`turns a ${scenario} provider list into a message with Try again`, async () => {
      const widget = await mountWidget({ 'link-token': await mintToken(scenario) });
      const log = recordEvents(widget);
      await waitForHeading(widget, 'Something went wrong');
      expect(errorText(widget)).to.equal('We could not finish this step. Try again in a moment.');
      expect(hasButton(widget, 'Try again')).to.equal(true);
      expect(log.of('link-error')[0]).to.include({ errorType, recoverable: true });
    });
  }

  it('gives up on an answer slower than the time limit and says so', async () => {
    const widget = document.createElement('provider-link');
    widget.requestTimeout = 300;
    widget.linkToken = await mintToken('default', { delay_ms: 2000 });
    document.body.append(widget);
    try {
      await waitForHeading(widget, 'Something went wrong');
      expect(errorText(widget)).to.equal('The service took too long to answer. Try again.');
      expect(hasButton(widget, 'Try again')).to.equal(true);
    } finally {
      widget.remove();
    }
  });

  it('says the service is unreachable when the network is down', async () => {
    // Nothing listens on port 9: the request fails like a dropped connection.
    const widget = await mountWidget({ 'link-token': await mintToken(), 'base-url': 'http://127.0.0.1:9' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Something went wrong');
    expect(errorText(widget)).to.equal('We could not reach the service. Check your connection and try again.');
    expect(log.of('link-error')[0]).to.include({ errorType: 'network', recoverable: true });
  });

  it('shows HTML in provider names and descriptions as text, and drops javascript: logos', async () => {
    const { widget } = await listingWidget({}, 'hostile');
    const evil = button(widget, 'Evil');
    expect(evil.querySelector('.name')?.textContent).to.equal('<img src=x onerror="window.__pwned=1">Evil <b>Scale</b>');
    expect(evil.querySelectorAll('b, script, img[src="x"]').length).to.equal(0);
    expect(evil.querySelectorAll('img').length, 'no logo rather than a javascript: one').to.equal(0);
    expect(hasButton(widget, 'Dot Dot'), 'a provider whose slug would change the request path is dropped').to.equal(false);
    expect(buttons(widget).filter((b) => b.getAttribute('part') === 'provider'), 'the nameless entry is dropped, the others stay').to.have.length(6);
    // An inline handler runs only from an element that carries it: none does, so none can run later.
    expect(root(widget).querySelectorAll('[onerror]').length, 'no element with an inline handler').to.equal(0);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('ignores completeOAuth() called with nothing or with the wrong shape, with one warning each', async () => {
    const { widget } = await listingWidget();
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const complete = widget.completeOAuth as (result?: unknown) => void;
      for (const bad of [undefined, null, 'success', 42, {}, { state: 5 }]) {
        expect(() => complete.call(widget, bad)).not.to.throw();
      }
    } finally {
      console.warn = original;
    }
    expect(warnings).to.have.length(6);
    expect(String(warnings[0]![0])).to.include('completeOAuth');
    // A call the flow took would be on screen after the update it asked for.
    await widget.updateComplete;
    expect(heading(widget)).to.equal('Connect a data source');
  });

  it('warns once about a region attribute that is not a region code, and signs in without it', async () => {
    const token = await mintToken();
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    let widget: ProviderLinkElement;
    try {
      widget = await mountWidget({ 'link-token': token, provider: 'scalewise', region: 'Europe' });
    } finally {
      console.warn = original;
    }
    expect(warnings.map((w) => String(w[0]))).to.deep.equal([
      '<provider-link>: region "Europe" is not a code like "eu"; not sent.',
    ]);
    expect(await signInFieldsSent(widget, token)).to.deep.equal(['username', 'password']);
  });

  it('sends the region attribute with a sign-in, as the API spells it', async () => {
    const token = await mintToken();
    const widget = await mountWidget({ 'link-token': token, provider: 'scalewise', region: 'EU' });
    expect(await signInFieldsSent(widget, token)).to.deep.equal(['username', 'password', 'region']);
  });

  it('says to choose the region of the account when it is not in the region the page set, keeps the form, and offers Back', async () => {
    // Scalewise has accounts in the US and the EU only (the fake service); the page says Brazil.
    const token = await mintToken();
    const widget = await mountWidget({ 'link-token': token, provider: 'scalewise', region: 'br' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '', 'no error shown');
    // The words send the user to the picker that now shows (test/element/region.test.ts).
    expect(errorText(widget)).to.equal('This account is not available in this region. Choose the region of your account.');
    expect(root(widget).querySelector('select#region')?.getAttribute('aria-invalid')).to.equal('true');
    expect(heading(widget)).to.equal('Sign in to Scalewise');
    expect(field(widget, 'Username').value).to.equal('ada');
    // Nothing typed is at fault: no field is marked invalid.
    expect(['Username', 'Password'].map((label) => field(widget, label).getAttribute('aria-invalid'))).to.deep.equal(['false', 'false']);
    expect(hasButton(widget, 'Back')).to.equal(true);
    expect(log.of('link-error')).to.have.length(1);
    expect(log.of('link-error')[0]).to.include({ errorType: 'unsupported_region', recoverable: true, message: 'This account is not available in this region. Choose the region of your account.' });
    const calls = await fakeRequests(token);
    expect(calls.at(-1)?.bodyFields).to.deep.equal(['username', 'password', 'region']);
  });

  it('sends an unknown auth type to the mobile app without calling the API', async () => {
    const { widget, token } = await listingWidget({}, 'hostile');
    const log = recordEvents(widget);
    button(widget, 'Telepath Band').click();
    await waitForHeading(widget, 'Connect Telepath Band from the mobile app');
    expect(log.of('link-event').map((e) => e['name'])).to.include('unsupported_viewed');
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.path)).to.deep.equal(['/v2/link/providers']);
    button(widget, 'Back').click();
    await providersShown(widget);
  });

  it('shows an unknown sign-in state and an unknown error type as the generic message, keeping the form', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('hostile'), provider: 'oddstate' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Oddstate Meter');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', 'anything');
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '', 'pending_review is not success');
    expect(errorText(widget)).to.equal('We could not finish this step. Try again in a moment.');
    expect(field(widget, 'Username').value).to.equal('ada');

    await type(widget, 'Password', UNKNOWN_ERROR_PASSWORD);
    await pressEnter();
    await waitUntil(() => log.of('link-error').length === 2, 'a second error');
    expect(log.of('link-error')[1]).to.include({ errorType: 'cosmic_rays', message: 'We could not finish this step. Try again in a moment.', debug: 'Made-up outcome.' });
    expect(errorText(widget)).to.equal('We could not finish this step. Try again in a moment.');
    expect(root(widget).querySelectorAll('form').length, 'still a form to act on').to.equal(1);
  });

  it('asks for the code of an unknown MFA method in plain words', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('hostile'), provider: 'pigeon' });
    await waitForHeading(widget, 'Sign in to Pigeon Post Scale');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Enter the verification code');
    expect(root(widget).textContent).to.include('We sent a code to the roof.');
    expect(root(widget).textContent).not.to.include('carrier_pigeon');
  });
});

describe('<provider-link> provider list', () => {
  it('shows a search box once there are more than eight providers, and filters as the user types', async () => {
    const { widget } = await listingWidget({}, 'many');
    const providerButtons = () => buttons(widget).filter((b) => b.getAttribute('part') === 'provider');
    expect(providerButtons().length).to.be.greaterThan(8);
    field(widget, 'Search providers').focus();
    await sendKeys({ type: 'kest' });
    await waitUntil(() => providerButtons().length === 1);
    expect(providerButtons()[0].textContent).to.include('Kestrel');
    expect(root(widget).textContent).to.include('1 provider');

    await sendKeys({ type: 'zzz' });
    await waitUntil(() => providerButtons().length === 0);
    expect(root(widget).textContent).to.include('No provider matches “kestzzz”.');
  });

  it('has no search box for eight providers, and every provider is a button named after it', async () => {
    const eight = ['pulsewave', 'stridely', 'cardiotrack', 'glucomate', 'scalewise', 'sugarline', 'stepkeeper', 'ringlet'];
    const { widget } = await listingWidget({}, 'default', { filter_on_providers: eight });
    expect(hasField(widget, 'Search providers')).to.equal(false);
    for (const name of ['Pulsewave', 'Stridely', 'Cardiotrack', 'Glucomate', 'Scalewise', 'Sugarline', 'Stepkeeper', 'Ringlet']) button(widget, name);
    const logos = [...root(widget).querySelectorAll<HTMLImageElement>('img.logo')];
    expect(logos.length).to.be.greaterThan(0);
    for (const logo of logos) {
      expect(logo.alt).to.equal('');
      // A logo is fetched once its row is in sight.
      logo.scrollIntoView({ block: 'center' });
      await waitUntil(() => logo.src, 'the logo of a row in sight has its address');
      expect(new URL(logo.src).protocol).to.match(/^https?:$/);
    }
    scrollTo(0, 0);
  });

  it('lists the providers it can link first, and marks the ones that connect from the mobile app', async () => {
    // The service lists Stepkeeper (sdk), Ringlet (app) and Bodynode (ble_bridge) before sixteen OAuth providers.
    const { widget } = await listingWidget({}, 'many');
    const rows = buttons(widget).filter((b) => b.getAttribute('part') === 'provider');
    const marked = rows.filter((row) => row.textContent!.includes('In the mobile app'));
    expect(marked.map((row) => row.querySelector('.name')?.textContent)).to.deep.equal(['Stepkeeper Health', 'Ringlet', 'Bodynode Scale']);
    expect(rows.slice(-3)).to.deep.equal(marked);
    expect(rows.length).to.equal(27);

    // The mark says where to go instead, and choosing one says it again.
    marked[0]!.click();
    await waitForHeading(widget, 'Connect Stepkeeper Health from the mobile app');
  });

  it('opens the provider named by the provider attribute directly, with Back to the list', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    button(widget, 'Back').click();
    await providersShown(widget);
    expect(heading(widget)).to.equal('Connect a data source');
  });
});
