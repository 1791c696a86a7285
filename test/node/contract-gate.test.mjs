// The description's own service in front of the fake: what the description refuses is refused
// before the fake's hand-written checks are asked (web-test-runner.config.mjs puts it there).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createFakeService } from '../../demo/fake-service.mjs';
import { contractFromDescription, requestProblemsOf, SPEC_FILE } from '../../scripts/check-contract.mjs';

describe('the description in front of the fake', () => {
  const contract = contractFromDescription(JSON.parse(readFileSync(SPEC_FILE, 'utf8')));
  const service = createFakeService({ gate: (request) => requestProblemsOf(contract, request) });
  const server = createServer((req, res) => service.handle(req, res));
  let base;
  before(async () => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server.close());

  async function token() {
    const response = await fetch(`${base}/v2/link/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': 'demo-api-key' },
      body: JSON.stringify({ user_id: crypto.randomUUID() }),
    });
    return (await response.json()).link_token;
  }
  const signIn = async (body, headers = {}) =>
    fetch(`${base}/v2/link/provider/password/scalewise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-link-token': await token(), ...headers },
      body: JSON.stringify(body),
    });

  test('refuses an undocumented body field itself, naming the field, before the fake is asked', async () => {
    const response = await signIn({ slug: 'scalewise', username: 'ada', password: 'demo-password' });
    assert.equal(response.status, 422);
    const { detail } = await response.json();
    assert.ok(detail.length > 0 && detail.every((item) => item.type === 'description'), JSON.stringify(detail));
    assert.match(detail.map((item) => item.msg).join(' '), /slug/);
    assert.doesNotMatch(JSON.stringify(detail), /demo-password/, 'never the values');
  });

  test('lets a documented request through to the fake, and a request marked malformed on purpose too', async () => {
    assert.equal((await signIn({ username: 'ada', password: 'demo-password', region: 'eu' })).status, 200);
    const marked = await signIn({ slug: 'x', username: 'ada', password: 'demo-password' }, { 'x-fake-expect': 'invalid' });
    const { detail } = await marked.json();
    assert.equal(marked.status, 422);
    assert.ok(detail.every((item) => item.type !== 'description'), 'the fake answered it');
  });
});
