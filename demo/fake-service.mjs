// A fake of the health-data service's link API, for the demo (`npm start`) and the tests.
// It checks headers and bodies the way the real service does and answers with scripted
// scenarios chosen when the token is minted. Every provider here is invented.
//
// Plain Node (no dependencies): `createFakeService().handle(req, res)` answers the routes it
// owns and returns false for everything else, so it can sit in front of any static server.

import { randomBytes, randomUUID } from 'node:crypto';

export const DEMO_API_KEY = 'demo-api-key';
const TOKEN_LIFETIME_MS = 10 * 60 * 1000;

/** Credentials the fake password providers accept (shown on the demo page). */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_MFA_CODE = '123456';

const logo = (slug) => `/fake-assets/logo/${slug}.svg`;

/** The invented catalogue: every auth type the widget knows, plus one it does not. */
const CATALOGUE = [
  { id: 1, slug: 'pulsewave', name: 'Pulsewave Band', description: 'Heart rate, sleep and activity from your Pulsewave wristband.', auth_type: 'oauth' },
  { id: 2, slug: 'stridely', name: 'Stridely', description: 'Runs, rides and workouts logged in the Stridely app.', auth_type: 'oauth' },
  { id: 3, slug: 'cardiotrack', name: 'Cardiotrack Clinics', description: 'Blood pressure readings shared by your Cardiotrack care team.', auth_type: 'team_oauth' },
  { id: 4, slug: 'glucomate', name: 'Glucomate', description: 'Continuous glucose readings. Asks for two verification codes.', auth_type: 'password' },
  // Accounts in the US and the EU only: a sign-in with another region is refused (unsupported_region).
  { id: 5, slug: 'scalewise', name: 'Scalewise', description: 'Weight and body composition from your Scalewise scale.', auth_type: 'password', regions: ['us', 'eu'] },
  { id: 6, slug: 'sugarline', name: 'Sugarline Meter', description: 'Finger-prick glucose meter; we email you an invitation.', auth_type: 'email' },
  { id: 7, slug: 'stepkeeper', name: 'Stepkeeper Health', description: 'Steps and workouts stored on your phone.', auth_type: 'sdk' },
  { id: 8, slug: 'ringlet', name: 'Ringlet', description: 'Sleep and temperature from the Ringlet smart ring.', auth_type: 'app' },
  { id: 9, slug: 'bodynode', name: 'Bodynode Scale', description: 'A bluetooth scale paired through a hub.', auth_type: 'ble_bridge' },
];

/** How many MFA rounds each password provider asks for, and by which method. */
const MFA_ROUNDS = {
  glucomate: [
    { method: 'sms', hint: '•••• 42' },
    { method: 'email', hint: 'j•••@example.org' },
  ],
  scalewise: [],
};

const HOSTILE_CATALOGUE = [
  { id: 101, slug: 'evil-scale', name: '<img src=x onerror="window.__pwned=1">Evil <b>Scale</b>', description: '<script>window.__pwned=1</script>Descriptions are text.', auth_type: 'password', logo: 'javascript:window.__pwned=1' },
  { id: 102, slug: 'evil-oauth', name: 'Sneaky Sync', description: 'Hands out a javascript: authorization URL.', auth_type: 'oauth' },
  { id: 103, slug: 'telepath', name: 'Telepath Band', description: 'An auth type nobody has heard of.', auth_type: 'telepathy' },
  { id: 104, slug: 'oddstate', name: 'Oddstate Meter', description: 'Answers sign-in with states and errors that do not exist yet.', auth_type: 'password' },
  { id: 105, slug: 'pigeon', name: 'Pigeon Post Scale', description: 'Sends its code by an MFA method nobody knows.', auth_type: 'password' },
  { id: 106, slug: 'nameless', name: null, description: 'A provider entry without a name: dropped, the rest still listed.', auth_type: 'oauth' },
  { id: 107, slug: '..', name: 'Dot Dot', description: 'A slug that would change the request path.', auth_type: 'password' },
  { id: 108, slug: 'dormant', name: 'Dormant Band', description: 'Switched off for now: its OAuth lookup says is_active: false.', auth_type: 'oauth' },
];

const MANY_NAMES = ['Aurora', 'Birchline', 'Cobalt', 'Dunewalk', 'Emberfit', 'Fernly', 'Glacier', 'Harbor', 'Ironwood', 'Juniper', 'Kestrel', 'Lumen', 'Meadow', 'Northstar', 'Orchid', 'Pinecrest'];

/**
 * Scenarios pick how the service behaves for one token. `default` is the happy catalogue.
 * The token-rejection scenarios answer every call with one of the four shapes a rejected
 * token arrives in.
 */
export const SCENARIOS = {
  default: 'Every kind of provider; everything works',
  expired: 'The token has expired (401, detail object)',
  consumed: 'The token was already used (400, link-result body)',
  revoked: 'The token is unknown (401, no body)',
  unverified: 'The token could not be verified (403, detail text)',
  slow: 'Every answer takes 2.5 s',
  flaky: 'Every other call fails with a 502 HTML page',
  many: 'Twenty providers (search box)',
  hostile: 'HTML in names, javascript: URLs, unknown enums',
  'garbage-json': 'The provider list is not JSON',
  'html-500': 'The provider list is a 500 with an HTML body',
  'wrong-shape': 'The provider list is JSON of the wrong shape',
  'no-api': 'The provider list is a 404, as from a server without the link API (base-url not set)',
};

/** What the generated providers measure, for their names and descriptions. */
const DEVICE_KINDS = ['Band', 'Scale', 'Meter', 'Ring', 'Cuff', 'Patch', 'Tracker', 'Monitor', 'Sensor', 'Log'];
/** The most providers a token can ask for with `provider_count`. */
export const MAX_PROVIDER_COUNT = 10_000;
const generatedCatalogues = new Map();

/**
 * `count` invented providers (`Meadow Cuff 537`), for load tests of long lists: the auth types
 * take turns as in the default catalogue, and each has its own logo URL. Built once per count.
 */
function generatedCatalogue(count) {
  let catalogue = generatedCatalogues.get(count);
  if (!catalogue) {
    catalogue = Array.from({ length: count }, (_, i) => {
      const family = MANY_NAMES[i % MANY_NAMES.length];
      const kind = DEVICE_KINDS[Math.floor(i / MANY_NAMES.length) % DEVICE_KINDS.length];
      const name = `${family} ${kind} ${i + 1}`;
      return {
        id: 10_000 + i,
        slug: name.toLowerCase().replaceAll(' ', '-'),
        name,
        description: `Readings from the ${family} ${kind.toLowerCase()}, an invented device.`,
        auth_type: CATALOGUE[i % CATALOGUE.length].auth_type,
      };
    });
    generatedCatalogues.set(count, catalogue);
  }
  return catalogue;
}

function catalogueFor(session) {
  if (session.providerCount) return generatedCatalogue(session.providerCount);
  if (session.scenario === 'hostile') return HOSTILE_CATALOGUE;
  if (session.scenario === 'many') {
    return [
      ...CATALOGUE,
      ...MANY_NAMES.map((name, i) => ({ id: 200 + i, slug: name.toLowerCase(), name, description: `${name} activity tracker.`, auth_type: 'oauth' })),
    ];
  }
  return CATALOGUE;
}

function asSourceLink(provider, origin) {
  return {
    id: provider.id,
    name: provider.name,
    slug: provider.slug,
    description: provider.description,
    logo: provider.logo ?? `${origin}${logo(provider.slug)}`,
    auth_type: provider.auth_type,
    form_components: {},
  };
}

const newToken = () => `lt_${randomBytes(18).toString('base64url')}`;

/**
 * `log(line)` hears one line per answer. `record(exchange)`, when given, hears every exchange on
 * `/v2/link/*` in full (request and answer, as sent), for the contract check
 * (scripts/check-contract.mjs); it holds test passwords and codes, so it belongs in a test log.
 */
export function createFakeService({ log = () => {}, record = null, gate = null } = {}) {
  /** token → session */
  const sessions = new Map();
  /** OAuth consent id → token; the consent URL never carries the link token itself. */
  const consents = new Map();
  /** Every request the fake saw, newest last; tests read it through /fake/requests. */
  const requests = [];
  /**
   * Every request to the fake's stand-ins for third parties (logos, the provider's consent page),
   * with the origin it was made to and its Referer: /fake/third-party-requests. `seq` numbers
   * them (the list keeps the last 500), and `userAgent` tells apart browsers running side by side.
   */
  const thirdPartyRequests = [];
  let thirdPartySeq = 0;
  const recordThirdParty = (origin, url, req) => {
    thirdPartyRequests.push({ seq: ++thirdPartySeq, origin, path: url.pathname, referer: req.headers.referer ?? null, userAgent: req.headers['user-agent'] ?? '' });
    if (thirdPartyRequests.length > 500) thirdPartyRequests.shift();
  };

  function mint(body, origin) {
    const token = newToken();
    const scenario = Object.hasOwn(SCENARIOS, body.scenario) ? body.scenario : 'default';
    sessions.set(token, {
      token,
      scenario,
      userId: body.user_id,
      provider: body.provider ?? null,
      filter: Array.isArray(body.filter_on_providers) ? body.filter_on_providers : null,
      redirectUrl: typeof body.redirect_url === 'string' ? body.redirect_url : null,
      delayMs: Number.isFinite(body.delay_ms) ? body.delay_ms : scenario === 'slow' ? 2500 : 0,
      // Fake-only, for tests of the OAuth hand-over: the consent page isolates itself with
      // Cross-Origin-Opener-Policy (the opener loses it) and/or decides by itself.
      consentCoop: body.oauth_coop === true,
      consentAuto: body.oauth_auto === 'allow' || body.oauth_auto === 'deny' ? body.oauth_auto : null,
      // Fake-only: provider logos and the consent page come from these origins (third parties', as in real life).
      logoOrigin: body.logo_origin ?? null,
      oauthOrigin: body.oauth_origin ?? null,
      // Fake-only, for benchmarks: this many generated providers instead of the scenario's list.
      providerCount: Number.isInteger(body.provider_count) ? body.provider_count : null,
      createdAt: Date.now(),
      consumed: scenario === 'consumed',
      calls: 0,
      pendingMfa: null,
    });
    return {
      link_token: token,
      link_web_url: `${origin}/demo/?provider=${encodeURIComponent(body.provider ?? '')}`,
    };
  }

  /**
   * The token check shared by every link call, for a token that is present (a missing header is
   * a validation error): returns a rejection to send, or null.
   */
  function rejectToken(session) {
    if (!session) return [401, { detail: { error_type: 'invalid_token', error: 'Unknown link token.' } }];
    switch (session.scenario) {
      case 'expired':
        return [401, { detail: { error_type: 'token_expired', error: 'Link token expired.' } }];
      case 'revoked':
        return [401, null];
      case 'unverified':
        return [403, { detail: 'Link token could not be validated.' }];
    }
    if (session.consumed) {
      return [400, { state: 'error', error_type: 'token_consumed', error: 'Link token has already been used.', provider: null, connected: false, provider_id: null }];
    }
    if (Date.now() - session.createdAt > TOKEN_LIFETIME_MS) {
      return [401, { detail: { error_type: 'token_expired', error: 'Link token expired.' } }];
    }
    return null;
  }

  const linkResult = (provider, fields) => ({
    provider,
    connected: fields.state === 'success',
    provider_id: fields.state === 'success' ? randomUUID() : null,
    redirect_url: null,
    error_type: null,
    error: null,
    provider_mfa: null,
    ...fields,
  });

  function findProvider(session, slug, authTypes) {
    const provider = catalogueFor(session).find((p) => p.slug === slug);
    if (!provider || !authTypes.includes(provider.auth_type)) return null;
    return provider;
  }

  function passwordSignIn(session, provider, body) {
    if (provider.slug === 'oddstate') return [200, linkResult(provider.slug, { state: body.password === 'solar-flare' ? 'error' : 'pending_review', error_type: body.password === 'solar-flare' ? 'cosmic_rays' : null, error: 'Made-up outcome.' })];
    if (provider.slug === 'pigeon') {
      session.pendingMfa = { slug: provider.slug, round: 0, rounds: [{ method: 'carrier_pigeon', hint: 'the roof' }] };
      return [200, linkResult(provider.slug, { state: 'pending_provider_mfa', provider_mfa: session.pendingMfa.rounds[0] })];
    }
    if (body.region && provider.regions && !provider.regions.includes(body.region)) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'unsupported_region', error: `No accounts in region ${body.region}.` })];
    }
    if (body.password === 'expired-password') {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_password_expired', error: 'The provider requires a password reset.' })];
    }
    if (body.password === 'provider-down') {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_api_error', error: 'Upstream answered 503.' })];
    }
    if (body.username === 'taken') {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'duplicate_connection', error: 'Provider account linked to another user.' })];
    }
    if (body.password !== DEMO_PASSWORD) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_credential_error', error: 'Upstream rejected the credentials (401).' })];
    }
    const rounds = MFA_ROUNDS[provider.slug] ?? [];
    if (rounds.length > 0) {
      session.pendingMfa = { slug: provider.slug, round: 0, rounds };
      return [200, linkResult(provider.slug, { state: 'pending_provider_mfa', provider_mfa: rounds[0] })];
    }
    session.consumed = true;
    return [200, linkResult(provider.slug, { state: 'success', redirect_url: session.redirectUrl })];
  }

  function completeMfa(session, provider, body) {
    const pending = session.pendingMfa;
    if (!pending || pending.slug !== provider.slug) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_api_error', error: 'No MFA challenge is pending for this provider.' })];
    }
    if (body.mfa_code !== DEMO_MFA_CODE) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'incorrect_mfa_code', error: 'Code did not match.' })];
    }
    pending.round += 1;
    if (pending.round < pending.rounds.length) {
      return [200, linkResult(provider.slug, { state: 'pending_provider_mfa', provider_mfa: pending.rounds[pending.round] })];
    }
    session.pendingMfa = null;
    session.consumed = true;
    return [200, linkResult(provider.slug, { state: 'success', redirect_url: session.redirectUrl })];
  }

  async function linkCall(req, url, origin) {
    const route = LINK_ROUTES.find((r) => r.pattern.test(url.pathname));
    if (!route) return [404, { detail: 'Not Found' }];
    if (req.method !== route.method) return [405, { detail: 'Method Not Allowed' }];
    const slug = decodeURIComponent(url.pathname.match(route.pattern)[1] ?? '');

    const headerToken = req.headers['x-service-link-token'];
    const session = sessions.get(headerToken);
    if (session?.delayMs) await sleep(session.delayMs);
    // As a validating service: the whole request is checked, and every fault reported at once,
    // before the token is looked at.
    const body = route.body ? parseBody(req) : undefined;
    const invalid = [...queryErrors(url), ...headerErrors(req), ...(route.body ? bodyErrors(body, route.body) : [])];
    if (invalid.length) return [422, { detail: invalid }];

    const rejection = rejectToken(session);
    if (rejection) return rejection;
    session.calls += 1;
    if (session.scenario === 'flaky' && session.calls % 2 === 1) return [502, html('<h1>502 Bad Gateway</h1>')];

    switch (route.call) {
      case 'providers': {
        if (session.scenario === 'garbage-json') return [200, raw('application/json', '{"providers": [oops')];
        if (session.scenario === 'html-500') return [500, html('<html><body><h1>Internal Server Error</h1></body></html>')];
        if (session.scenario === 'wrong-shape') return [200, { providers: 5 }];
        if (session.scenario === 'no-api') return [404, { detail: 'Not Found' }];
        let list = catalogueFor(session);
        if (session.filter) list = list.filter((p) => session.filter.includes(p.slug));
        return [200, list.map((p) => asSourceLink(p, session.logoOrigin ?? origin))];
      }
      case 'oauth': {
        const provider = findProvider(session, slug, ['oauth', 'team_oauth']);
        if (!provider) return [422, validationError(['path', 'oauth_provider'], 'Not an OAuth provider')];
        const consent = randomBytes(12).toString('base64url');
        consents.set(consent, { token: session.token, slug: provider.slug });
        const oauthUrl = provider.slug === 'evil-oauth' ? 'javascript:window.__pwned=1' : `${session.oauthOrigin ?? origin}/fake-oauth/authorize?consent=${consent}`;
        // A provider switched off for now answers as the real service does: inactive, no URL.
        const active = provider.slug !== 'dormant';
        return [200, { ...asSourceLink(provider, session.logoOrigin ?? origin), group: null, oauth_url: active ? oauthUrl : null, source_type: 'device', is_active: active, backfill_num_days: 30 }];
      }
      case 'password':
      case 'complete_mfa': {
        const provider = findProvider(session, slug, ['password']);
        if (!provider) return [422, validationError(['path', 'provider'], 'Not a password provider')];
        return route.call === 'complete_mfa' ? completeMfa(session, provider, body.value) : passwordSignIn(session, provider, body.value);
      }
      case 'email': {
        const provider = findProvider(session, slug, ['email']);
        if (!provider) return [422, validationError(['path', 'provider'], 'Not an email provider')];
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.value.email)) return [422, validationError(['body', 'email'], 'value is not a valid email address')];
        session.consumed = true;
        return [200, {}];
      }
    }
    return [404, { detail: 'Not Found' }];
  }

  /** `POST /v2/link/token`: a partner's backend call (the demo and the tests make it here). */
  function mintCall(req, url, origin) {
    if (req.headers['x-service-api-key'] !== DEMO_API_KEY) return [401, { detail: 'Invalid API key.' }];
    const body = parseBody(req);
    const invalid = [...queryErrors(url), ...bodyErrors(body, 'token')];
    if (invalid.length) return [422, { detail: invalid }];
    return [200, mint(body.value, origin)];
  }

  /** The provider's pretend consent screen: Allow (optionally without all scopes) or Deny. */
  function consentPage(url) {
    const consent = consents.get(url.searchParams.get('consent'));
    if (!consent) return [400, html('<h1>Unknown or used consent request</h1>')];
    const session = sessions.get(consent.token);
    const provider = (session ? catalogueFor(session) : CATALOGUE).find((p) => p.slug === consent.slug);
    const id = url.searchParams.get('consent');
    const headers = session?.consentCoop ? { 'cross-origin-opener-policy': 'same-origin' } : {};
    const auto = session?.consentAuto
      ? `<script>setTimeout(() => document.querySelector('button[value="${session.consentAuto}"]').click(), 400)</script>`
      : '';
    return [200, raw('text/html; charset=utf-8', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escapeHtml(provider?.name ?? 'the provider')}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin:.3rem}</style></head>
<body><main><h1>${escapeHtml(provider?.name ?? 'Provider')} (fake)</h1>
<p>The health-data service asks to read your data. This page stands in for the provider's real sign-in.</p>
<form method="get" action="/fake-oauth/decide">
<input type="hidden" name="consent" value="${id}">
<p><label><input type="checkbox" name="all_scopes" value="1" checked> Share everything that was asked for</label></p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main>${auto}</body></html>`, headers)];
  }

  function consentDecision(url, res) {
    const id = url.searchParams.get('consent');
    const consent = consents.get(id);
    if (!consent) return [400, html('<h1>Unknown or used consent request</h1>')];
    consents.delete(id);
    const session = sessions.get(consent.token);
    const target = new URL(session?.redirectUrl ?? '/demo/', 'http://placeholder.invalid');
    const params = new URLSearchParams();
    const decision = url.searchParams.get('decision');
    if (decision === 'allow' && url.searchParams.get('all_scopes')) {
      params.set('state', 'success');
      if (session) session.consumed = true;
    } else {
      params.set('state', 'error');
      params.set('error_type', decision === 'allow' ? 'required_scopes_not_granted' : 'user_cancelled');
      params.set('error', decision === 'allow' ? 'Some requested scopes were not granted.' : 'The user denied access.');
    }
    params.forEach((value, key) => target.searchParams.set(key, value));
    const location = target.origin === 'http://placeholder.invalid' ? `${target.pathname}${target.search}` : target.href;
    res.writeHead(302, { location, 'cache-control': 'no-store' });
    res.end();
    return null;
  }

  async function route(req, res, url, origin) {
    if (url.pathname === '/v2/link/token' && req.method === 'POST') return mintCall(req, url, origin);
    if (url.pathname.startsWith('/v2/link/')) return linkCall(req, url, origin);
    if (url.pathname === '/fake-oauth/authorize') {
      recordThirdParty(origin, url, req);
      return consentPage(url);
    }
    if (url.pathname === '/fake-oauth/decide') return consentDecision(url, res);
    const logoMatch = url.pathname.match(/^\/fake-assets\/logo\/([a-z0-9-]+)\.svg$/);
    if (logoMatch) {
      recordThirdParty(origin, url, req);
      return [200, raw('image/svg+xml', logoSvg(logoMatch[1]))];
    }
    if (url.pathname === '/fake/third-party-requests') return [200, thirdPartyRequests];
    if (url.pathname === '/fake/requests') return [200, requests];
    if (url.pathname === '/fake/scenarios') return [200, SCENARIOS];
    return undefined;
  }

  /** Answers the fake's own routes; resolves false when the request is not one of them. */
  async function handle(req, res) {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', origin);
    const owned = url.pathname.startsWith('/v2/') || url.pathname.startsWith('/fake');
    if (!owned) return false;
    if (req.method === 'OPTIONS') {
      // A CORS preflight is the browser's question, not a call of the API: not recorded.
      res.writeHead(204, corsHeaders(req));
      res.end();
      return true;
    }
    if (url.pathname.startsWith('/v2/')) {
      req.bodyText = await readBody(req);
      // The body's field names, never its values (they hold passwords and codes).
      const body = parseObject(req.bodyText);
      requests.push({ method: req.method, path: url.pathname, search: url.search, headers: { ...req.headers }, bodyFields: body ? Object.keys(body) : null });
      if (requests.length > 500) requests.shift();
    }
    let answer;
    try {
      const refused = gate && url.pathname.startsWith('/v2/link/') && req.headers['x-fake-expect'] !== 'invalid' ? gate(exchangeRequest(req, url)) : [];
      answer = refused.length
        ? [422, { detail: refused.map((msg) => ({ loc: ['request'], msg, type: 'description' })) }]
        : await route(req, res, url, origin);
    } catch (error) {
      answer = [500, html(`<h1>Fake service error</h1><pre>${escapeHtml(String(error))}</pre>`)];
    }
    if (answer === undefined) return false;
    if (answer === null) return true; // already answered (a redirect)
    const [status, body] = answer;
    log(`${req.method} ${url.pathname} → ${status}`);
    const sent = send(res, status, body, corsHeaders(req));
    if (record && url.pathname.startsWith('/v2/link/')) {
      record({
        ...exchangeRequest(req, url),
        // The scenario of the token the request carried: some misbehave on purpose.
        scenario: sessions.get(req.headers['x-service-link-token'])?.scenario ?? null,
        status,
        response: sent,
      });
    }
    return true;
  }

  return { handle, sessions, mint };
}

/** The fake as @web/dev-server (Koa) middleware, for the test runner. */
export function fakeServiceMiddleware(options) {
  const service = createFakeService(options);
  return async (ctx, next) => {
    ctx.respond = false;
    const handled = await service.handle(ctx.req, ctx.res);
    if (!handled) {
      ctx.respond = true;
      await next();
    }
  };
}

// --- helpers ---------------------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const RAW = Symbol('raw');
const raw = (type, text, headers = {}) => ({ [RAW]: true, type, text, headers });
const html = (text) => raw('text/html; charset=utf-8', text);

/** Sends the answer; returns its content type and text as sent (null for no body). */
function send(res, status, body, headers) {
  const [contentType, text, own] = body === null ? [null, null, {}] : body[RAW] ? [body.type, body.text, body.headers] : ['application/json', JSON.stringify(body), {}];
  res.writeHead(status, { ...headers, ...own, ...(contentType ? { 'content-type': contentType } : {}) });
  res.end(text ?? undefined);
  return { contentType, body: text };
}

/** A request as the contract check reads it. */
function exchangeRequest(req, url) {
  return {
    method: req.method,
    path: url.pathname,
    query: [...url.searchParams],
    headers: Object.fromEntries(RECORDED_HEADERS.filter((name) => name in req.headers).map((name) => [name, req.headers[name]])),
    body: req.bodyText,
  };
}

/**
 * The request headers an exchange record keeps: the ones the description speaks of, the demo's
 * API key, and `x-fake-expect: invalid`, which marks a request a test sends malformed on purpose.
 */
const RECORDED_HEADERS = ['content-type', 'x-service-link-token', 'x-service-api-key', 'x-fake-expect'];

function corsHeaders(req) {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': 'content-type, x-service-link-token, x-service-api-key, x-fake-expect',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'cache-control': 'no-store',
    vary: 'origin',
  };
}

function validationError(loc, msg, type = 'value_error') {
  return { detail: [{ loc, msg, type }] };
}

/** The link calls the description documents; their path's one parameter is a provider slug. */
const LINK_ROUTES = [
  { method: 'GET', pattern: /^\/v2\/link\/providers()$/, call: 'providers' },
  { method: 'GET', pattern: /^\/v2\/link\/provider\/oauth\/([^/]+)$/, call: 'oauth' },
  { method: 'POST', pattern: /^\/v2\/link\/provider\/password\/([^/]+)$/, call: 'password', body: 'password' },
  { method: 'POST', pattern: /^\/v2\/link\/provider\/password\/([^/]+)\/complete_mfa$/, call: 'complete_mfa', body: 'complete_mfa' },
  { method: 'POST', pattern: /^\/v2\/link\/provider\/email\/([^/]+)$/, call: 'email', body: 'email' },
];

/** The description's `Region` values: a validating service refuses any other in a request. */
export const REGIONS = ['us', 'eu', 'de', 'fr', 'ca', 'br', 'ar', 'cl', 'co', 'mx', 'gb', 'ie', 'au', 'nz', 'nl', 'at', 'be', 'bh', 'ch', 'cz', 'dk', 'eg', 'es', 'fi', 'gr', 'hr', 'il', 'it', 'jo', 'kw', 'lb', 'lu', 'no', 'om', 'pl', 'pt', 'qa', 'sa', 'se', 'si', 'sk', 'tr', 'za', 'in', 'sg', 'hk', 'kr', 'ph', 'tw'];

// Field types as pydantic reports them: each returns null, or [type, msg] for a wrong value.
const string = (value) => (typeof value === 'string' ? null : ['string_type', 'Input should be a valid string']);
const boolean = (value) => (typeof value === 'boolean' ? null : ['bool_type', 'Input should be a valid boolean']);
const integer = (value) => (Number.isInteger(value) ? null : ['int_type', 'Input should be a valid integer']);
const integerIn = (min, max) => (value) =>
  integer(value) ??
  (value < min ? ['greater_than_equal', `Input should be greater than or equal to ${min}`] : value > max ? ['less_than_equal', `Input should be less than or equal to ${max}`] : null);
const oneOf = (values) => (value) => (values.includes(value) ? null : ['enum', `Input should be ${values.map((v) => `'${v}'`).join(', ')}`]);
const nullable = (type) => (value) => (value === null ? null : type(value));
const uuid = (value) =>
  string(value) ?? (/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(value) ? null : ['uuid_parsing', 'Input should be a valid UUID']);
const httpOrigin = (value) => string(value) ?? (/^https?:\/\/[^/?#]+$/.test(value) ? null : ['value_error', 'Value error, expected an origin such as http://127.0.0.1:8000']);
const nonEmptyListOf = (type) => (value) =>
  !Array.isArray(value) ? ['list_type', 'Input should be a valid list'] : value.length === 0 ? ['too_short', 'List should have at least 1 item after validation, not 0'] : value.map(type).find(Boolean) ?? null;

/**
 * The body each POST takes (../shared/spec/link-api.openapi.json), field by field. A validating
 * service refuses a missing field, an undocumented one, and a value of the wrong type; so does
 * this fake.
 */
const BODIES = {
  password: { required: { username: string, password: string }, optional: { region: nullable(oneOf(REGIONS)) } },
  complete_mfa: { required: { mfa_code: string }, optional: {} },
  email: { required: { email: string }, optional: { provider: nullable(string), region: oneOf(REGIONS) } },
  token: {
    required: { user_id: uuid },
    optional: {
      provider: nullable(string),
      redirect_url: nullable(string),
      filter_on_providers: nullable(nonEmptyListOf(string)),
      on_error: nullable(oneOf(['redirect'])),
      on_close: nullable(oneOf(['redirect'])),
      // Not the service's: the fake's own controls for a token (see FAKE_TOKEN_FIELDS).
      scenario: oneOf(Object.keys(SCENARIOS)),
      delay_ms: integer,
      oauth_coop: boolean,
      oauth_auto: oneOf(['allow', 'deny']),
      logo_origin: httpOrigin,
      oauth_origin: httpOrigin,
      provider_count: integerIn(1, MAX_PROVIDER_COUNT),
    },
  },
};

/** The fields of `POST /v2/link/token` that only this fake knows: how it behaves for the token. */
export const FAKE_TOKEN_FIELDS = ['scenario', 'delay_ms', 'oauth_coop', 'oauth_auto', 'logo_origin', 'oauth_origin', 'provider_count'];

/** `application/json`, optionally with a charset: the only body a link call reads. */
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset=("?)[\w.:-]+\2\s*)?$/i;

/**
 * The request's body as a validating service reads it: `{value}` when it is JSON, or the fault
 * that stops it being read (the wrong content type, no body, JSON that does not parse).
 */
function parseBody(req) {
  if (!JSON_CONTENT_TYPE.test(req.headers['content-type'] ?? '')) return { fault: 'content_type' };
  const text = req.bodyText ?? '';
  if (text.trim() === '') return { fault: 'missing' };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { fault: 'json_invalid', position: Number(/position (\d+)/.exec(String(error))?.[1] ?? text.length) };
  }
}

/** 422 items for a body that is missing, unreadable, or has missing, undocumented or mistyped fields. */
function bodyErrors(body, call) {
  switch (body.fault) {
    case 'content_type':
      // What the service's framework answers when the body is not declared JSON: it is not read
      // as an object at all.
      return [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }];
    case 'missing':
      return [{ loc: ['body'], msg: 'Field required', type: 'missing' }];
    case 'json_invalid':
      return [{ loc: ['body', body.position], msg: 'JSON decode error', type: 'json_invalid' }];
  }
  const value = body.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }];
  }
  const { required, optional } = BODIES[call];
  const fields = { ...required, ...optional };
  return [
    ...Object.keys(required)
      .filter((name) => !Object.hasOwn(value, name))
      .map((name) => ({ loc: ['body', name], msg: 'Field required', type: 'missing' })),
    ...Object.keys(value).flatMap((name) => {
      if (!Object.hasOwn(fields, name)) return [{ loc: ['body', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }];
      const wrong = fields[name](value[name]);
      return wrong ? [{ loc: ['body', name], msg: wrong[1], type: wrong[0] }] : [];
    }),
  ];
}

/** The link calls take no query parameters: a validating service refuses any. */
function queryErrors(url) {
  return [...new Set(url.searchParams.keys())].map((name) => ({ loc: ['query', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }));
}

/**
 * Every link call needs the token header; a present but bad token is one of the four rejections,
 * not this. (The description lists the header as optional, `anyOf [string, null]`, because the
 * service's handler reads it; a missing one is answered here the way a required header is, as
 * the "Contract-exact" issue asks. The widget always sends it.)
 */
function headerErrors(req) {
  return req.headers['x-service-link-token'] === undefined
    ? [{ loc: ['header', 'x-service-link-token'], msg: 'Field required', type: 'missing' }]
    : [];
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parseObject(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function logoSvg(slug) {
  let hash = 0;
  for (const c of slug) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  const letter = escapeHtml(slug[0]?.toUpperCase() ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="9" fill="hsl(${hash} 55% 38%)"/><text x="20" y="27" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}
