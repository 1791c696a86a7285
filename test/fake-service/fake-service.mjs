// A fake of the health-data service's link API, for the demo (`npm start`) and the tests.
// It checks every request against the link API description (spec/link-api.openapi.json, through
// link-api.mjs) the way the real service does, answers with scripted scenarios chosen when the
// token is minted, and checks its own answers against the same description. Every provider here
// is invented.
//
// Plain Node: `createFakeService().handle(req, res)` answers the routes it owns and returns false
// for everything else, so it can sit in front of any static server.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DEMO_API_KEY,
  DEMO_MFA_CODE,
  DEMO_PASSWORD,
  EXPIRED_PASSWORD,
  PROVIDER_DOWN_PASSWORD,
  TAKEN_USERNAME,
  UNKNOWN_ERROR_PASSWORD,
} from './credentials.js';
import { compileLinkApi, readDescription } from './link-api.mjs';

// scripts/bench.mjs mints its tokens with the key from here.
export { DEMO_API_KEY };
const TOKEN_LIFETIME_MS = 10 * 60 * 1000;
/** The `short-lived` scenario's tokens: long enough to look around, short enough to wait out. */
const SHORT_LIFETIME_MS = 20 * 1000;
/**
 * The largest request body the fake reads (64 KB; the widget's largest is well under 1 KB). The
 * demo is reachable by anyone on the machine, and an unbounded body is memory anyone can take.
 */
export const MAX_BODY_BYTES = 64 * 1024;

// What the fake keeps per token is bounded, as a real service bounds it: the demo is reachable by
// anyone on the machine, and `npm test` keeps one fake for the whole run. Each limit is an option
// of `createFakeService`, so a test can set a small one.
/**
 * The most tokens held at once; minting one more forgets the oldest, which is then refused as
 * an unknown token. A test uses its token within its time limit (60 s), and a whole `npm test`
 * run mints hundreds of tokens per engine, nowhere near 5 000 a minute; the demo mints one per
 * visit. At the cap, tokens with every field at its largest and as many consent requests as they
 * may keep hold about 30 MB of heap (under 4 KB a token without the consent requests).
 */
export const MAX_TOKENS = 5_000;
/**
 * How long an expired token is still held (and refused as expired, as the service refuses a
 * token it issued) before it is forgotten with everything kept for it: one more default
 * lifetime, so a widget left open on the demo hears "expired" and not "unknown".
 */
export const KEEP_EXPIRED_MS = 10 * 60 * 1000;
/**
 * The OAuth consent requests held per token, newest kept: each answer of the OAuth call makes
 * one, and a person (or a test) asks for a provider's window a few times per token at most.
 */
export const MAX_CONSENTS_PER_TOKEN = 20;
/**
 * The longest `redirect_url` taken (characters): the length the web has long treated as the
 * portable limit for an address (older browsers, many proxies). The description sets none; the
 * demo's and the tests' are under 200.
 */
export const MAX_REDIRECT_URL_LENGTH = 2048;
/**
 * The longest `delay_ms`: twice the widget's default time limit per request (15 s), so a token
 * can still show the timeout screen, and well under a test's time limit (60 s). The `slow`
 * scenario waits 2.5 s, the tests at most 3 s. Every delayed answer holds a connection meanwhile.
 */
export const MAX_DELAY_MS = 30_000;
/** The longest `logo_origin` or `oauth_origin`: a scheme, the longest host name (253) and a port. */
const MAX_ORIGIN_LENGTH = 300;
/** How often, at most, minting a token also forgets every token past its time. */
const SWEEP_EVERY_MS = 10 * 1000;

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
  // Says what it shares (more kinds than the consent screen names at once, one of them without a
  // name of its own in the widget's catalogues): a consent screen comes before its window.
  {
    id: 10,
    slug: 'restwell',
    name: 'Restwell Ring',
    description: 'Sleep, heart rate and readiness from the Restwell ring.',
    auth_type: 'oauth',
    supported_resources: ['sleep', 'activity', 'heartrate', 'hrv', 'steps', 'workouts', 'body_temperature', 'respiratory_rate', 'blood_oxygen', 'menstrual_cycle'],
  },
  // Its form asks for a region, with the regions it has accounts in; a sign-in without one of them
  // is refused (unsupported_region).
  {
    id: 11,
    slug: 'tidemark',
    name: 'Tidemark Scale',
    description: 'Weight and body fat from your Tidemark scale, wherever your account is.',
    auth_type: 'password',
    regions: ['eu', 'gb', 'us'],
    form_components: { region: { required: true, options: ['eu', 'gb', 'us'] } },
    supported_resources: ['weight', 'fat', 'body'],
  },
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
  'short-lived': 'Tokens expire 20 s after they are made: wait, then carry on (the demo gets a fresh one)',
  slow: 'Every answer takes 2.5 s',
  flaky: 'Every other call fails with a 502 HTML page',
  many: 'Twenty-seven providers (a search box)',
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
let generatedProviders = null;

/**
 * `count` invented providers (`Meadow Cuff 537`), for load tests of long lists: the auth types
 * take turns as in the default catalogue, and each has its own logo URL. Provider `i` is the same
 * in every count, so the longest list is built once and each count is its start (a list per count
 * would hold fifty million providers once every count had been asked for).
 */
function generatedCatalogue(count) {
  generatedProviders ??= Array.from({ length: MAX_PROVIDER_COUNT }, (_, i) => {
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
  return generatedProviders.slice(0, count);
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
    form_components: provider.form_components ?? {},
    // Not in the link list's schema (GET /v2/providers documents it, with the same values), which
    // leaves its entries open: the widget reads it where the service sends it.
    ...(provider.supported_resources ? { supported_resources: provider.supported_resources } : {}),
  };
}

/**
 * The slugs of `catalogue` that `named` names, as a Set: what a token keeps of its
 * `filter_on_providers`. A name not in its list can never match, and the list as sent holds
 * whatever a body can carry (any string, any number of times).
 */
function listedSlugs(catalogue, named) {
  const wanted = new Set(named);
  return new Set(catalogue.map((provider) => provider.slug).filter((slug) => wanted.has(slug)));
}

const newToken = () => `lt_${randomBytes(18).toString('base64url')}`;

/**
 * `log(line)` hears one line per answer, and what is wrong with an answer of the fake's that
 * breaks the description. `record(exchange)`, when given, hears the verdicts on every exchange on
 * `/v2/link/*` (fields and places, no values), for the run's check (scripts/check-contract.mjs).
 * `description` is the link API description the fake keeps to: spec/link-api.openapi.json.
 * `maxTokens`, `keepExpiredMs` and `maxConsentsPerToken` bound what it holds (`MAX_TOKENS`…
 * above); `now` is its clock, which a test may turn forward.
 */
export function createFakeService({
  log = () => {},
  record = null,
  description = readDescription(),
  maxTokens = MAX_TOKENS,
  keepExpiredMs = KEEP_EXPIRED_MS,
  maxConsentsPerToken = MAX_CONSENTS_PER_TOKEN,
  now = Date.now,
} = {}) {
  const api = compileLinkApi(description, { extraBodyFields: { [OPERATIONS.token]: { ...FAKE_TOKEN_FIELDS, ...TOKEN_FIELD_LIMITS } } });
  /** token → session, oldest first (a Map keeps the order tokens were made in). */
  const sessions = new Map();
  /** OAuth consent id → token; the consent URL never carries the link token itself. */
  const consents = new Map();
  let lastSweep = now();

  /** Drops a token and everything held for it: its consent requests (its MFA round is in the session). */
  function forget(token) {
    const session = sessions.get(token);
    if (!session) return;
    for (const id of session.consents) consents.delete(id);
    sessions.delete(token);
  }

  /** Whether the token has been expired for longer than an expired token is held. */
  const pastKeeping = (session) => now() - session.createdAt > session.lifetimeMs + keepExpiredMs;

  /** The session of a token still held, forgetting it first when its time is up. */
  function heldSession(token) {
    const session = sessions.get(token);
    if (session && pastKeeping(session)) forget(token);
    return sessions.get(token);
  }

  /** Room for one more token: every token past its time goes (now and then), then the oldest. */
  function makeRoom() {
    if (now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now();
      for (const session of sessions.values()) if (pastKeeping(session)) forget(session.token);
    }
    while (sessions.size >= maxTokens) forget(sessions.keys().next().value);
  }
  /**
   * Every request the fake saw, newest last; tests read it through /fake/requests. The token
   * itself is never kept here, only its `tokenTag`: the log is read over HTTP.
   */
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
    makeRoom();
    const token = newToken();
    const scenario = Object.hasOwn(SCENARIOS, body.scenario) ? body.scenario : 'default';
    const providerCount = Number.isInteger(body.provider_count) ? body.provider_count : null;
    sessions.set(token, {
      token,
      scenario,
      userId: body.user_id,
      filter: Array.isArray(body.filter_on_providers) ? listedSlugs(catalogueFor({ scenario, providerCount }), body.filter_on_providers) : null,
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
      providerCount,
      createdAt: now(),
      // Fake-only: how long the token lives, and (for tests, which must not wait) after how many
      // answered link calls it counts as expired.
      lifetimeMs: Number.isInteger(body.lifetime_ms) ? body.lifetime_ms : scenario === 'short-lived' ? SHORT_LIFETIME_MS : TOKEN_LIFETIME_MS,
      expireAfterCalls: Number.isInteger(body.expire_after_calls) ? body.expire_after_calls : null,
      consumed: scenario === 'consumed',
      calls: 0,
      pendingMfa: null,
      /** Its OAuth consent requests, oldest first. */
      consents: [],
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
    if (now() - session.createdAt > session.lifetimeMs || (session.expireAfterCalls !== null && session.calls >= session.expireAfterCalls)) {
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
    if (provider.slug === 'oddstate') {
      const unknownError = body.password === UNKNOWN_ERROR_PASSWORD;
      return [200, linkResult(provider.slug, { state: unknownError ? 'error' : 'pending_review', error_type: unknownError ? 'cosmic_rays' : null, error: 'Made-up outcome.' })];
    }
    if (provider.slug === 'pigeon') {
      session.pendingMfa = { slug: provider.slug, round: 0, rounds: [{ method: 'carrier_pigeon', hint: 'the roof' }] };
      return [200, linkResult(provider.slug, { state: 'pending_provider_mfa', provider_mfa: session.pendingMfa.rounds[0] })];
    }
    // A provider whose form asks for a region refuses a sign-in without one as well.
    const regionNeeded = provider.form_components?.region !== undefined;
    if (provider.regions && (body.region ? !provider.regions.includes(body.region) : regionNeeded)) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'unsupported_region', error: body.region ? `No accounts in region ${body.region}.` : 'A region is needed.' })];
    }
    if (body.password === EXPIRED_PASSWORD) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_password_expired', error: 'The provider requires a password reset.' })];
    }
    if (body.password === PROVIDER_DOWN_PASSWORD) {
      return [200, linkResult(provider.slug, { state: 'error', error_type: 'provider_api_error', error: 'Upstream answered 503.' })];
    }
    if (body.username === TAKEN_USERNAME) {
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

  /**
   * One call of the description's API, as `{operation, faults, answer}`. Like a validating service,
   * the fake checks the whole request against the description and reports every fault at once,
   * before it looks at the token. `operation` is null for a path or method the description lacks;
   * `answer` is undefined for an operation the fake leaves to the server behind it.
   */
  async function apiCall(req, url, origin) {
    const found = api.operationFor(req.method, url.pathname);
    const ours = url.pathname.startsWith('/v2/link/');
    if (!found) return { operation: null, faults: [], answer: ours ? [404, { detail: 'Not Found' }] : undefined };
    if (found.methodNotAllowed) return { operation: null, faults: [], answer: [405, { detail: 'Method Not Allowed' }] };
    const { operation, pathValues } = found;
    const call = CALL_OF[operation.id];
    if (!call) return { operation: null, faults: [], answer: undefined };
    if (call === 'token' && req.headers['x-service-api-key'] !== DEMO_API_KEY) return { operation, faults: [], answer: [401, { detail: 'Invalid API key.' }] };

    const session = call === 'token' ? undefined : heldSession(req.headers['x-service-link-token']);
    if (session?.delayMs) await sleep(session.delayMs);
    const body = operation.body ? parseBody(req) : undefined;
    const faults = api.requestFaults(operation, { query: [...url.searchParams], headers: req.headers, pathValues, body });
    if (faults.length) return { operation, faults, answer: [422, { detail: faults }] };
    if (call === 'token') return { operation, faults, answer: [200, mint(body.value, origin)] };

    const rejection = rejectToken(session);
    if (rejection) return { operation, faults, answer: rejection };
    const answer = linkCall(session, call, Object.values(pathValues)[0] ?? '', body?.value, origin);
    // Hostile answers leave the description on purpose (a provider without a name, say).
    return { operation, faults, answer: session.scenario === 'hostile' ? offContract(answer) : answer };
  }

  /** A link call the description allows, with a token that is good: the scenario's answer. */
  function linkCall(session, call, slug, body, origin) {
    session.calls += 1;
    if (session.scenario === 'flaky' && session.calls % 2 === 1) return offContract([502, html('<h1>502 Bad Gateway</h1>')]);

    switch (call) {
      case 'providers': {
        if (session.scenario === 'garbage-json') return offContract([200, raw('application/json', '{"providers": [oops')]);
        if (session.scenario === 'html-500') return offContract([500, html('<html><body><h1>Internal Server Error</h1></body></html>')]);
        if (session.scenario === 'wrong-shape') return offContract([200, { providers: 5 }]);
        if (session.scenario === 'no-api') return offContract([404, { detail: 'Not Found' }]);
        let list = catalogueFor(session);
        if (session.filter) list = list.filter((p) => session.filter.has(p.slug));
        return [200, list.map((p) => asSourceLink(p, session.logoOrigin ?? origin))];
      }
      case 'oauth': {
        const provider = findProvider(session, slug, ['oauth', 'team_oauth']);
        if (!provider) return [422, validationError(['path', 'oauth_provider'], 'Not an OAuth provider')];
        const consent = randomBytes(12).toString('base64url');
        consents.set(consent, { token: session.token, slug: provider.slug });
        session.consents.push(consent);
        if (session.consents.length > maxConsentsPerToken) consents.delete(session.consents.shift());
        const oauthUrl = provider.slug === 'evil-oauth' ? 'javascript:window.__pwned=1' : `${session.oauthOrigin ?? origin}/fake-oauth/authorize?consent=${consent}`;
        // A provider switched off for now answers as the real service does: inactive, no URL.
        const active = provider.slug !== 'dormant';
        return [200, { ...asSourceLink(provider, session.logoOrigin ?? origin), group: null, oauth_url: active ? oauthUrl : null, source_type: 'device', is_active: active, backfill_num_days: 30 }];
      }
      case 'password':
      case 'complete_mfa': {
        const provider = findProvider(session, slug, ['password']);
        if (!provider) return [422, validationError(['path', 'provider'], 'Not a password provider')];
        return call === 'complete_mfa' ? completeMfa(session, provider, body) : passwordSignIn(session, provider, body);
      }
      case 'email': {
        const provider = findProvider(session, slug, ['email']);
        if (!provider) return [422, validationError(['path', 'provider'], 'Not an email provider')];
        if (!isEmailAddress(body.email)) return [422, validationError(['body', 'email'], 'value is not a valid email address')];
        session.consumed = true;
        return [200, {}];
      }
    }
    throw new Error(`no answer for the ${call} call`);
  }

  /** A consent request still held: its token's time is not up. */
  function heldConsent(id) {
    const consent = consents.get(id);
    return consent && heldSession(consent.token) ? consent : undefined;
  }

  /** The provider's pretend consent screen: Allow (optionally without all scopes) or Deny. */
  function consentPage(url) {
    const consent = heldConsent(url.searchParams.get('consent'));
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
    const consent = heldConsent(id);
    if (!consent) return [400, html('<h1>Unknown or used consent request</h1>')];
    consents.delete(id);
    const session = sessions.get(consent.token);
    session.consents.splice(session.consents.indexOf(id), 1);
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

  /** The fake's own routes beside the API: third parties' stand-ins and what the tests read. */
  async function route(req, res, url, origin) {
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
    if (url.pathname === '/fake/link-token') return partnerToken(req, origin);
    return undefined;
  }

  /**
   * `POST /fake/link-token`: the partner's own backend, as the demo's `requestLinkToken` calls it
   * (the page never holds an API key). It makes a token with the service's key, for this
   * visitor, with the fake's token fields; a request the real backend would refuse is refused.
   */
  async function partnerToken(req, origin) {
    if (req.method !== 'POST') return [405, { detail: 'Method Not Allowed' }];
    req.bodyText = await readBody(req);
    if (req.bodyText === null) return [413, { detail: `Request body too large: at most ${MAX_BODY_BYTES} bytes.` }];
    const body = parseBody(req);
    if (body.fault) return [422, validationError(['body'], `The body must be JSON (${body.fault}).`)];
    const fields = body.value;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return [422, validationError(['body'], 'Expected an object.')];
    const known = { ...FAKE_TOKEN_FIELDS, provider: { type: ['string', 'null'] }, redirect_url: { type: 'string', maxLength: MAX_REDIRECT_URL_LENGTH } };
    for (const [name, value] of Object.entries(fields)) {
      if (!Object.hasOwn(known, name)) return [422, validationError(['body', name], 'Extra inputs are not permitted', 'extra_forbidden')];
      const fault = fieldFault(known[name], value);
      if (fault) return [422, validationError(['body', name], ...fault)];
    }
    return [200, { link_token: mint({ user_id: randomUUID(), ...fields }, origin).link_token }];
  }

  /** Answers the fake's own routes; resolves false when the request is not one of them. */
  async function handle(req, res) {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', origin);
    const owned = url.pathname.startsWith('/v2/') || url.pathname.startsWith('/fake');
    if (!owned) return false;
    const cors = corsHeaders(req, url, origin);
    if (req.method === 'OPTIONS') {
      // A CORS preflight is the browser's question, not a call of the API: not recorded.
      res.writeHead(204, cors);
      res.end();
      return true;
    }
    const isApi = url.pathname.startsWith('/v2/');
    let call = { operation: null, faults: [], answer: undefined };
    // Too large a body is left unread: the connection closes after the answer instead.
    let closeAfter = false;
    try {
      if (isApi) {
        req.bodyText = await readBody(req);
        closeAfter = req.bodyText === null;
        // The body's field names, never its values (they hold passwords and codes).
        const body = closeAfter ? undefined : parseObject(req.bodyText);
        const token = req.headers['x-service-link-token'];
        const headers = { ...req.headers };
        delete headers['x-service-link-token'];
        requests.push({ method: req.method, path: url.pathname, search: url.search, headers, tokenTag: typeof token === 'string' ? tokenTag(token) : null, bodyFields: body ? Object.keys(body) : null });
        if (requests.length > 500) requests.shift();
      }
      if (closeAfter) call.answer = [413, { detail: `Request body too large: at most ${MAX_BODY_BYTES} bytes.` }];
      else if (!isDecodable(url.pathname)) call.answer = isApi ? [400, { detail: 'Malformed percent-encoding in the path.' }] : [400, html('<h1>Malformed percent-encoding in the path</h1>')];
      else if (isApi) call = await apiCall(req, url, origin);
      else call.answer = await route(req, res, url, origin);
    } catch (error) {
      call.answer = [500, html(`<h1>Fake service error</h1><pre>${escapeHtml(String(error))}</pre>`)];
    }
    const { operation, faults, answer } = call;
    if (answer === undefined) return false;
    if (answer === null) return true; // already answered (a redirect)
    let [status, sent] = [answer[0], serialize(answer[1])];
    // The fake's own answers keep the description too, except those made off-contract on purpose.
    const answerChecked = operation !== null && !OFF_CONTRACT.has(answer);
    const answerProblems = answerChecked ? api.answerProblems(operation, status, sent.contentType, sent.text) : [];
    if (answerProblems.length) {
      // What the service's framework does with an answer its own model refuses: a 500 instead.
      for (const problem of answerProblems) log(`${req.method} ${url.pathname}: ${problem}`);
      status = 500;
      sent = serialize(html(`<h1>The fake's answer broke the link API description</h1><ul>${answerProblems.map((p) => `<li>${escapeHtml(p)}`).join('')}</ul>`));
    }
    log(`${req.method} ${url.pathname} → ${status}`);
    res.writeHead(status, { ...cors, ...sent.headers, ...(closeAfter ? { connection: 'close' } : {}) });
    res.end(sent.text ?? undefined);
    if (record && url.pathname.startsWith('/v2/link/')) {
      // Names, places and verdicts, never values: bodies hold passwords and codes, headers the token.
      record({
        method: req.method,
        path: url.pathname,
        query: [...new Set(url.searchParams.keys())],
        operation: operation?.id ?? null,
        // The scenario of the token the request carried: some misbehave on purpose.
        scenario: sessions.get(req.headers['x-service-link-token'])?.scenario ?? null,
        markedInvalid: req.headers['x-fake-expect'] === 'invalid',
        requestFaults: faults.map(({ loc, type }) => ({ loc, type })),
        status,
        answerChecked,
        answerProblems,
      });
    }
    return true;
  }

  /** How many tokens, and consent requests, the fake holds. */
  const held = () => ({ tokens: sessions.size, consents: consents.size });

  return { handle, sessions, mint, held };
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

/** An answer's body as it goes out: its content type, text (null for none) and own headers. */
function serialize(body) {
  if (body === null) return { contentType: null, text: null, headers: {} };
  if (body[RAW]) return { contentType: body.type, text: body.text, headers: { ...body.headers, 'content-type': body.type } };
  return { contentType: 'application/json', text: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** Answers made off the description on purpose (hostile scenarios): the fake does not check them. */
const OFF_CONTRACT = new WeakSet();
const offContract = (answer) => {
  OFF_CONTRACT.add(answer);
  return answer;
};

/**
 * The API answers any origin, as the real service does for a widget embedded anywhere. The
 * fake's own read-outs (`/fake/…`: the request log, the third parties' log) are the test
 * pages' alone: another page open in the same browser must not read them, so only the fake's
 * own origin gets a CORS header there.
 */
function corsHeaders(req, url, ownOrigin) {
  const origin = req.headers.origin;
  const readOut = url.pathname.startsWith('/fake/');
  const allowed = readOut ? (origin === ownOrigin ? { 'access-control-allow-origin': origin } : {}) : { 'access-control-allow-origin': origin ?? '*' };
  return {
    ...allowed,
    'access-control-allow-headers': 'content-type, x-service-link-token, x-service-api-key, x-fake-expect',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'cache-control': 'no-store',
    vary: 'origin',
  };
}

function validationError(loc, msg, type = 'value_error') {
  return { detail: [{ loc, msg, type }] };
}

/** The description's operations the fake answers, by operationId. */
const OPERATIONS = {
  token: 'generate_service_link_token_v2_link_token_post',
  providers: 'get_providers_v2_link_providers_get',
  oauth: 'generate_oauth_link',
  password: 'connect_password_provider_v2_link_provider_password__provider__post',
  complete_mfa: 'complete_password_provider_mfa_v2_link_provider_password__provider__complete_mfa_post',
  email: 'connect_email_auth_provider_v2_link_provider_email__provider__post',
};
const CALL_OF = Object.fromEntries(Object.entries(OPERATIONS).map(([call, id]) => [id, call]));

const ORIGIN = { type: 'string', pattern: '^https?://[^/?#]+$', maxLength: MAX_ORIGIN_LENGTH };
/**
 * The fields of `POST /v2/link/token` that only this fake knows, as JSON Schema added to the
 * description's body for that call: how the fake behaves for the token (see `mint`).
 */
const FAKE_TOKEN_FIELDS = {
  scenario: { enum: Object.keys(SCENARIOS) },
  delay_ms: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS },
  oauth_coop: { type: 'boolean' },
  oauth_auto: { enum: ['allow', 'deny'] },
  logo_origin: ORIGIN,
  oauth_origin: ORIGIN,
  provider_count: { type: 'integer', minimum: 1, maximum: MAX_PROVIDER_COUNT },
  lifetime_ms: { type: 'integer', minimum: 1, maximum: TOKEN_LIFETIME_MS },
  expire_after_calls: { type: 'integer', minimum: 0 },
};

/**
 * What the fake refuses beyond the description in the token call's fields it shares with the
 * service, as JSON Schema that narrows the description's own: a service bounds what it keeps.
 */
const TOKEN_FIELD_LIMITS = {
  redirect_url: { maxLength: MAX_REDIRECT_URL_LENGTH },
};

/**
 * What is wrong with a value for one of the simple field schemas above (`enum`, `type`,
 * `pattern`, integer bounds, `maxLength`), as pydantic's `[msg, type]`, or null when it fits.
 * A bound is named in the message, so a caller learns the limit.
 */
function fieldFault(schema, value) {
  const invalid = ['Input is not valid', 'value_error'];
  if (schema.enum) return schema.enum.includes(value) ? null : invalid;
  const types = [schema.type].flat();
  const type = value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;
  if (!types.includes(type)) return invalid;
  if (type === 'integer' && value < (schema.minimum ?? -Infinity)) return [`Input should be greater than or equal to ${schema.minimum}`, 'greater_than_equal'];
  if (type === 'integer' && value > (schema.maximum ?? Infinity)) return [`Input should be less than or equal to ${schema.maximum}`, 'less_than_equal'];
  if (type === 'string' && value.length > (schema.maxLength ?? Infinity)) return [`String should have at most ${schema.maxLength} characters`, 'string_too_long'];
  if (type === 'string' && schema.pattern && !new RegExp(schema.pattern).test(value)) return invalid;
  return null;
}

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

/**
 * The request's body as text, or null when it is larger than MAX_BODY_BYTES: then what was
 * read is dropped and the rest is left unread (the stream is paused, not drained), so the
 * sender's bytes never pile up in memory. A declared length over the limit is refused unread.
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
      req.pause();
      return resolve(null);
    }
    const chunks = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
      stop();
      req.pause();
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * What the fake takes for an email address: one `@` with text before it, no whitespace, and a
 * dot inside the part after it. The regex it replaces, `^[^@\s]+@[^@\s]+\.[^@\s]+$`, tried
 * every dot of the domain against the rest of it: quadratic, seconds for one long address.
 * indexOf and a regex of single classes each look at a character once.
 */
export function isEmailAddress(text) {
  if (typeof text !== 'string' || /\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || text.includes('@', at + 1)) return false;
  const domain = text.slice(at + 1);
  return domain.slice(1, -1).includes('.');
}

/**
 * A short, one-way tag of a link token, for the request log: a test that knows its token
 * computes the same tag (test/helpers.ts), and a reader of the log learns no token from it.
 */
export function tokenTag(token) {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** Whether every percent escape in the path is UTF-8 that decodes. */
function isDecodable(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
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
