import { expect } from '@open-wc/testing';
import { createLinkClient } from '../../../src/core/api/client.js';
import { errorInfo } from '../../../src/contract/errors.js';
import { DEMO_MFA_CODE, DEMO_PASSWORD, failure, fakeRequests, mintToken, UNKNOWN_ERROR_PASSWORD } from '../../helpers.js';


describe('API client against the fake service', () => {
  it('lists providers, sending the token only in the x-service-link-token header', async () => {
    const token = await mintToken();
    const providers = await createLinkClient({ linkToken: token }).listProviders();
    expect(providers.map((p) => p.slug)).to.include.members(['pulsewave', 'glucomate', 'sugarline', 'stepkeeper']);
    const glucomate = providers.find((p) => p.slug === 'glucomate');
    expect(glucomate).to.deep.include({ name: 'Glucomate', authType: 'password' });
    expect(glucomate?.logo).to.match(/^http:\/\/.+\/fake-assets\/logo\/glucomate\.svg$/);

    const seen = await fakeRequests(token);
    expect(seen).to.have.length(1);
    expect(seen[0]?.path + (seen[0]?.search ?? '')).not.to.include(token);
  });

  it('walks the password + two-round MFA loop with one token', async () => {
    const client = createLinkClient({ linkToken: await mintToken() });
    const first = await client.signInWithPassword('glucomate', { username: 'ada', password: DEMO_PASSWORD });
    expect(first).to.deep.equal({ state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint: '•••• 42' } });
    const second = await client.completeMfa('glucomate', DEMO_MFA_CODE);
    expect(second.mfa).to.deep.equal({ method: 'email', hint: 'j•••@example.org' });
    const done = await client.completeMfa('glucomate', DEMO_MFA_CODE);
    expect(done.state).to.equal('success');
  });

  it('builds each body from its documented fields only, whatever else the caller passes', async () => {
    const token = await mintToken();
    const client = createLinkClient({ linkToken: token });
    const credentials = { slug: 'glucomate', username: 'ada', password: DEMO_PASSWORD, region: 'eu', remember: true };
    await client.signInWithPassword('glucomate', credentials);
    await client.completeMfa('glucomate', DEMO_MFA_CODE);
    const invite = { slug: 'sugarline', email: 'ada@example.org', region: null, extra: 'x' };
    await client.sendEmailInvite('sugarline', invite);
    const calls = await fakeRequests(token);
    expect(calls.map((c) => c.bodyFields)).to.deep.equal([['username', 'password', 'region'], ['mfa_code'], ['email']]);
  });

  it('turns a 200 with state "error" into a typed error carrying the server text', async () => {
    const client = createLinkClient({ linkToken: await mintToken() });
    const error = await failure(client.signInWithPassword('scalewise', { username: 'ada', password: 'nope' }));
    expect(error.code).to.equal('provider_credential_error');
    expect(error.status).to.equal(200);
    expect(error.debug).to.equal('Upstream rejected the credentials (401).');
  });

  it('recognises a wrong MFA code', async () => {
    const client = createLinkClient({ linkToken: await mintToken() });
    await client.signInWithPassword('glucomate', { username: 'ada', password: DEMO_PASSWORD });
    expect((await failure(client.completeMfa('glucomate', '000000'))).code).to.equal('incorrect_mfa_code');
  });

  it('gets an OAuth URL that does not carry the token', async () => {
    const token = await mintToken();
    const { oauthUrl } = await createLinkClient({ linkToken: token }).getOAuthUrl('pulsewave');
    expect(oauthUrl).to.match(/^http:\/\/.+\/fake-oauth\/authorize\?consent=/);
    expect(oauthUrl).not.to.include(token);
  });

  it('sends an email invitation, with the region when one is given', async () => {
    const token = await mintToken();
    await createLinkClient({ linkToken: token }).sendEmailInvite('sugarline', { email: 'ada@example.org', region: 'eu' });
    const last = (await fakeRequests(token)).at(-1);
    expect(last?.path).to.equal('/v2/link/provider/email/sugarline');
  });

  it('does not follow a redirect to another origin: the token goes to base-url alone, and the user can try again', async () => {
    const token = await mintToken();
    const client = createLinkClient({ linkToken: token, baseUrl: `${location.origin}/test/redirect-elsewhere` });
    const error = await failure(client.listProviders());
    expect(error.code).to.equal('network');
    expect(errorInfo(error.code).recoverable).to.equal(true);
    const elsewhere = await fakeRequests(token);
    expect(elsewhere, 'no request reached the other origin with the token').to.deep.equal([]);
  });

  describe('token rejections in all four shapes', () => {
    it('401 with {detail: {error_type}}', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('expired') }).listProviders());
      expect([error.code, error.status, error.debug]).to.deep.equal(['token_expired', 401, 'Link token expired.']);
    });
    it('400 with a link-result body', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('consumed') }).listProviders());
      expect([error.code, error.status]).to.deep.equal(['token_consumed', 400]);
    });
    it('401 with no body', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('revoked') }).listProviders());
      expect([error.code, error.status, error.debug]).to.deep.equal(['invalid_token', 401, null]);
    });
    it('403 with {detail: "text"}', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('unverified') }).listProviders());
      expect([error.code, error.status]).to.deep.equal(['token_not_validated', 403]);
      expect(error.debug).to.equal('Link token could not be validated.');
    });
    it('a token the service never made', async () => {
      const error = await failure(createLinkClient({ linkToken: 'lt_made_up' }).listProviders());
      expect(error.code).to.equal('invalid_token');
    });
    it('a token spent by a successful link', async () => {
      const client = createLinkClient({ linkToken: await mintToken() });
      await client.signInWithPassword('scalewise', { username: 'ada', password: DEMO_PASSWORD });
      expect((await failure(client.listProviders())).code).to.equal('token_consumed');
    });
  });

  describe('answers that are not what they should be', () => {
    it('a 200 that is not JSON is bad_response', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('garbage-json') }).listProviders());
      expect([error.code, error.status]).to.deep.equal(['bad_response', 200]);
    });
    it('a 500 with an HTML body is http_500, with the body as debug text', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('html-500') }).listProviders());
      expect([error.code, error.status]).to.deep.equal(['http_500', 500]);
      expect(error.debug).to.include('Internal Server Error');
    });
    it('JSON of the wrong shape is bad_response', async () => {
      const error = await failure(createLinkClient({ linkToken: await mintToken('wrong-shape') }).listProviders());
      expect(error.code).to.equal('bad_response');
    });
    it('a 502 HTML page from a flaky route, then success on retry', async () => {
      const client = createLinkClient({ linkToken: await mintToken('flaky') });
      expect((await failure(client.listProviders())).code).to.equal('http_502');
      expect(await client.listProviders()).to.have.length.greaterThan(3);
    });
    it('an answer slower than the timeout is timeout', async () => {
      const client = createLinkClient({ linkToken: await mintToken('slow', { delay_ms: 1500 }), timeoutMs: 200 });
      const error = await failure(client.listProviders());
      expect([error.code, error.status]).to.deep.equal(['timeout', 0]);
    });
    it('the network down is network', async () => {
      // Port 9 on loopback: nothing listens, so the connection is refused.
      const client = createLinkClient({ linkToken: 'lt_x', baseUrl: 'http://127.0.0.1:9' });
      expect((await failure(client.listProviders())).code).to.equal('network');
    });
    it('an aborted call is aborted, not a network error', async () => {
      const controller = new AbortController();
      const call = createLinkClient({ linkToken: await mintToken('slow', { delay_ms: 1500 }) }).listProviders(controller.signal);
      controller.abort();
      expect((await failure(call)).code).to.equal('aborted');
    });
    it('unknown enum values pass through; a javascript: logo is dropped; a missing auth_type is oauth', async () => {
      const response = new Response(
        JSON.stringify([
          { id: 1, slug: 'a', name: 'A', description: 'x', logo: 'javascript:alert(1)', auth_type: 'telepathy' },
          { id: 2, slug: 'b', name: 'B', description: 'y', logo: 'https://cdn.example/b.png' },
        ]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
      const client = createLinkClient({ linkToken: 't', fetch: () => Promise.resolve(response) });
      const [a, b] = await client.listProviders();
      expect([a?.authType, a?.logo]).to.deep.equal(['telepathy', null]);
      expect([b?.authType, b?.logo]).to.deep.equal(['oauth', 'https://cdn.example/b.png']);
    });
    it('a javascript: oauth_url is refused as unsafe_oauth_url', async () => {
      const client = createLinkClient({ linkToken: await mintToken('hostile') });
      expect((await failure(client.getOAuthUrl('evil-oauth'))).code).to.equal('unsafe_oauth_url');
    });
    it('an unknown state and an unknown MFA method pass through as strings', async () => {
      const client = createLinkClient({ linkToken: await mintToken('hostile') });
      expect((await client.signInWithPassword('oddstate', { username: 'u', password: 'p' })).state).to.equal('pending_review');
      expect((await client.signInWithPassword('pigeon', { username: 'u', password: 'p' })).mfa).to.deep.equal({
        method: 'carrier_pigeon',
        hint: 'the roof',
      });
      expect((await failure(client.signInWithPassword('oddstate', { username: 'u', password: UNKNOWN_ERROR_PASSWORD }))).code).to.equal('cosmic_rays');
    });
  });
});
