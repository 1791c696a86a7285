/**
 * The fake is as strict as the description it stands for: what a validating service refuses,
 * it refuses too, with 422 and a FastAPI-style `detail` list. Plain `fetch`, no widget: these
 * requests are malformed on purpose, and say so with `x-fake-expect: invalid`, so the run's
 * contract check (scripts/check-contract.mjs) expects the fake to have refused them, instead of
 * failing the run for a refused request.
 */
import { expect } from '@open-wc/testing';
import { DEMO_API_KEY, DEMO_PASSWORD, mintToken } from '../../helpers.js';

interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

interface Sent {
  method?: 'GET' | 'POST';
  token?: string | null;
  /** A JSON value (sent as application/json), or a ready body with the headers given. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Malformed on purpose: the contract check must not count this request as the widget's. */
  invalid?: boolean;
}

async function send(path: string, sent: Sent): Promise<Response> {
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.token) headers['x-service-link-token'] = sent.token;
  if (sent.json !== undefined) headers['content-type'] ??= 'application/json';
  if (sent.invalid !== false) headers['x-fake-expect'] = 'invalid';
  return fetch(path, {
    method: sent.method ?? (sent.json === undefined && sent.body === undefined ? 'GET' : 'POST'),
    headers,
    body: sent.json !== undefined ? JSON.stringify(sent.json) : (sent.body ?? null),
  });
}

/** Sends a malformed request and returns the 422's `detail` list, checking its shape. */
async function refused(path: string, sent: Sent): Promise<ValidationItem[]> {
  const response = await send(path, sent);
  expect(response.status, `${path} answered ${response.status}`).to.equal(422);
  expect(response.headers.get('content-type')).to.equal('application/json');
  const { detail } = (await response.json()) as { detail: ValidationItem[] };
  expect(detail).to.be.an('array').that.is.not.empty;
  for (const item of detail) {
    expect(item).to.have.all.keys('loc', 'msg', 'type');
    expect(item.loc).to.be.an('array');
    expect(item.msg).to.be.a('string');
    expect(item.type).to.be.a('string');
  }
  return detail;
}

const locs = (detail: ValidationItem[]) => detail.map((item) => [...item.loc, item.type].join(' '));

const PASSWORD = '/v2/link/provider/password/glucomate';
const MFA = '/v2/link/provider/password/glucomate/complete_mfa';
const EMAIL = '/v2/link/provider/email/sugarline';
const credentials = { username: 'ada', password: DEMO_PASSWORD };

describe('the fake refuses what the link API description does not allow', () => {
  let token: string;
  beforeEach(async () => {
    token = await mintToken();
  });

  describe('body fields', () => {
    it('an undocumented field', async () => {
      const detail = await refused(PASSWORD, { token, json: { ...credentials, slug: 'glucomate' } });
      expect(detail).to.deep.equal([{ loc: ['body', 'slug'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }]);
    });

    it('a missing field', async () => {
      const detail = await refused(PASSWORD, { token, json: { username: 'ada' } });
      expect(detail).to.deep.equal([{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }]);
      expect(locs(await refused(MFA, { token, json: {} }))).to.deep.equal(['body mfa_code missing']);
      expect(locs(await refused(EMAIL, { token, json: { region: 'eu' } }))).to.deep.equal(['body email missing']);
    });

    it('a documented field of the wrong type', async () => {
      const detail = await refused(PASSWORD, { token, json: { username: 5, password: DEMO_PASSWORD } });
      expect(detail).to.deep.equal([{ loc: ['body', 'username'], msg: 'Input should be a valid string', type: 'string_type' }]);
      expect(locs(await refused(PASSWORD, { token, json: { username: 'ada', password: ['x'] } }))).to.deep.equal(['body password string_type']);
      expect(locs(await refused(MFA, { token, json: { mfa_code: 123456 } }))).to.deep.equal(['body mfa_code string_type']);
      expect(locs(await refused(EMAIL, { token, json: { email: null } }))).to.deep.equal(['body email string_type']);
    });

    it('a region the description does not list, and a null region where it may not be null', async () => {
      expect(locs(await refused(PASSWORD, { token, json: { ...credentials, region: 'atlantis' } }))).to.deep.equal(['body region enum']);
      // The email body's region is `Region`, not `Region | null` as the password body's is.
      expect(locs(await refused(EMAIL, { token, json: { email: 'ada@example.org', region: null } }))).to.deep.equal(['body region enum']);
      const allowed = await send(PASSWORD, { token, json: { ...credentials, region: null }, invalid: false });
      expect(allowed.status, 'a null region is allowed in a password body').to.equal(200);
    });

    it('a body that is not an object, not JSON, or not there', async () => {
      expect(locs(await refused(MFA, { token, json: ['123456'] }))).to.deep.equal(['body model_attributes_type']);
      expect(locs(await refused(MFA, { token, body: '{"mfa_code": ', headers: { 'content-type': 'application/json' } }))).to.deep.equal([
        'body 13 json_invalid',
      ]);
      expect(locs(await refused(MFA, { token, method: 'POST', headers: { 'content-type': 'application/json' } }))).to.deep.equal(['body missing']);
    });
  });

  describe('content type', () => {
    it('refuses a JSON body sent as text/plain, as a form, or with no content type', async () => {
      const text = JSON.stringify(credentials);
      // A string body without a content-type header goes out as text/plain;charset=UTF-8.
      expect(locs(await refused(PASSWORD, { token, body: text }))).to.deep.equal(['body model_attributes_type']);
      expect(locs(await refused(PASSWORD, { token, body: text, headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).to.deep.equal([
        'body model_attributes_type',
      ]);
      // A Blob without a type goes out with no content-type header at all.
      expect(locs(await refused(PASSWORD, { token, body: new Blob([text]) }))).to.deep.equal(['body model_attributes_type']);
      expect(locs(await refused(EMAIL, { token, body: 'ada@example.org', headers: { 'content-type': 'application/jsonx' } }))).to.deep.equal([
        'body model_attributes_type',
      ]);
    });

    it('accepts application/json with a charset', async () => {
      const response = await send(PASSWORD, { token, json: credentials, headers: { 'content-type': 'application/json; charset=utf-8' }, invalid: false });
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { state: string }).state).to.equal('pending_provider_mfa');
    });
  });

  describe('query parameters (the link calls take none)', () => {
    it('on each of the five calls', async () => {
      expect(await refused('/v2/link/providers?x=1', { token })).to.deep.equal([{ loc: ['query', 'x'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }]);
      expect(locs(await refused('/v2/link/provider/oauth/pulsewave?state=success&state=error', { token }))).to.deep.equal(['query state extra_forbidden']);
      expect(locs(await refused(`${PASSWORD}?remember`, { token, json: credentials }))).to.deep.equal(['query remember extra_forbidden']);
      expect(locs(await refused(`${MFA}?code=123456`, { token, json: { mfa_code: '123456' } }))).to.deep.equal(['query code extra_forbidden']);
      expect(locs(await refused(`${EMAIL}?region=eu`, { token, json: { email: 'ada@example.org' } }))).to.deep.equal(['query region extra_forbidden']);
    });
  });

  describe('the x-service-link-token header', () => {
    it('missing: 422 naming the header, on GET and POST', async () => {
      const detail = await refused('/v2/link/providers', { token: null });
      expect(detail).to.deep.equal([{ loc: ['header', 'x-service-link-token'], msg: 'Field required', type: 'missing' }]);
      expect(locs(await refused(MFA, { token: null, json: { mfa_code: '123456' } }))).to.deep.equal(['header x-service-link-token missing']);
    });

    it('present but unknown: still the 401 invalid_token rejection', async () => {
      const response = await send('/v2/link/providers', { token: 'lt_never_made', invalid: false });
      expect(response.status).to.equal(401);
      expect(await response.json()).to.deep.equal({ detail: { error_type: 'invalid_token', error: 'Unknown link token.' } });
    });
  });

  it('reports every fault of one request together, before looking at the token', async () => {
    const detail = await refused(`${PASSWORD}?x=1`, { token: null, json: { user: 'ada', password: 7 } });
    expect(locs(detail)).to.have.members([
      'query x extra_forbidden',
      'header x-service-link-token missing',
      'body username missing',
      'body user extra_forbidden',
      'body password string_type',
    ]);
  });

  it('keeps the four shapes of a present but rejected token', async () => {
    const answer = async (scenario: string) => {
      const response = await send('/v2/link/providers', { token: await mintToken(scenario), invalid: false });
      const text = await response.text();
      return [response.status, text === '' ? null : JSON.parse(text)];
    };
    expect(await answer('expired')).to.deep.equal([401, { detail: { error_type: 'token_expired', error: 'Link token expired.' } }]);
    expect(await answer('consumed')).to.deep.equal([
      400,
      { state: 'error', error_type: 'token_consumed', error: 'Link token has already been used.', provider: null, connected: false, provider_id: null },
    ]);
    expect(await answer('revoked')).to.deep.equal([401, null]);
    expect(await answer('unverified')).to.deep.equal([403, { detail: 'Link token could not be validated.' }]);
  });

  describe('the token call (the partner backend minting a link token)', () => {
    const mint = (json: unknown, headers: Record<string, string> = {}) =>
      refused('/v2/link/token', { json, headers: { 'x-service-api-key': DEMO_API_KEY, ...headers } });

    it('refuses undocumented fields, a user_id that is not a UUID, and a wrong content type', async () => {
      expect(locs(await mint({ user_id: crypto.randomUUID(), nickname: 'ada' }))).to.deep.equal(['body nickname extra_forbidden']);
      expect(locs(await mint({ user_id: 'ada' }))).to.deep.equal(['body user_id uuid_parsing']);
      expect(locs(await mint({ user_id: crypto.randomUUID(), filter_on_providers: [] }))).to.deep.equal(['body filter_on_providers too_short']);
      expect(locs(await mint({ user_id: crypto.randomUUID() }, { 'content-type': 'text/plain' }))).to.deep.equal(['body model_attributes_type']);
    });

    it('takes the fake-only provider_count (1 to 10 000) and lists that many invented providers, each with its logo', async () => {
      // The fake's own fields are JSON Schema added to the description's body for this call, so
      // the one validator refuses a bad one as it refuses a bad documented field.
      const mintCount = (provider_count: unknown) =>
        refused('/v2/link/token', { json: { user_id: crypto.randomUUID(), provider_count }, headers: { 'x-service-api-key': DEMO_API_KEY } });
      expect(locs(await mintCount(0))).to.deep.equal(['body provider_count greater_than_equal']);
      expect(locs(await mintCount(10_001))).to.deep.equal(['body provider_count less_than_equal']);
      expect(locs(await mintCount('5'))).to.deep.equal(['body provider_count int_type']);
      const response = await send('/v2/link/providers', { token: await mintToken('default', { provider_count: 1000 }), invalid: false });
      const providers = (await response.json()) as { slug: string; name: string; logo: string }[];
      expect(providers).to.have.length(1000);
      expect(new Set(providers.map((p) => p.slug)).size).to.equal(1000);
      expect((await fetch(providers[999]?.logo ?? "")).headers.get('content-type')).to.equal('image/svg+xml');
    });
  });
});
