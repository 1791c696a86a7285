// The demo server (`npm start`) is reachable by anyone on the machine: it serves demo/ and dist/
// and nothing else, survives malformed requests, and leaves the fake service's routes to it.
// Requests go through raw node:http, because fetch and URL normalise `..` and `%2e` away
// before they reach the server.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../fake-service/credentials.js';
import { isEmailAddress, MAX_BODY_BYTES, tokenTag } from '../fake-service/fake-service.mjs';
import { startDemoServer } from '../../demo/serve.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const SECRET = `secret-${process.pid}-${Date.now()}`;

/**
 * Secrets in folders whose names start with a served folder's name. The old root check,
 * `file.startsWith(root)` without a separator, then took the name after one more character
 * as the public folder: `<project>-demo/…` passed as `demo/…`. Also a `<project>-secrets-…`
 * folder beside the project and a `demo-secrets-…` folder beside demo/ inside it.
 */
const unique = `serve-test-${process.pid}`;
const projectDemoSibling = `${basename(root)}-demo/${unique}`;
const projectSibling = `${basename(root)}-secrets-${process.pid}/${unique}`;
const demoSibling = `demo-secrets-${process.pid}/${unique}`;
/** sirv looks files up on disk as asked (dev mode) and would serve a hidden one. */
const hiddenInDist = `dist/.${unique}`;
const planted = [];

/** Writes `parent/folder/secret.txt`; removes afterwards only what was not there before. */
function plantSecret(parent, folder) {
  const top = join(parent, folder.split('/')[0]);
  planted.push(existsSync(top) ? join(parent, folder) : top);
  mkdirSync(join(parent, folder), { recursive: true });
  writeFileSync(join(parent, folder, 'secret.txt'), SECRET);
}

let server;
let port;

/**
 * One raw GET: the path goes on the request line exactly as written. A request the server
 * never answers (its handler threw) fails after two seconds instead of hanging the run.
 */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 2 s`)));
    req.on('error', reject);
    req.end();
  });
}

async function assertRefused(path) {
  const { status, body } = await get(path);
  assert.ok(status === 400 || status === 404, `${path} answered ${status}`);
  assert.ok(!body.includes(SECRET), `${path} leaked the secret`);
  assert.ok(!body.includes('"devDependencies"'), `${path} leaked package.json`);
  assert.ok(!body.includes('root:'), `${path} leaked a system file`);
}

before(async () => {
  plantSecret(dirname(root), projectDemoSibling);
  plantSecret(dirname(root), projectSibling);
  plantSecret(root, demoSibling);
  plantSecret(root, hiddenInDist);
  server = await startDemoServer({ port: 0 });
  port = server.address().port;
});

after(() => {
  server?.closeAllConnections();
  server?.close();
  for (const path of planted) rmSync(path, { recursive: true, force: true });
});

describe('the demo server', () => {
  test('answers a malformed percent-encoding with 400 and keeps running', async () => {
    for (const path of ['/demo/%E0%A4%A', '/%', '/dist/%zz.js']) {
      const { status } = await get(path);
      assert.ok(status === 400 || status === 404, `${path} answered ${status}`);
    }
    assert.equal((await get('/demo/')).status, 200);
  });

  test('does not read from a sibling folder whose name starts with the project folder name', async () => {
    for (const sibling of [projectDemoSibling, projectSibling]) {
      for (const path of [
        `/..%2F${sibling}/secret.txt`,
        `/demo/..%2F..%2F${sibling}/secret.txt`,
        `/demo/../../${sibling}/secret.txt`,
        `/demo/%2e%2e/%2e%2e/${sibling}/secret.txt`,
        `/dist/%2E%2E%2F%2E%2E%2F${sibling.replaceAll('/', '%2F')}%2Fsecret.txt`,
      ]) {
        await assertRefused(path);
      }
    }
    for (const path of [`/demo/..%2F${demoSibling}/secret.txt`, `/demo/../${demoSibling}/secret.txt`, `/demo/%2e%2e/${demoSibling}/secret.txt`, `/${demoSibling}/secret.txt`]) {
      await assertRefused(path);
    }
  });

  test('refuses dot-dot in every spelling: encoded slashes, %2e, backslashes', async () => {
    for (const path of [
      '/..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd',
      '/demo/..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd',
      '/demo/../../../../../../etc/passwd',
      '/demo/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/demo/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/demo/.%2e/package.json',
      '/demo/..\\..\\..\\..\\..\\..\\etc\\passwd',
      '/demo/..%5C..%5C..%5C..%5C..%5C..%5Cetc%5Cpasswd',
      '/demo/..%5cpackage.json',
      '/dist/..%2Fpackage.json',
      '/demo/%252e%252e/package.json',
      '/demo/..%00/package.json',
    ]) {
      await assertRefused(path);
    }
  });

  test('serves nothing of the repository outside demo/ and dist/', async () => {
    for (const path of ['/package.json', '/src/index.ts', '/node_modules/lit/package.json', '/.git/HEAD', '/README.md', '/dist', '/demo/.gitignore']) {
      assert.equal((await get(path)).status, 404, path);
    }
  });

  test('does not serve hidden files inside the public folders', async () => {
    for (const path of [`/${hiddenInDist}/secret.txt`, `/${hiddenInDist.replace('.', '%2E')}/secret.txt`]) {
      await assertRefused(path);
    }
  });

  test("does not serve the fake service's source, however the name is spelt", async () => {
    const fake = '/test/fake-service/fake-service';
    for (const path of [`${fake}.mjs`, '/test/fake-service/link-api.mjs', '/demo/serve.mjs', `${fake}.mjs/`, `${fake}%2Emjs`, `${fake}.mj%73`, `${fake}.MJS`]) {
      assert.equal((await get(path)).status, 404, path);
    }
  });

  test("serves the credentials the demo shows, beside the fake that accepts them", async () => {
    const answer = await get('/test/fake-service/credentials.js');
    assert.equal(answer.status, 200);
    assert.match(answer.body, /export const DEMO_PASSWORD/);
  });

  test('redirects / and /demo to /demo/', async () => {
    for (const path of ['/', '/demo']) {
      const { status, headers } = await get(path);
      assert.equal(status, 302, path);
      assert.equal(headers.location, '/demo/', path);
    }
    assert.equal((await get('/demo?provider=scalewise')).headers.location, '/demo/?provider=scalewise');
  });

  test('serves the demo page and its script with their content types, uncached', async () => {
    const page = await get('/demo/');
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /^text\/html/);
    assert.match(page.headers['cache-control'], /no-store/);
    assert.match(page.body, /<provider-link|provider-link\.iife\.js/);

    const script = await get('/demo/demo.js?v=1');
    assert.equal(script.status, 200);
    assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
  });

  const bundle = join(root, 'dist', 'provider-link.iife.js');
  test('serves the built bundle from dist/', { skip: !existsSync(bundle) && 'dist/ is not built (npm run build); npm test builds it first' }, async () => {
    const { status, headers, body } = await get('/dist/provider-link.iife.js');
    assert.equal(status, 200);
    assert.equal(headers['content-type'], 'text/javascript; charset=utf-8');
    assert.ok(body.length > 1000);
    // As a CDN: a page elsewhere loads it with integrity and crossorigin="anonymous" (the SRI snippet).
    assert.equal(headers['access-control-allow-origin'], '*');
    assert.equal((await get('/demo/')).headers['access-control-allow-origin'], undefined, 'the demo pages are its own');
    // The name check in front of sirv lets every file the build writes through.
    const built = readdirSync(join(root, 'dist'), { recursive: true }).filter((name) => !name.startsWith('.') && statSync(join(root, 'dist', name)).isFile());
    for (const name of built) assert.equal((await get(`/dist/${name}`)).status, 200, name);
  });

  test('leaves the link API to the fake service: no token is its 422 in JSON, not a 404', async () => {
    const { status, headers, body } = await get('/v2/link/providers');
    assert.equal(status, 422);
    assert.match(headers['content-type'], /^application\/json/);
    assert.deepEqual(JSON.parse(body).detail[0].loc, ['header', 'x-service-link-token']);
  });

  test('keeps running after requests that make the handlers throw', async () => {
    // A Host the fake service cannot build a URL from, and a backwards Range for sirv.
    const badHost = await get('/v2/link/providers', { host: '[' });
    assert.ok(badHost.status >= 400, `bad Host answered ${badHost.status}`);
    const backwards = await get('/demo/demo.js', { range: 'bytes=50-10' });
    assert.equal(backwards.status, 200, 'the whole file, Range ignored');
    assert.equal(backwards.body, (await get('/demo/demo.js')).body);
    assert.equal((await get('/demo/')).status, 200);
  });
});

/**
 * One raw POST whose body is `size` bytes of `fill`, written in 1 KB chunks (chunked, unless
 * `contentLength` declares a length and the body is never sent). Writing stops as soon as the
 * answer arrives, so `sent` tells whether the server waited for the whole body.
 */
function post(path, { size = 0, contentLength, headers = {}, fill = 'a' } = {}) {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const sizeHeaders = contentLength === undefined ? {} : { 'content-length': String(contentLength) };
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...sizeHeaders, ...headers }, agent: false, timeout: 5000 },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body, sent }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 5 s`)));
    // The server may close while the rest is still being written: that is the point.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(1024, fill);
    const pump = () => {
      while (!answered && sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return req.once('drain', pump);
      }
      if (!answered && contentLength === undefined) req.end();
    };
    if (contentLength === undefined || size > 0) pump();
    else req.flushHeaders();
  });
}

const EMAIL_CALL = '/v2/link/provider/email/sugarline';

/** A link token from the fake behind the demo server (ordinary requests can go through fetch). */
async function mintToken() {
  const response = await fetch(`http://127.0.0.1:${port}/v2/link/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': DEMO_API_KEY },
    body: JSON.stringify({ user_id: crypto.randomUUID() }),
  });
  assert.equal(response.status, 200);
  return (await response.json()).link_token;
}

/** The old email check, kept to compare answers with: quadratic in the domain's dots. */
const QUADRATIC_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

describe('the fake service behind the demo server', () => {
  test(`refuses a body over ${MAX_BODY_BYTES} bytes with 413 and closes, and reads one of exactly that size`, async () => {
    const token = await mintToken();
    const headers = { 'x-service-link-token': token };
    const over = await post(EMAIL_CALL, { size: MAX_BODY_BYTES + 1, headers });
    assert.equal(over.status, 413);
    assert.equal(over.headers.connection, 'close');
    assert.match(JSON.parse(over.body).detail, /too large/);
    // At the limit the body is read: not JSON, so the service's own 422 names where it broke.
    const atLimit = await post(EMAIL_CALL, { size: MAX_BODY_BYTES, headers });
    assert.equal(atLimit.status, 422);
    assert.equal(JSON.parse(atLimit.body).detail[0].type, 'json_invalid');
  });

  test('answers 413 to a declared length over the limit without waiting for the body', async () => {
    const { status } = await post(EMAIL_CALL, { contentLength: 300 * 1024 * 1024 });
    assert.equal(status, 413);
  });

  test('answers 413 while a large body is still being sent, instead of reading it all', async () => {
    // 64 MB at most, on the loopback; the answer comes long before, so far less is ever written.
    const total = 64 * 1024 * 1024;
    const { status, sent } = await post(EMAIL_CALL, { size: total });
    assert.equal(status, 413);
    assert.ok(sent < total, `the server answered only after all ${sent} bytes`);
    assert.equal((await get('/demo/')).status, 200);
  });

  test('checks an email address in linear time, with the answers of the old check', () => {
    for (const text of ['ada@example.org', 'a@b.c', 'a@b.c.d', 'a@.bc', 'a@bc.', 'a@b.', '@b.c', 'a@bc', 'a@@b.c', 'a@b@c.d', 'a b@c.d', 'a@b.c\n', '', 'a.b@c', 'ä@ö.ü', 'a@..', 'a@...', 'a@b..c']) {
      assert.equal(isEmailAddress(text), QUADRATIC_EMAIL.test(text), JSON.stringify(text));
    }
    assert.equal(isEmailAddress(undefined), false);
    // As long as a body may carry: the old check took 3.3 s for 40 000 characters and grew
    // with the square; a linear one takes well under a millisecond, so the bound is generous.
    const started = performance.now();
    for (const end of [' ', '@', '']) isEmailAddress(`a@${'a.'.repeat(MAX_BODY_BYTES / 2)}${end}`);
    assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
  });

  test('answers an email as long as a body may carry at once', async () => {
    const token = await mintToken();
    const email = `a@${'a.'.repeat((MAX_BODY_BYTES - 100) / 2)} `;
    const response = await fetch(`http://127.0.0.1:${port}${EMAIL_CALL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-link-token': token },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(2000),
    });
    assert.equal(response.status, 422);
    assert.deepEqual((await response.json()).detail[0].loc, ['body', 'email']);
  });

  test('answers 400 to a path whose percent escapes do not decode', async () => {
    const token = await mintToken();
    for (const path of ['/v2/link/provider/oauth/%E0%A4%A', '/v2/link/provider/password/%E0%A4%A', '/v2/link/provider/email/%ff', '/fake/requests%E0']) {
      const { status } = await get(path, { 'x-service-link-token': token });
      assert.equal(status, 400, path);
    }
  });

  test('lets only its own origin read its logs', async () => {
    const own = `http://127.0.0.1:${port}`;
    for (const path of ['/fake/requests', '/fake/third-party-requests']) {
      for (const origin of ['http://evil.example', 'null', `http://localhost:${port}`, `https://127.0.0.1:${port}`]) {
        const { headers } = await get(path, { origin });
        assert.equal(headers['access-control-allow-origin'], undefined, `${path} from ${origin}`);
        const preflight = await new Promise((resolve, reject) => {
          request({ host: '127.0.0.1', port, path, method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' }, agent: false }, resolve).on('error', reject).end();
        });
        preflight.resume();
        assert.equal(preflight.headers['access-control-allow-origin'], undefined, `preflight ${path} from ${origin}`);
      }
      assert.equal((await get(path, { origin: own })).headers['access-control-allow-origin'], own);
      assert.equal((await get(path)).status, 200, 'same-origin, no Origin header');
    }
  });

  test('keeps no token in the request log, only a tag that a holder of the token can compute', async () => {
    const token = await mintToken();
    await get('/v2/link/providers', { 'x-service-link-token': token });
    const log = await get('/fake/requests');
    assert.ok(!log.body.includes(token), 'the request log carries the token');
    assert.ok(!log.body.includes('x-service-link-token'), 'the request log carries the token header');
    const mine = JSON.parse(log.body).filter((r) => r.tokenTag === tokenTag(token));
    assert.deepEqual(mine.map((r) => r.path), ['/v2/link/providers']);
  });

  test("keeps answering the API's CORS to other origins: the widget may live elsewhere than its base-url", async () => {
    const { headers } = await get('/v2/link/providers', { origin: 'http://localhost:1234' });
    assert.equal(headers['access-control-allow-origin'], 'http://localhost:1234');
  });
});
