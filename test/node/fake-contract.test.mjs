// The fake keeps to the link API description through one compiled validator (test/fake-service/link-api.mjs):
// what it refuses, and what it may answer, come from the description it is given, and the run's
// check (scripts/check-contract.mjs) reads its verdicts.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import { DEMO_API_KEY, DEMO_MFA_CODE, DEMO_PASSWORD } from '../fake-service/credentials.js';
import { createFakeService } from '../fake-service/fake-service.mjs';
import { compileLinkApi, readDescription } from '../fake-service/link-api.mjs';
import { checkExchanges } from '../../scripts/check-contract.mjs';

const servers = [];
after(() => servers.forEach((server) => server.close()));

/** A fake on a free port, keeping to `description`; its verdicts land in `records`. */
async function fakeWith(description = readDescription()) {
  const records = [];
  const logged = [];
  const service = createFakeService({ description, record: (exchange) => records.push(exchange), log: (line) => logged.push(line) });
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
  const mint = async (extra = {}) => {
    const response = await call('/v2/link/token', { json: { user_id: crypto.randomUUID(), ...extra }, headers: { 'x-service-api-key': DEMO_API_KEY } });
    assert.equal(response.status, 200);
    return (await response.json()).link_token;
  };
  return { call, mint, records, logged };
}

/** The description with `change` made to a copy. */
function changed(change) {
  const description = structuredClone(readDescription());
  change(description.components.schemas);
  return description;
}

const signIn = { username: 'ada', password: DEMO_PASSWORD };

describe('the fake takes its rules from the description', () => {
  test('a body field the description gains is accepted, one it does not list is refused', async () => {
    const withRemember = changed((schemas) => (schemas.IndividualProviderData.properties.remember = { type: 'boolean' }));
    const ordinary = await fakeWith();
    const extended = await fakeWith(withRemember);
    const body = { ...signIn, remember: true };
    const refused = await ordinary.call('/v2/link/provider/password/scalewise', { token: await ordinary.mint(), json: body });
    assert.equal(refused.status, 422);
    assert.deepEqual((await refused.json()).detail, [{ loc: ['body', 'remember'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }]);
    const accepted = await extended.call('/v2/link/provider/password/scalewise', { token: await extended.mint(), json: body });
    assert.equal(accepted.status, 200);
    assert.equal((await accepted.json()).state, 'success');
  });

  test('the regions are the description\'s: one it drops is refused', async () => {
    const withoutEu = changed((schemas) => (schemas.Region.enum = schemas.Region.enum.filter((region) => region !== 'eu')));
    const fake = await fakeWith(withoutEu);
    const response = await fake.call('/v2/link/provider/password/scalewise', { token: await fake.mint(), json: { ...signIn, region: 'eu' } });
    assert.equal(response.status, 422);
    assert.deepEqual((await response.json()).detail.map((item) => [...item.loc, item.type]), [['body', 'region', 'enum']]);
  });
});

describe('the fake checks its own answers', () => {
  test('an ordinary answer the description refuses goes out as a 500 naming the field, and is recorded', async () => {
    const withColour = changed((schemas) => {
      schemas.SourceLink.properties.colour = { type: 'string' };
      schemas.SourceLink.required.push('colour');
    });
    const fake = await fakeWith(withColour);
    const response = await fake.call('/v2/link/providers', { token: await fake.mint() });
    assert.equal(response.status, 500);
    assert.match(await response.text(), /colour/);
    assert.match(fake.logged.join('\n'), /colour/);
    const [, recorded] = fake.records;
    assert.equal(recorded.status, 500);
    assert.ok(recorded.answerProblems.some((problem) => problem.includes('colour')), recorded.answerProblems.join('\n'));
    assert.ok(checkExchanges(fake.records, { minimum: 0 }).failures.some((line) => line.includes('colour')));
  });

  test('the hostile scenario still answers off the description, unchecked', async () => {
    const fake = await fakeWith();
    const response = await fake.call('/v2/link/providers', { token: await fake.mint({ scenario: 'hostile' }) });
    assert.equal(response.status, 200);
    assert.ok((await response.json()).some((provider) => provider.name === null), 'the nameless provider is there');
    assert.equal(fake.records.at(-1).answerChecked, false);
  });

  // A validator set up wrong (a `$ref` that resolves to nothing, a schema that takes anything)
  // would let all of these through.
  const api = compileLinkApi();
  const operation = (method, path) => api.operationFor(method, path).operation;
  const problems = (method, path, status, answer) => api.answerProblems(operation(method, path), status, 'application/json', answer);
  for (const [why, method, path, status, answer] of [
    ['a provider without its required fields', 'GET', '/v2/link/providers', 200, '[{"id": 1, "name": "A"}]'],
    ['an OAuth answer whose oauth_url is a number', 'GET', '/v2/link/provider/oauth/a', 200, '{"id": 1, "name": "A", "slug": "a", "description": "", "logo": "", "oauth_url": 5}'],
    ['a link result without its state', 'POST', '/v2/link/provider/password/a', 200, '{"provider": "a", "connected": false, "provider_id": null}'],
    ['an MFA request whose hint is not text', 'POST', '/v2/link/provider/password/a/complete_mfa', 200, '{"state": "pending_provider_mfa", "provider": "a", "connected": false, "provider_id": null, "provider_mfa": {"method": "sms", "hint": 5}}'],
    ['a rejection in none of the four shapes', 'GET', '/v2/link/providers', 401, '{"error": "no"}'],
    ['a 422 without a detail list', 'GET', '/v2/link/providers', 422, '{"detail": "no"}'],
    ['an undocumented status', 'GET', '/v2/link/providers', 500, '{}'],
    ['a body that is not JSON', 'GET', '/v2/link/providers', 200, '[{'],
  ]) {
    test(`refuses ${why}`, () => assert.notDeepEqual(problems(method, path, status, answer), []));
  }

  test('takes values the description calls non-exhaustive', () => {
    const answer = '{"state": "pending_review", "provider": "a", "connected": false, "provider_id": null, "error_type": "cosmic_rays", "provider_mfa": {"method": "carrier_pigeon", "hint": "h"}}';
    assert.deepEqual(problems('POST', '/v2/link/provider/password/a', 200, answer), []);
  });
});

describe("the run's check reads the fake's verdicts", () => {
  test('fails a refused request nobody marked, a marked one that was allowed, and a call never made; no value is recorded', async () => {
    const fake = await fakeWith();
    const token = await fake.mint();
    await fake.call('/v2/link/provider/password/glucomate', { token, json: { ...signIn, slug: 'glucomate' } });
    await fake.call('/v2/link/provider/password/glucomate', { token, json: signIn, headers: { 'x-fake-expect': 'invalid' } });
    await fake.call('/v2/link/provider/password/glucomate/complete_mfa', { token, json: { mfa_code: DEMO_MFA_CODE } });
    const { failures, checked } = checkExchanges(fake.records);
    assert.match(failures.join('\n'), /the description refuses the request: body\.slug extra_forbidden/);
    assert.match(failures.join('\n'), /marked x-fake-expect: invalid, but the description allows the request/);
    assert.match(failures.join('\n'), /checked 200 exchange\(s\) of "list providers"/);
    assert.equal(checked.complete_password_provider_mfa_v2_link_provider_password__provider__complete_mfa_post, 1);
    const recorded = JSON.stringify(fake.records);
    for (const secret of [token, DEMO_PASSWORD, DEMO_MFA_CODE]) assert.ok(!recorded.includes(secret), 'a secret in the verdicts');
  });
});

describe('tokens that expire, and the partner backend the demo asks for fresh ones', () => {
  test('expire_after_calls: the token is refused as expired after that many answered calls', async () => {
    const { call, mint } = await fakeWith();
    const token = await mint({ expire_after_calls: 1 });
    assert.equal((await call('/v2/link/providers', { token })).status, 200);
    const refused = await call('/v2/link/providers', { token });
    assert.equal(refused.status, 401);
    assert.deepEqual(await refused.json(), { detail: { error_type: 'token_expired', error: 'Link token expired.' } });
  });

  test('lifetime_ms: the token is refused as expired once it has lived that long', async () => {
    const { call, mint } = await fakeWith();
    const token = await mint({ lifetime_ms: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal((await call('/v2/link/providers', { token })).status, 401);
  });

  test('POST /fake/link-token makes a working token, and is as strict as a backend', async () => {
    const { call } = await fakeWith();
    const made = await call('/fake/link-token', { json: { scenario: 'short-lived' } });
    assert.equal(made.status, 200);
    const { link_token: token, ...rest } = await made.json();
    assert.deepEqual(rest, {});
    assert.equal((await call('/v2/link/providers', { token })).status, 200);
    assert.equal((await call('/fake/link-token')).status, 405, 'GET');
    assert.equal((await call('/fake/link-token', { json: { scenario: 'nope' } })).status, 422, 'an unknown scenario');
    assert.equal((await call('/fake/link-token', { json: { user: 'x' } })).status, 422, 'an unknown field');
    assert.equal((await call('/fake/link-token', { json: { lifetime_ms: 1.5 } })).status, 422, 'not an integer');
    assert.equal((await call('/fake/link-token', { json: [] })).status, 422, 'not an object');
    const notJson = await call('/fake/link-token', { json: {}, headers: { 'content-type': 'text/plain' } });
    assert.equal(notJson.status, 422, 'not JSON');
  });
});
