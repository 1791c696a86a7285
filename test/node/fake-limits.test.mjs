// The fake holds bounded memory, as a service does: it forgets tokens past their time and the
// oldest beyond a cap, with everything it kept for them, and refuses a `delay_ms` or a
// `redirect_url` beyond its limits. The tests set small limits and turn the fake's clock, so
// nothing waits; they count what the fake holds and what it answers, never heap sizes or times.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import { DEMO_API_KEY } from '../fake-service/credentials.js';
import { createFakeService, MAX_DELAY_MS, MAX_REDIRECT_URL_LENGTH } from '../fake-service/fake-service.mjs';

const servers = [];
after(() => servers.forEach((server) => server.close()));

const TEN_MINUTES = 10 * 60 * 1000;
const unknownToken = { detail: { error_type: 'invalid_token', error: 'Unknown link token.' } };
const expiredToken = { detail: { error_type: 'token_expired', error: 'Link token expired.' } };

/** A fake with `options` on a free port, on a clock the test turns (`clock.ms`). */
async function fakeWith(options = {}) {
  const clock = { ms: Date.UTC(2030, 0, 1) };
  const records = [];
  const service = createFakeService({ now: () => clock.ms, record: (exchange) => records.push(exchange), ...options });
  const server = createServer((req, res) => service.handle(req, res));
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const call = (path, { token, json, headers = {} } = {}) =>
    fetch(`${base}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { ...(token ? { 'x-service-link-token': token } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: json === undefined ? null : JSON.stringify(json),
    });
  const requestToken = (extra = {}) => call('/v2/link/token', { json: { user_id: crypto.randomUUID(), ...extra }, headers: { 'x-service-api-key': DEMO_API_KEY } });
  const mint = async (extra = {}) => {
    const response = await requestToken(extra);
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()).link_token;
  };
  /** The status and body of the provider list for `token`. */
  const providers = async (token) => {
    const response = await call('/v2/link/providers', { token });
    return { status: response.status, body: await response.json() };
  };
  return { service, clock, records, call, requestToken, mint, providers };
}

describe('the fake holds a bounded number of tokens', () => {
  test('past the cap the oldest token is forgotten, and refused as an unknown token is', async () => {
    const fake = await fakeWith({ maxTokens: 3 });
    const tokens = [];
    for (let i = 0; i < 5; i++) tokens.push(await fake.mint());
    assert.equal(fake.service.held().tokens, 3);
    const neverMade = await fake.providers('lt_this-token-was-never-made');
    assert.deepEqual(neverMade, { status: 401, body: unknownToken });
    assert.deepEqual(await fake.providers(tokens[0]), neverMade, 'the oldest');
    assert.deepEqual(await fake.providers(tokens[1]), neverMade, 'the second oldest');
    for (const token of tokens.slice(2)) assert.equal((await fake.providers(token)).status, 200);
  });

  test('the verdicts for the contract check are not held per token: none is lost when tokens are forgotten', async () => {
    const fake = await fakeWith({ maxTokens: 2 });
    for (let i = 0; i < 6; i++) await fake.providers(await fake.mint());
    assert.equal(fake.service.held().tokens, 2);
    assert.deepEqual(
      fake.records.map((exchange) => `${exchange.path} ${exchange.status}`),
      Array.from({ length: 6 }, () => ['/v2/link/token 200', '/v2/link/providers 200']).flat(),
    );
  });
});

describe('a token past its time is forgotten with what was kept for it', () => {
  test('expired, it is refused as expired for a while, then as unknown; its consent request and MFA round are gone', async () => {
    const fake = await fakeWith({ keepExpiredMs: 60_000 });
    const withConsent = await fake.mint();
    const oauth = await (await fake.call('/v2/link/provider/oauth/pulsewave', { token: withConsent })).json();
    const consentPath = new URL(oauth.oauth_url).pathname + new URL(oauth.oauth_url).search;
    const withMfa = await fake.mint();
    const signIn = await fake.call('/v2/link/provider/password/glucomate', { token: withMfa, json: { username: 'ada', password: 'demo-password' } });
    assert.equal((await signIn.json()).state, 'pending_provider_mfa');
    assert.deepEqual(fake.service.held(), { tokens: 2, consents: 1 });

    fake.clock.ms += TEN_MINUTES + 1;
    assert.deepEqual(await fake.providers(withConsent), { status: 401, body: expiredToken }, 'still held: refused as expired');
    assert.deepEqual(fake.service.held(), { tokens: 2, consents: 1 });

    fake.clock.ms += 60_000;
    // Minting forgets every token past its time, including those nobody asks about again.
    await fake.mint();
    assert.deepEqual(fake.service.held(), { tokens: 1, consents: 0 });
    assert.equal((await fake.call(consentPath)).status, 400, 'the consent page of a forgotten token');
    const mfa = await fake.call('/v2/link/provider/password/glucomate/complete_mfa', { token: withMfa, json: { mfa_code: '123456' } });
    assert.deepEqual({ status: mfa.status, body: await mfa.json() }, { status: 401, body: unknownToken });
  });

  test('a token asked about after its time is forgotten then, before any sweep', async () => {
    const fake = await fakeWith({ keepExpiredMs: 0 });
    const token = await fake.mint({ lifetime_ms: 1000 });
    fake.clock.ms += 1001;
    assert.deepEqual(await fake.providers(token), { status: 401, body: unknownToken });
    assert.equal(fake.service.held().tokens, 0);
  });

  test('a token keeps a bounded number of consent requests, the newest', async () => {
    const fake = await fakeWith({ maxConsentsPerToken: 2 });
    const token = await fake.mint();
    const consentPaths = [];
    for (let i = 0; i < 4; i++) {
      const { oauth_url: url } = await (await fake.call('/v2/link/provider/oauth/pulsewave', { token })).json();
      consentPaths.push(new URL(url).pathname + new URL(url).search);
    }
    assert.equal(fake.service.held().consents, 2);
    const statuses = await Promise.all(consentPaths.map(async (path) => (await fake.call(path)).status));
    assert.deepEqual(statuses, [400, 400, 200, 200]);
  });
});

describe('the token call refuses what is beyond its limits, naming the limit', () => {
  test(`delay_ms above ${MAX_DELAY_MS} ms`, async () => {
    const fake = await fakeWith();
    const refused = await fake.requestToken({ delay_ms: MAX_DELAY_MS + 1 });
    assert.equal(refused.status, 422);
    assert.deepEqual((await refused.json()).detail, [{ loc: ['body', 'delay_ms'], msg: `Input should be less than or equal to ${MAX_DELAY_MS}`, type: 'less_than_equal' }]);
    assert.equal((await fake.requestToken({ delay_ms: -1 })).status, 422, 'below 0');
    assert.equal((await fake.requestToken({ delay_ms: MAX_DELAY_MS })).status, 200, 'the maximum itself');
    const fromBackend = await fake.call('/fake/link-token', { json: { delay_ms: MAX_DELAY_MS + 1 } });
    assert.equal(fromBackend.status, 422);
    assert.deepEqual((await fromBackend.json()).detail, [{ loc: ['body', 'delay_ms'], msg: `Input should be less than or equal to ${MAX_DELAY_MS}`, type: 'less_than_equal' }]);
  });

  test(`a redirect_url longer than ${MAX_REDIRECT_URL_LENGTH} characters`, async () => {
    const fake = await fakeWith();
    const url = (length) => `https://app.example/${'a'.repeat(length - 'https://app.example/'.length)}`;
    const refused = await fake.requestToken({ redirect_url: url(60 * 1024) });
    assert.equal(refused.status, 422);
    const tooLong = [{ loc: ['body', 'redirect_url'], msg: `String should have at most ${MAX_REDIRECT_URL_LENGTH} characters`, type: 'string_too_long' }];
    assert.deepEqual((await refused.json()).detail, tooLong);
    assert.equal(fake.records.at(-1).requestFaults[0].type, 'string_too_long', 'the verdict names it');
    assert.equal((await fake.requestToken({ redirect_url: url(MAX_REDIRECT_URL_LENGTH) })).status, 200, 'the maximum itself');
    assert.equal((await fake.requestToken({ redirect_url: null })).status, 200, 'null, as the description allows');
    const fromBackend = await fake.call('/fake/link-token', { json: { redirect_url: url(MAX_REDIRECT_URL_LENGTH + 1) } });
    assert.equal(fromBackend.status, 422);
    assert.deepEqual((await fromBackend.json()).detail, tooLong);
    assert.equal(fake.service.held().tokens, 2);
  });

  test('a logo_origin longer than any origin', async () => {
    const fake = await fakeWith();
    const refused = await fake.requestToken({ logo_origin: `https://${'a'.repeat(64 * 1000)}` });
    assert.equal(refused.status, 422);
    assert.deepEqual((await refused.json()).detail.map((item) => [...item.loc, item.type]), [['body', 'logo_origin', 'string_too_long']]);
  });

  test('filter_on_providers keeps only the providers of the token\'s list, and lists them as before', async () => {
    const fake = await fakeWith();
    const filter = [...Array(2000).fill('glucomate'), 'sugarline', 'x'.repeat(20_000)];
    const { body } = await fake.providers(await fake.mint({ filter_on_providers: filter }));
    assert.deepEqual(body.map((provider) => provider.slug), ['glucomate', 'sugarline']);
  });
});
