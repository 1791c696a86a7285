/**
 * The arbitraries: hostile answers for the five link calls, as fast-check generates them. A case
 * is an `Answer` (status, body, how it travels) for one call; the harness (harness.ts) serves it
 * to a real widget and the test (hostile-answers.test.ts) states what must hold after it.
 */
import fc from 'fast-check';

const MB = 1 << 20;
const HUGE = 100_000;

/** What the user of a case types or holds: the harness makes fresh ones for every case. */
export const SECRETS = ['token', 'username', 'password', 'code', 'email'] as const;
export type SecretName = (typeof SECRETS)[number];

/**
 * `{{password}}` in an answer is served as the case's own password, as a service that echoes what
 * it was sent would; `{{body}}` (as a whole JSON value) is served as the request's body. An echo
 * may be written as it is, JSON-escaped (with non-ASCII as `\u00e4`, as Python's json.dumps
 * does), HTML-escaped, or percent-encoded (`{{password:json}}`); the harness fills these in.
 */
export const ECHO_FORMS = ['plain', 'json', 'html', 'url'] as const;
export type EchoForm = (typeof ECHO_FORMS)[number];
export const echo = (secret: SecretName, form: EchoForm = 'plain') => (form === 'plain' ? `{{${secret}}}` : `{{${secret}:${form}}}`);
export const ECHO_BODY = '{{body}}';

export interface Answer {
  status: number;
  contentType: string;
  /** A JSON value, serialised when served, or raw text. */
  body: { json: unknown } | { text: string };
  /** `whole`: the body arrives; `refused`: fetch rejects; `cut`: the body breaks off halfway. */
  transport: 'whole' | 'refused' | 'cut';
}

/** One hostile answer to the call under test, and what the flow needs to be sent it. */
export interface Turn {
  answer: Answer;
  /** The entries of a mixed list that are valid as written (echoes not yet filled in). */
  validProviders?: { name: string; slug: string }[] | undefined;
  /** For complete_mfa: how many valid `pending_provider_mfa` rounds come before the hostile one. */
  mfaRounds?: number | undefined;
}

/**
 * One flow against one call: its first turn from a new flow, each further one from the screen the
 * last left when that screen can send the call again (a form after a recoverable error, Try
 * again), else from a new flow. Retrying is what a person does; it also spares a flow's start.
 */
export interface HostileCase {
  call: CallName;
  turns: Turn[];
}

// Built once and shared: fast-check picks among them instead of building a megabyte per case.
// Smallest first, so shrinking walks towards the smallest one that still fails.
const bigStrings = [
  '<'.repeat(16_384),
  '<'.repeat(HUGE),
  '<'.repeat(MB),
  'x'.repeat(HUGE),
  'word '.repeat(HUGE / 5),
  '<b>bold</b>'.repeat(HUGE / 11),
  'a\u0301'.repeat(HUGE / 2),
  '\u202e' + 'ab'.repeat(HUGE / 2),
  '🙂'.repeat(HUGE / 2),
];

/** Markup that must only ever appear as text, never as elements, attributes or script. */
const markup = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<b>bold</b>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '"><svg onload="window.__pwned=1">',
  "'><a href=javascript:window.__pwned=1>x</a>",
  '<style>*{display:none}</style>',
  '</span></button><img class="logo" src="javascript:window.__pwned=1">',
  '<!--',
  '{{7*7}}',
  '${7*7}',
  '&lt;b&gt;',
  '\u0000',
  '\ud800',
  '\u202e',
];

/** URLs a service must not get the widget to open or hand to the page: every field gets them. */
const urls = [
  'javascript:window.__pwned=1',
  'JavaScript:window.__pwned=1',
  ' javascript:window.__pwned=1',
  'java\tscript:window.__pwned=1',
  'javascript://%0Awindow.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://provider.example/1',
  'about:blank',
  '//evil.example/x',
  '/relative/logo.png',
  'https://',
  'http://[::1',
  'https://provider.example/oauth/authorize?client_id=1&state=<b>',
  'http://provider.example/logo.png',
];

const plainString = fc.string({ maxLength: 40, unit: 'grapheme' });

/**
 * Service-side text that echoes a secret (a provider's message naming the account, a code…), in
 * any of its written forms, at any offset of a long text (where a cut would fall: 200, 500).
 */
const secretEcho = fc
  .tuple(fc.constantFrom(...SECRETS), fc.constantFrom(...ECHO_FORMS))
  .map(([name, form]) => echo(name, form))
  .chain((secret) =>
    fc.oneof(
      fc.constantFrom(secret, `Invalid credentials for ${secret}`, `<p>rejected: ${secret}</p>`, `code ${secret} expired`),
      fc.integer({ min: 0, max: 600 }).map((offset) => `${'x'.repeat(offset)}${secret} was refused`),
    ),
  );

/**
 * Where every string field of every answer comes from. A new kind of string added here reaches
 * all of them: echoes of the flow's secrets, so far only in what a service writes for people
 * (`messageString`), go everywhere with one more line.
 *
 * A huge string in about one field in a hundred: a case has several fields, and a huge one costs
 * a hundred times a small one to render.
 */
const stringSources: fc.WeightedArbitrary<string>[] = [
  { weight: 40, arbitrary: plainString },
  { weight: 15, arbitrary: fc.constantFrom(...markup) },
  { weight: 15, arbitrary: fc.constantFrom(...urls) },
  { weight: 10, arbitrary: fc.tuple(plainString, fc.constantFrom(...markup, ...urls)).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom(...bigStrings) },
  { weight: 4, arbitrary: secretEcho },
];
export const hostileString: fc.Arbitrary<string> = fc.oneof(...stringSources);

/** What a service writes for people (`error`, `detail`, `msg`): hostile, and now and then echoing a secret. */
const messageString = fc.oneof({ weight: 6, arbitrary: hostileString }, { weight: 2, arbitrary: secretEcho });

/** Any JSON value, with every string hostile; shallow, so a case stays cheap. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    fc.constant(null),
    hostileString,
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(0, -1, 1e308, -0, 2 ** 53 + 1),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'state', 'detail')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** A known value of a non-exhaustive enum, an unknown one, or anything at all. */
const enumValue = (known: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom('', 'UNKNOWN', `${known[0]} `, known[0]?.toUpperCase() ?? 'X', 'sso', 'constructor', '__proto__') },
    { weight: 1, arbitrary: hostileValue },
  );

const MISSING = Symbol('missing');

/**
 * An object of the documented shape whose fields are each valid (mostly), hostile, or missing,
 * with now and then an undocumented field.
 */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const mutated = Object.fromEntries(
    Object.entries(fields).map(([key, valid]) => [
      key,
      fc.oneof({ weight: 6, arbitrary: valid }, { weight: 2, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(MISSING) }),
    ]),
  );
  return fc
    .tuple(fc.record(mutated), fc.option(fc.dictionary(fc.constantFrom('__proto__', 'extra', 'then', 'toJSON'), hostileValue, { maxKeys: 2 }), { freq: 5 }))
    .map(([record, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) if (value !== MISSING) out[key] = value;
      // JSON.parse makes `__proto__` an own field; so does defineProperty here.
      for (const [key, value] of Object.entries(extra ?? {})) Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      return out;
    });
}

const AUTH_TYPES = ['oauth', 'team_oauth', 'password', 'email', 'sdk', 'app', ''] as const;
const STATES = ['success', 'error', 'pending_provider_mfa'] as const;
const ERROR_TYPES = [
  'invalid_token',
  'token_expired',
  'token_not_validated',
  'token_consumed',
  'provider_credential_error',
  'provider_password_expired',
  'provider_api_error',
  'unsupported_region',
  'duplicate_connection',
  'required_scopes_not_granted',
  'incorrect_mfa_code',
  'user_cancelled',
] as const;

/** A `SourceLink` valid by the API description: every required field there, with the right type. */
const providerFields = {
  id: fc.nat(),
  name: hostileString,
  slug: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/), hostileString.filter((s) => s !== '')),
  description: hostileString,
  logo: hostileString,
  oauth_url: fc.option(fc.constantFrom(...urls)),
  auth_type: fc.option(fc.constantFrom(...AUTH_TYPES), { freq: 8 }),
  form_components: fc.constantFrom({}, { requires_region: true }),
};
const validProvider = fc.record(providerFields);

/** What makes one entry of a list malformed. */
const breakage = fc.oneof(
  fc.record({ field: fc.constantFrom('name', 'slug'), value: fc.constantFrom(null, 0, true, {}, [], '') }).map(({ field, value }) => (entry: Record<string, unknown>) => {
    if (field === 'name' && value === '') return { ...entry, name: null }; // '' is dropped anyway: see the valid-entries property
    return { ...entry, [field]: value };
  }),
  fc.constantFrom('name', 'slug').map((field) => (entry: Record<string, unknown>) => {
    const { [field]: _dropped, ...rest } = entry;
    return rest;
  }),
  fc.record({ field: fc.constantFrom('id', 'description', 'logo', 'form_components'), value: hostileValue.filter((v) => typeof v !== 'string') }).map(
    ({ field, value }) => (entry: Record<string, unknown>) => ({ ...entry, [field]: field === 'id' && typeof value === 'number' ? String(value) : value }),
  ),
  fc.constantFrom(null, 'provider', 42, [], [{ slug: 'x' }]).map((value) => () => value),
);

/** A list mixing valid entries (unique slugs) with malformed ones, and which names are valid. */
const mixedProviderList: fc.Arbitrary<{ entries: unknown[]; validProviders: { name: string; slug: string }[] }> = fc
  .array(fc.record({ entry: validProvider, broken: fc.option(breakage, { freq: 3 }) }), { minLength: 1, maxLength: 12 })
  .map((items) => {
    const entries: unknown[] = [];
    const validProviders: { name: string; slug: string }[] = [];
    items.forEach(({ entry, broken }, index) => {
      const unique = { ...entry, slug: `${entry.slug}-${index}` };
      if (broken) entries.push(broken(unique));
      // A slug is a path segment: one too long to send (over 200 characters) is malformed too.
      else if (unique.slug.length > 200) entries.push(unique);
      else {
        entries.push(unique);
        validProviders.push({ name: unique.name, slug: unique.slug });
      }
    });
    return { entries, validProviders };
  });

/** Twenty thousand valid providers, about 2 MB of JSON. */
const hugeProviderList = Array.from({ length: 20_000 }, (_, i) => ({
  id: i,
  name: `Provider ${i}`,
  slug: `provider_${i}`,
  description: 'A provider among many, with a description long enough to add up.',
  logo: `https://logos.example/${i}.png`,
  auth_type: AUTH_TYPES[i % AUTH_TYPES.length],
  form_components: {},
}));

const oauthSource = shaped({
  name: hostileString,
  slug: fc.constant('fuzz_oauth'),
  description: hostileString,
  logo: hostileString,
  group: fc.option(hostileString),
  oauth_url: fc.oneof({ weight: 3, arbitrary: fc.webUrl() }, { weight: 2, arbitrary: fc.constantFrom(...urls) }, { weight: 1, arbitrary: hostileString }),
  auth_type: enumValue(AUTH_TYPES),
  source_type: enumValue(['app', 'ble', 'device', 'lab', 'provider']),
  is_active: fc.boolean(),
  id: fc.nat(),
});

const linkResult = shaped({
  state: enumValue(STATES),
  redirect_url: fc.oneof(fc.constant(null), fc.webUrl(), fc.constantFrom(...urls), hostileString),
  error_type: fc.option(enumValue(ERROR_TYPES)),
  error: fc.option(messageString),
  provider_mfa: fc.option(shaped({ method: enumValue(['sms', 'email']), hint: hostileString })),
  provider: fc.constant('fuzz_password'),
  connected: fc.boolean(),
  provider_id: fc.string({ maxLength: 12 }),
});

const emailInvite = shaped({});

const SUCCESS_STATUSES = [200, 201, 202, 203, 206, 299];
const ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 410, 413, 422, 429, 500, 501, 502, 503, 504, 599];
const anyStatus = fc.oneof(
  { weight: 4, arbitrary: fc.constant(200) },
  { weight: 1, arbitrary: fc.constantFrom(...SUCCESS_STATUSES, 204, 205, 304, ...ERROR_STATUSES) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 599 }) },
);
const errorStatus = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ERROR_STATUSES) }, { weight: 1, arbitrary: fc.integer({ min: 400, max: 599 }) });
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', '');

const json = (value: unknown) => ({ json: value });
const text = (value: string) => ({ text: value });

/** FastAPI's 422: each item echoes the offending `input`, which can be the whole request body. */
const validationDetail = fc.array(
  fc.record({
    type: fc.constantFrom('missing', 'string_type', 'value_error'),
    loc: fc.constantFrom(['body'], ['body', 'password'], ['body', 'mfa_code'], ['header', 'x-service-link-token'], ['path', 'provider']),
    msg: messageString,
    input: fc.oneof(fc.constant(ECHO_BODY), fc.constantFrom(...SECRETS.map((name) => echo(name))), hostileValue),
  }),
  { minLength: 1, maxLength: 3 },
);

const htmlPage = fc
  .tuple(fc.constantFrom('502 Bad Gateway', 'Internal Server Error', 'Forbidden'), messageString)
  .map(([title, extra]) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${extra}</p></body></html>`);

/**
 * A body for a 4xx/5xx: each shape the service sends (`{detail: {error_type, error}}`, `{detail: "text"}`,
 * FastAPI's 422 list, an error link result), and then some.
 */
const errorBody = fc.oneof(
  fc.record({ detail: fc.record({ error_type: enumValue(ERROR_TYPES), error: fc.option(messageString) }) }).map(json),
  fc.record({ detail: fc.oneof(messageString, fc.constantFrom('Token expired', 'token has been used', 'Could not validate token')) }).map(json),
  fc.record({ detail: validationDetail }).map(json),
  fc.record({ state: fc.constant('error'), error_type: enumValue(ERROR_TYPES), error: fc.option(messageString) }).map(json),
  hostileValue.map(json),
  htmlPage.map(text),
  fc.constantFrom('', ' ').map(text),
);

/** Bodies that are not (whole) JSON. */
function rawText(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ text: string }> {
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([value, cut]) => {
      const whole = JSON.stringify(value) ?? '';
      return text(whole.slice(0, whole.length ? cut % whole.length : 0));
    }),
    htmlPage.map(text),
    hostileString.map(text),
    fc.constantFrom('', '   ', '\ufeff{}', 'null', 'undefined', 'NaN', '1e999', '"text"', 'true', '{"state":"success"', '{"state":"success"}}', "{'state':'success'}").map(text),
  );
}

/** Valid JSON nested ten thousand deep, a truncated nesting, and other bodies of a megabyte. */
const bigBodies = fc.constantFrom(
  text('['.repeat(10_000)),
  text(`${'['.repeat(10_000)}${']'.repeat(10_000)}`),
  text(`{"detail":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
  text(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
  text('<'.repeat(MB)),
  text('x'.repeat(MB)),
  json({ state: 'error', error_type: 'provider_api_error', error: '<'.repeat(MB) }),
  json({ detail: 'x'.repeat(MB) }),
  json(hugeProviderList),
);

/** One hostile answer to a call whose valid answer looks like `valid`. */
function hostileAnswer(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Answer> {
  const answer = (status: fc.Arbitrary<number>, body: fc.Arbitrary<Answer['body']>, transport: Answer['transport'] = 'whole') =>
    fc.record({ status, contentType, body, transport: fc.constant(transport) });
  return fc.oneof(
    { weight: 16, arbitrary: answer(fc.constant(200), valid.map(json)) },
    { weight: 6, arbitrary: answer(anyStatus, hostileValue.map(json)) },
    { weight: 10, arbitrary: answer(errorStatus, errorBody) },
    { weight: 6, arbitrary: answer(anyStatus, rawText(valid)) },
    // One case in fifty: a megabyte, or ten thousand levels of nesting.
    { weight: 1, arbitrary: answer(anyStatus, bigBodies) },
    { weight: 2, arbitrary: answer(fc.constant(200), valid.map(json), 'cut') },
    { weight: 2, arbitrary: answer(fc.constant(0), fc.constant(text('')), 'refused') },
  );
}

const providerListTurn: fc.Arbitrary<Turn> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(mixedProviderList, contentType).map(([{ entries, validProviders }, type]) => ({
      answer: { status: 200, contentType: type, body: json(entries), transport: 'whole' as const },
      validProviders,
    })),
  },
  { weight: 4, arbitrary: hostileAnswer(fc.array(shaped(providerFields), { maxLength: 4 })).map((answer) => ({ answer })) },
);

export const CALL_NAMES = ['providers', 'oauth', 'password', 'complete_mfa', 'email'] as const;
export type CallName = (typeof CALL_NAMES)[number];

/** Per call: the turns fast-check draws from. */
const turnsOf: Record<CallName, fc.Arbitrary<Turn>> = {
  providers: providerListTurn,
  oauth: hostileAnswer(oauthSource).map((answer) => ({ answer })),
  password: hostileAnswer(linkResult).map((answer) => ({ answer })),
  // Most cases answer the first code: every round before it costs a sign-in screen and a request.
  complete_mfa: fc
    .tuple(hostileAnswer(linkResult), fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }))
    .map(([answer, mfaRounds]) => ({ answer, mfaRounds })),
  email: hostileAnswer(emailInvite).map((answer) => ({ answer })),
};

/** A case for any of the five calls, as often for each; shrinking keeps to the call. */
export const hostileCase: fc.Arbitrary<HostileCase> = fc.oneof(
  ...CALL_NAMES.map((call) => fc.array(turnsOf[call], { minLength: 1, maxLength: 4 }).map((turns): HostileCase => ({ call, turns }))),
);
