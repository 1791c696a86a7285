import { expect } from '@open-wc/testing';
import { button, DEMO_MFA_CODE, DEMO_PASSWORD, errorText, EXPIRED_PASSWORD, fakeRequests, field, hasButton, heading, listingWidget, mintToken, mountWidget, pressEnter, providersShown, recordEvents, root, type, waitForHeading, waitUntil } from '../helpers.js';

describe('<provider-link> password providers', () => {
  it('links through sign-in and two MFA rounds, typed and submitted with Enter', async () => {
    const { widget, token } = await listingWidget({}, 'default', { redirect_url: 'https://app.example/linked' });
    const log = recordEvents(widget);

    button(widget, 'Glucomate').click();
    await waitForHeading(widget, 'Sign in to Glucomate');
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();

    await waitForHeading(widget, 'Enter the verification code');
    expect(root(widget).textContent).to.include('We sent a code by text message to •••• 42.');
    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();

    await waitUntil(() => root(widget).textContent?.includes('We sent another code by email to j•••@example.org.'), 'second MFA round');
    expect(field(widget, 'Verification code').value).to.equal('', 'the second round starts with an empty field');
    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();

    await waitForHeading(widget, 'Connected');
    expect(log.of('link-success')).to.deep.equal([{ provider: 'glucomate', authType: 'password', redirectUrl: 'https://app.example/linked', reconnected: false }]);
    expect(log.of('link-event').map((e) => e['name'])).to.include.members([
      'open',
      'providers_viewed',
      'provider_selected',
      'credentials_viewed',
      'credentials_submitted',
      'mfa_viewed',
      'mfa_submitted',
      'success',
    ]);
    for (const detail of log.of('link-event')) expect(detail['at']).to.match(/^\d{4}-\d\d-\d\dT/);

    button(widget, 'Done').click();
    await waitUntil(() => log.of('link-exit').length === 1);
    expect(log.of('link-exit')[0]).to.deep.equal({ reason: 'done', provider: 'glucomate', step: 'success' });

    // Nothing the user typed, and not the token, is in any event.
    const everything = JSON.stringify(log.events);
    for (const secret of [token, 'ada@example.org', DEMO_PASSWORD, DEMO_MFA_CODE]) expect(everything).not.to.include(secret);
    // The token went in the header of every call, never in a URL.
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.path)).to.deep.equal([
      '/v2/link/providers',
      '/v2/link/provider/password/glucomate',
      '/v2/link/provider/password/glucomate/complete_mfa',
      '/v2/link/provider/password/glucomate/complete_mfa',
    ]);
    for (const call of calls) expect(call.path + call.search).not.to.include(token);
    // Exactly the documented body fields: a strict service refuses any other (the slug is in the path).
    expect(calls.map((c) => c.bodyFields)).to.deep.equal([null, ['username', 'password'], ['mfa_code'], ['mfa_code']]);
  });

  it('keeps the username after a wrong password and says what went wrong next to the form', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', 'wrong');
    await pressEnter();

    await waitUntil(() => errorText(widget) !== '', 'error shown');
    expect(errorText(widget)).to.equal('The provider did not accept that username or password. Check them and try again.');
    expect(field(widget, 'Username').value).to.equal('ada');
    expect(field(widget, 'Password').getAttribute('aria-invalid')).to.equal('true');
    expect(field(widget, 'Password').getAttribute('aria-describedby')).to.equal('step-error');
    expect(log.of('link-error')).to.deep.equal([
      {
        errorType: 'provider_credential_error',
        message: 'The provider did not accept that username or password. Check them and try again.',
        debug: 'Upstream rejected the credentials (401).',
        provider: 'scalewise',
        recoverable: true,
      },
    ]);

    expect(root(widget).activeElement, 'focus is back on the password, ready to retype').to.equal(field(widget, 'Password'));
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
  });

  it('names the empty field instead of sending a half-filled form', async () => {
    const token = await mintToken();
    const widget = await mountWidget({ 'link-token': token, provider: 'scalewise' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    field(widget, 'Username').focus();
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '');
    expect(errorText(widget)).to.equal('Enter your username.');
    expect(field(widget, 'Username').getAttribute('aria-invalid')).to.equal('true');
    expect(field(widget, 'Password').getAttribute('aria-invalid')).to.equal('false');
    expect(root(widget).activeElement).to.equal(field(widget, 'Username'));

    await type(widget, 'Username', 'ada');
    await pressEnter();
    await waitUntil(() => errorText(widget) === 'Enter your password.');
    expect(root(widget).activeElement).to.equal(field(widget, 'Password'));
    expect(log.of('link-error')).to.have.length(0);
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.path)).to.deep.equal(['/v2/link/providers']);
  });

  it('after Done, an inline widget says what was connected (it has no window to close) and offers no restart of a spent link', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    button(widget, 'Done').click();
    await waitUntil(() => !hasButton(widget, 'Done'), 'the flow ended');
    expect(heading(widget)).to.equal('Connected');
    expect(root(widget).querySelector('.lead')?.textContent).to.equal('Scalewise is now connected.');
    expect(root(widget).textContent).not.to.include('close this window');
    expect(hasButton(widget, 'Start again')).to.equal(false);
  });

  it('after Close, offers to start again with the same link', async () => {
    const { widget } = await listingWidget();
    button(widget, 'Close').click();
    await waitForHeading(widget, 'Closed');
    button(widget, 'Start again').click();
    await providersShown(widget);
  });

  it('asks again after a wrong verification code', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'glucomate' });
    await waitForHeading(widget, 'Sign in to Glucomate');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Enter the verification code');
    await type(widget, 'Verification code', '000000');
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '', 'error shown');
    expect(errorText(widget)).to.equal('That code was not right. Check it and enter it again.');
    expect(heading(widget)).to.equal('Enter the verification code');
    expect(root(widget).textContent).to.include('•••• 42');

    button(widget, 'Back').click();
    await waitForHeading(widget, 'Sign in to Glucomate');
  });

  it('sends one request for a double click on submit, and disables the button while it is in flight', async () => {
    const token = await mintToken('slow', { delay_ms: 600 });
    const widget = await mountWidget({ 'link-token': token, provider: 'scalewise', 'base-url': location.origin });
    widget.requestTimeout = 5000;
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    const submit = button(widget, 'Sign in');
    submit.click();
    submit.click();
    await widget.updateComplete;
    expect(button(widget, 'Signing in').disabled).to.equal(true);
    await waitUntil(() => root(widget).querySelector('#announcer')?.textContent === 'Signing in…', 'the busy state is announced');
    await waitForHeading(widget, 'Connected');
    const signIns = (await fakeRequests(token)).filter((r) => r.path.endsWith('/scalewise'));
    expect(signIns).to.have.length(1);
  });

  it('keeps the sign-in form for an expired provider password: the message on the password, Sign in to try after a reset, Back to another provider', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', EXPIRED_PASSWORD);
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '', 'the error is shown');
    expect(heading(widget), 'the heading still says where the user is').to.equal('Sign in to Scalewise');
    expect(errorText(widget)).to.include('Reset it on the provider’s site, then try again.');
    expect(field(widget, 'Password').getAttribute('aria-invalid')).to.equal('true');
    expect(field(widget, 'Username').getAttribute('aria-invalid'), 'the username was fine').to.equal('false');
    expect(field(widget, 'Username').value, 'what was typed is kept').to.equal('ada');
    expect(hasButton(widget, 'Sign in'), 'the button agrees with the copy: try again').to.equal(true);
    expect(log.of('link-error')[0]).to.include({ errorType: 'provider_password_expired', recoverable: false });
    button(widget, 'Back').click();
    await providersShown(widget);
  });

  it('Back returns to the list; Close ends with link-exit user_cancelled', async () => {
    const { widget } = await listingWidget();
    const log = recordEvents(widget);
    expect(root(widget).querySelector('header .logo'), 'the list names no provider in its header').to.equal(null);
    button(widget, 'Scalewise').click();
    await waitForHeading(widget, 'Sign in to Scalewise');
    const headerLogo = root(widget).querySelector<HTMLImageElement>('header img.logo');
    expect(headerLogo?.src, 'the sign-in screen shows whose account it is').to.match(/\/fake-assets\/logo\/scalewise\.svg$/);
    expect([headerLogo?.alt, headerLogo?.referrerPolicy], 'decorative (the heading names it), and no referrer').to.deep.equal(['', 'no-referrer']);
    button(widget, 'Back').click();
    await providersShown(widget);
    button(widget, 'Scalewise').click();
    await waitForHeading(widget, 'Sign in to Scalewise');
    button(widget, 'Close').click();
    await waitUntil(() => log.of('link-exit').length === 1);
    expect(log.of('link-exit')[0]).to.deep.equal({ reason: 'user_cancelled', provider: 'scalewise', step: 'credentials' });
  });
});
