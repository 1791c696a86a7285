/** Hostile and malformed answers: cut to size, linear time, the usable kept, nothing unsafe passed on. */
import { expect } from '@open-wc/testing';
import { createLinkClient, DEFAULT_TIMEOUT_MS } from '../../../src/core/api/client.js';
import { DEMO_PASSWORD, failure, fakeRequests, mintToken } from '../../helpers.js';

/** A client whose every call gets this one answer. */
function answering(status: number, body: string, contentType = 'application/json') {
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createLinkClient({
    linkToken: 'lt_test',
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(body, { status, headers: { 'content-type': contentType } });
    },
  });
  return { client, calls };
}


const provider = (fields: Record<string, unknown>) => ({ id: 1, slug: 'ok', name: 'Okay Band', description: 'Fine.', logo: null, auth_type: 'oauth', ...fields });

describe('hostile answers', () => {
  it('reads a 1 MB error page of "<" in linear time, and keeps a short excerpt', async () => {
    const { client } = answering(502, '<'.repeat(1_000_000), 'text/html');
    const started = performance.now();
    const error = await failure(client.listProviders());
    // Not a benchmark: the quadratic version took 25 s; this bounds it three orders of magnitude lower.
    expect(performance.now() - started).to.be.below(1000);
    expect(error.code).to.equal('http_502');
    expect((error.debug ?? '').length).to.be.at.most(500);
  });

  it('cuts names, descriptions and hints to a sane length', async () => {
    const { client } = answering(200, JSON.stringify([provider({ name: 'N'.repeat(100_000), description: 'D'.repeat(100_000) })]));
    const [only] = await client.listProviders();
    expect(only!.name.length).to.equal(120);
    expect(only!.description.length).to.equal(300);
    const mfa = answering(200, JSON.stringify({ state: 'pending_provider_mfa', provider_mfa: { method: 'm'.repeat(10_000), hint: 'h'.repeat(10_000) } }));
    const progress = await mfa.client.completeMfa('ok', '1');
    expect([progress.mfa!.method.length, progress.mfa!.hint.length]).to.deep.equal([40, 100]);
  });

  it('drops malformed and repeated providers, keeps the rest, and says so once at debug level', async () => {
    const debug: unknown[][] = [];
    const original = console.debug;
    console.debug = (...args: unknown[]) => debug.push(args);
    try {
      const list = [
        provider({ slug: 'ok' }),
        provider({ slug: 'nameless', name: null }),
        provider({ slug: 'blank', name: '   ' }),
        provider({ slug: '..', name: 'Dot Dot' }),
        provider({ slug: '' }),
        'not an object',
        null,
        provider({ slug: 'ok', name: 'Again' }),
        provider({ slug: 'also-ok', name: 'Also Okay' }),
      ];
      const providers = await answering(200, JSON.stringify(list)).client.listProviders();
      expect(providers.map((p) => [p.slug, p.name])).to.deep.equal([
        ['ok', 'Okay Band'],
        ['also-ok', 'Also Okay'],
      ]);
      expect(debug).to.have.length(1);
      expect(String(debug[0]![0])).to.include('dropped 7 malformed or repeated providers');
    } finally {
      console.debug = original;
    }
  });

  it('is an error only when no entry of a non-empty list is usable; an empty list is just empty', async () => {
    const original = console.debug;
    console.debug = () => {};
    try {
      const error = await failure(answering(200, JSON.stringify([provider({ name: null })])).client.listProviders());
      expect(error.code).to.equal('bad_response');
      expect(await answering(200, '[]').client.listProviders()).to.deep.equal([]);
    } finally {
      console.debug = original;
    }
  });

  it('takes a long https oauth_url, as real authorization addresses can be, up to 16 384 characters', async () => {
    const long = `https://auth.example/authorize?scope=${'a'.repeat(2500)}`;
    expect((await answering(200, JSON.stringify({ oauth_url: long })).client.getOAuthUrl('ok')).oauthUrl).to.equal(long);
    const tooLong = `https://auth.example/authorize?scope=${'a'.repeat(16_384)}`;
    expect((await failure(answering(200, JSON.stringify({ oauth_url: tooLong })).client.getOAuthUrl('ok'))).code).to.equal('unsafe_oauth_url');
    expect((await failure(answering(200, JSON.stringify({ oauth_url: `javascript:${'a'.repeat(2500)}` })).client.getOAuthUrl('ok'))).code).to.equal('unsafe_oauth_url');
  });

  it('keeps the first 20 000 providers of a longer list, and says so once', async () => {
    const list = Array.from({ length: 25_000 }, (_, i) => provider({ id: i, slug: `p${i}`, name: `Provider ${i}` }));
    const said: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => said.push(args.join(' '));
    try {
      const providers = await answering(200, JSON.stringify(list)).client.listProviders();
      expect(providers.length).to.equal(20_000);
      expect(providers.at(-1)!.slug).to.equal('p19999');
    } finally {
      console.warn = original;
    }
    expect(said).to.deep.equal(['<provider-link>: the provider list has 25000 entries; showing the first 20000.']);
  });

  it('passes on only an http(s) redirect_url', async () => {
    for (const [redirect, expected] of [
      ['javascript:alert(1)', null],
      ['data:text/html,hi', null],
      ['https://app.example/linked?x=1', 'https://app.example/linked?x=1'],
      [42, null],
    ] as const) {
      const progress = await answering(200, JSON.stringify({ state: 'success', redirect_url: redirect })).client.completeMfa('ok', '1');
      expect(progress.redirectUrl, String(redirect)).to.equal(expected);
    }
  });

  it('turns javascript: redirect_url from the real service flow into null', async () => {
    const token = await mintToken('default', { redirect_url: 'javascript:alert(document.domain)' });
    const progress = await createLinkClient({ linkToken: token }).signInWithPassword('scalewise', { username: 'ada', password: DEMO_PASSWORD });
    expect(progress).to.deep.equal({ state: 'success', redirectUrl: null, mfa: null });
  });

  it('never sends a request for a slug of "." or "..": it would change the path, encoded or not', async () => {
    const { client, calls } = answering(200, '{}');
    for (const slug of ['.', '..']) {
      expect((await failure(client.getOAuthUrl(slug))).code).to.equal('invalid_slug');
      expect((await failure(client.signInWithPassword(slug, { username: 'a', password: 'b' }))).code).to.equal('invalid_slug');
      expect((await failure(client.completeMfa(slug, '1'))).code).to.equal('invalid_slug');
      expect((await failure(client.sendEmailInvite(slug, { email: 'a@b.c' }))).code).to.equal('invalid_slug');
    }
    expect(calls).to.deep.equal([]);
    await client.getOAuthUrl('a..b').catch(() => {});
    expect(calls.map((c) => new URL(c.url).pathname)).to.deep.equal(['/v2/link/provider/oauth/a..b']);
  });

  it('keeps the time limit within range: non-finite means none, the rest is clamped to 1 s … 10 min', async () => {
    const delays: (number | undefined)[] = [];
    const original = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, delay?: number) => {
      delays.push(delay);
      return original(handler, delay);
    }) as typeof window.setTimeout;
    const limitOf = async (timeoutMs: number | undefined) => {
      delays.length = 0;
      await createLinkClient({ linkToken: 't', timeoutMs, fetch: async () => new Response('[]') }).listProviders();
      return delays[0] ?? 'none';
    };
    try {
      expect(await limitOf(undefined)).to.equal(DEFAULT_TIMEOUT_MS);
      expect(await limitOf(5_000)).to.equal(5_000);
      expect(await limitOf(0)).to.equal(1_000);
      expect(await limitOf(-5)).to.equal(1_000);
      expect(await limitOf(2 ** 31)).to.equal(600_000);
      expect(await limitOf(Infinity)).to.equal('none');
      expect(await limitOf(NaN)).to.equal('none');
    } finally {
      window.setTimeout = original;
    }
  });

  it('never passes on what an answer repeats of the request: the token, a username, a password, a code', async () => {
    const detail = [{ type: 'missing', loc: ['body', 'region'], msg: 'Field required', input: { username: 'ada-the-user', password: 'hunter2-secret' } }];
    const error = await failure(answering(422, JSON.stringify({ detail })).client.signInWithPassword('ok', { username: 'ada-the-user', password: 'hunter2-secret' }));
    expect(error.code).to.equal('http_422');
    expect(error.debug).to.include('Field required');
    for (const secret of ['hunter2-secret', 'ada-the-user']) expect(JSON.stringify([error.code, error.debug, error.message])).not.to.include(secret);

    const echoes = [
      [401, JSON.stringify({ detail: 'Unknown token lt_test' })],
      [400, JSON.stringify({ detail: { error_type: 'lt_test', error: 'bad' } })],
      [200, JSON.stringify({ state: 'error', error_type: 'incorrect_mfa_code', error: 'Code 987654 for lt_test did not match' })],
      [502, '<h1>Bad gateway</h1><p>987654</p>'],
    ] as const;
    for (const [status, body] of echoes) {
      const echoed = await failure(answering(status, body, status === 502 ? 'text/html' : 'application/json').client.completeMfa('ok', '987654'));
      expect(JSON.stringify([echoed.code, echoed.debug]), body).not.to.match(/lt_test|987654/);
    }

    // The code's answer repeating the password the sign-in sent, one call earlier.
    let call = 0;
    const client = createLinkClient({
      linkToken: 'lt_test',
      fetch: async () => (++call === 1 ? new Response(JSON.stringify({ state: 'pending_provider_mfa', provider_mfa: { method: 'sms', hint: '42' } })) : new Response(JSON.stringify({ state: 'error', error_type: 'incorrect_mfa_code', error: 'hunter2-secret is not a code' }))),
    });
    await client.signInWithPassword('ok', { username: 'ada-the-user', password: 'hunter2-secret' });
    expect((await failure(client.completeMfa('ok', '111111'))).debug).to.equal('••• is not a code');
  });

  describe('echoes of the flow\'s secrets in any form', () => {
    const username = 'ada-the-user';
    const password = 'correct"horse-Pässwort';
    const signIn = async (status: number, body: string, contentType = 'application/json') =>
      failure(answering(status, body, contentType).client.signInWithPassword('ok', { username, password }));
    const expectClean = (text: string | null) => {
      for (const secret of [username, password, 'correct', 'Pässwort', 'P\\u00e4sswort', 'correct\\"horse', 'correct&quot;horse', 'lt_test']) {
        expect(text ?? '', secret).not.to.include(secret);
      }
    };

    it('a 422 whose input repeats them JSON-escaped, with or without ASCII escapes', async () => {
      const input = { username, password };
      expectClean((await signIn(422, JSON.stringify({ detail: [{ type: 'missing', loc: ['body', 'x'], msg: 'Field required', input }] }))).debug);
      // Python's json.dumps escapes every non-ASCII letter: P\u00e4sswort.
      const ascii = JSON.stringify({ detail: [{ type: 'missing', loc: ['body', 'x'], msg: 'Field required', input }] }).replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      const error = await signIn(422, ascii);
      expect(error.debug).to.include('Field required');
      expectClean(error.debug);
    });

    it('an HTML page that repeats them as entities, or percent-encoded', async () => {
      // As HTML escapers write it: Python's html.escape (&quot;), Go's html/template (&#34;), hex references.
      const html = `<p>User ${username} with password correct&quot;horse-Pässwort or correct&#34;horse-P&#xe4;sswort, ${encodeURIComponent(password)}</p>`;
      expectClean((await signIn(502, html, 'text/html')).debug);
    });

    it('is cleaned before it is cut: a secret that starts at character 495 of error, or 195 of a page, leaves no letters behind', async () => {
      const late = { state: 'error', error_type: 'provider_api_error', error: `${'x'.repeat(495)}${password}` };
      const error = await signIn(200, JSON.stringify(late));
      expect(error.debug!.endsWith('•••'), error.debug!.slice(-10)).to.equal(true);
      expectClean(error.debug);
      expectClean((await signIn(502, `<p>${'y'.repeat(195)}${password}</p>`, 'text/html')).debug);
    });

    it('secrets that look escaped themselves, form-encoded echoes, and text that decodes ten to one before the cut', async () => {
      const debugOf = async (pass: string, error: string) =>
        (await failure(answering(200, JSON.stringify({ state: 'error', error_type: 'provider_api_error', error })).client.signInWithPassword('ok', { username: 'ada', password: pass }))).debug ?? '';
      expect(await debugOf('P%40ssw0rd!', 'bad password P%40ssw0rd!')).to.equal('bad password •••');
      expect(await debugOf('x&amp;y-pass', 'bad password x&amp;y-pass')).to.equal('bad password •••');
      expect(await debugOf('correct horse', 'bad password correct+horse')).to.equal('bad password •••');
      // Escaped twice, as a 422's JSON inside a JSON error body, with Python's ASCII escapes.
      expect(await debugOf('fuzz"päss', 'msg: fuzz\\\\\\"p\\\\u00e4ss')).to.equal('msg: •••');
      const decodesShorter = await debugOf('correct horse', `${'&#0000065;'.repeat(399)}correct horse battery`);
      expect(decodesShorter).not.to.include('correct');
      expect(decodesShorter).to.include('•••');
    });

    it('never rewrites an error code: with the username "al" or the password "error", codes stay whole', async () => {
      const codes: string[] = [];
      for (const [user, pass, code] of [
        ['al', 'demo-pass', 'provider_credential_error'],
        ['ada', 'password', 'provider_password_expired'],
        ['ada', 'error', 'provider_api_error'],
      ] as const) {
        const { client } = answering(200, JSON.stringify({ state: 'error', error_type: code, error: `Sign-in for ${user} failed` }));
        const error = await failure(client.signInWithPassword('ok', { username: user, password: pass }));
        codes.push(error.code);
        if (user === 'al') expect(error.debug, 'a short secret is masked where it stands as a word').to.equal('Sign-in for ••• failed');
      }
      expect(codes).to.deep.equal(['provider_credential_error', 'provider_password_expired', 'provider_api_error']);
    });

    it('takes an error code only in the documented shape, else unknown_error', async () => {
      const codeOf = async (errorType: unknown) =>
        (await failure(answering(200, JSON.stringify({ state: 'error', error_type: errorType })).client.completeMfa('ok', '1'))).code;
      expect(await codeOf('cosmic_rays')).to.equal('cosmic_rays');
      expect(await codeOf('Cosmic Rays!')).to.equal('unknown_error');
      expect(await codeOf('x'.repeat(65))).to.equal('unknown_error');
      expect(await codeOf(42)).to.equal('unknown_error');
    });

    it('drops a redirect_url that holds the token, the username, the password or the code, and says so', async () => {
      const said: string[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => said.push(args.join(' '));
      try {
        for (const leak of ['lt_test', username, password, '987654']) {
          const url = `https://app.example/done?who=${encodeURIComponent(leak)}`;
          let call = 0;
          const client = createLinkClient({
            linkToken: 'lt_test',
            fetch: async () =>
              new Response(JSON.stringify(++call === 1 ? { state: 'pending_provider_mfa', provider_mfa: { method: 'sms', hint: '42' } } : { state: 'success', redirect_url: url })),
          });
          await client.signInWithPassword('ok', { username, password });
          expect((await client.completeMfa('ok', '987654')).redirectUrl, leak).to.equal(null);
        }
        const clean = await answering(200, JSON.stringify({ state: 'success', redirect_url: 'https://app.example/done' })).client.completeMfa('ok', '987654');
        expect(clean.redirectUrl).to.equal('https://app.example/done');
      } finally {
        console.warn = original;
      }
      expect(said).to.have.length(4);
      for (const line of said) expectClean(line);
    });
  });

  it('sends a region as the API takes it, and leaves out what is not a region code', async () => {
    const token = await mintToken();
    const client = createLinkClient({ linkToken: token });
    await client.sendEmailInvite('sugarline', { email: 'ada@example.org', region: ' EU ' });
    const sent = await fakeRequests(token);
    expect(sent.map((r) => r.bodyFields)).to.deep.equal([['email', 'region']]);
    const otherToken = await mintToken();
    const progress = await createLinkClient({ linkToken: otherToken }).signInWithPassword('scalewise', { username: 'ada', password: DEMO_PASSWORD, region: 'Europe' });
    expect(progress.state, 'the service did not refuse the sign-in').to.equal('success');
    const signIn = await fakeRequests(otherToken);
    expect(signIn.map((r) => r.bodyFields)).to.deep.equal([['username', 'password']]);
  });
});
