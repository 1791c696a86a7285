// `node scripts/check-contract.mjs`: the last step of `npm test`. While web-test-runner runs, the
// fake service records every exchange on its /v2/link/* routes (web-test-runner.config.mjs);
// this checks each one against the link API description (spec/link-api.openapi.json, the copy of
// ../shared/spec/link-api.openapi.json kept in the repository so that any clone can run it)
// with Ajv, a maintained JSON Schema 2020-12 validator (OpenAPI 3.1 schemas are 2020-12).
//
// Requests must always match: a documented path and method, no undocumented query parameter,
// the token header, and a body that matches its schema closed (no undocumented field). Answers
// must match the description too, except where a scenario misbehaves on purpose. Any mismatch
// fails the run; the messages name the request, the fields and the schema error, never a
// value (bodies hold passwords and codes).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { FAKE_TOKEN_FIELDS, REGIONS } from '../demo/fake-service.mjs';

/** Where the exchanges go, one JSON object a line; cleared when web-test-runner starts. */
export const EXCHANGE_LOG = fileURLToPath(new URL('../.contract/exchanges.jsonl', import.meta.url));
export const SPEC_FILE = process.env.LINK_API_SPEC ?? fileURLToPath(new URL('../spec/link-api.openapi.json', import.meta.url));
/** The shared original, beside the repository where there is one (test/node/spec-copy.test.mjs keeps the two equal). */
export const SHARED_SPEC_FILE = fileURLToPath(new URL('../../shared/spec/link-api.openapi.json', import.meta.url));

/** The five calls the widget makes (DESIGN.md's API table), by the description's operationId. */
const WIDGET_OPERATIONS = {
  get_providers_v2_link_providers_get: 'list providers',
  generate_oauth_link: 'OAuth URL',
  connect_password_provider_v2_link_provider_password__provider__post: 'password sign-in',
  complete_password_provider_mfa_v2_link_provider_password__provider__complete_mfa_post: 'complete MFA',
  connect_email_auth_provider_v2_link_provider_email__provider__post: 'email invite',
};
/** A run must have seen at least this many answered, checked exchanges of each of the five. */
const MINIMUM_PER_OPERATION = 1;

/**
 * Scenarios whose answers leave the contract on purpose (a body that is not JSON, an HTML 500,
 * JSON of the wrong shape, a server without the API's 404, hostile values, a flaky gateway's 502s): their answers are not
 * checked. Their requests are, like every other.
 */
const OFF_CONTRACT_ANSWERS = {
  'garbage-json': () => true,
  'html-500': () => true,
  'wrong-shape': () => true,
  'no-api': () => true,
  hostile: () => true,
  flaky: (exchange) => exchange.status === 502,
};

/** What the description says of an enum whose values may grow: any string is to be accepted. */
const NON_EXHAUSTIVE = 'ℹ️ This enum is non-exhaustive.';

/**
 * A rejected token is not in the description: DESIGN.md lists the four shapes it arrives in
 * (401/400/403). These small schemas, written here, check those answers instead.
 */
const REJECTED_TOKEN = {
  $id: 'rejected-token',
  anyOf: [
    { title: 'no body', type: 'null' },
    {
      title: '{detail: {error_type, error?}}',
      type: 'object',
      required: ['detail'],
      properties: {
        detail: { type: 'object', required: ['error_type'], properties: { error_type: { type: 'string' }, error: { type: ['string', 'null'] } } },
      },
    },
    { title: '{detail: "text"}', type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
    {
      title: 'a link result',
      type: 'object',
      required: ['state', 'error_type'],
      properties: { state: { const: 'error' }, error_type: { type: 'string' }, error: { type: ['string', 'null'] } },
    },
  ],
};
const REJECTED_TOKEN_STATUSES = new Set([400, 401, 403]);

/**
 * The description leaves a 422's `detail` untyped; the service's framework (FastAPI) sends a list
 * of `{loc, msg, type}`, and the widget and the strict-fake tests read it so. Written here too.
 */
const VALIDATION_DETAIL = {
  $id: 'validation-detail',
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: { loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' }, type: { type: 'string' } },
      },
    },
  },
};

const mediaType = (value) => String(value ?? '').split(';')[0].trim().toLowerCase();

/**
 * Builds the validator from the description: every component schema in one JSON Schema document
 * per direction, and a compiled check for each operation's parameters, body and answers.
 */
export function contractFromDescription(description) {
  const components = description.components?.schemas ?? {};
  const annotations = new Set();
  const collectAnnotations = (node) => {
    if (Array.isArray(node)) return node.forEach(collectAnnotations);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) annotations.add(key);
      else collectAnnotations(value);
    }
  };
  collectAnnotations(description);

  /** `#/components/schemas/X` → the same schema in this direction's document. */
  const rewriteRefs = (node, documentId) =>
    deepMap(node, (value, key) => (key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', `${documentId}#/$defs/`) : value));

  function validatorFor(documentId, transform) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
    addFormats(ajv);
    // The description's `x-…` annotations (SDK generator hints) carry no validation.
    ajv.addVocabulary([...annotations]);
    const defs = Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, transform(rewriteRefs(schema, documentId))]));
    ajv.addSchema({ $id: documentId, $defs: defs });
    ajv.addSchema(REJECTED_TOKEN);
    ajv.addSchema(VALIDATION_DETAIL);
    return { ajv, compile: (schema) => ajv.compile(transform(rewriteRefs(schema, documentId))) };
  }

  // Requests: enums stay as listed (a request must use a value the service knows today), and
  // each body is closed below. Answers: enums marked non-exhaustive accept any string.
  const requests = validatorFor('link-api-requests', (schema) => schema);
  let opened = 0;
  const responses = validatorFor('link-api-responses', (schema) => {
    const result = openNonExhaustiveEnums(schema);
    opened += result.count;
    return result.schema;
  });

  const operations = [];
  for (const [template, item] of Object.entries(description.paths ?? {})) {
    const names = [];
    const pattern = new RegExp(
      `^${template.replace(/\{([^}]+)\}|[^{]+/g, (part, name) => {
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      })}$`,
    );
    const methods = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const compileParameter = (parameter) => ({ name: parameter.name, in: parameter.in, required: parameter.required, check: requests.compile(parameter.schema ?? {}) });
      const body = operation.requestBody?.content ?? null;
      methods[method.toUpperCase()] = {
        id: operation.operationId,
        template,
        method: method.toUpperCase(),
        parameters: parameters.map(compileParameter),
        body: body && {
          required: operation.requestBody.required === true,
          mediaTypes: Object.keys(body),
          // The closed variant: in 2020-12, `unevaluatedProperties: false` around the body's schema
          // refuses any field that schema (through its `$ref`) does not declare. The spec file is
          // untouched.
          check: requests.compile({ allOf: [body['application/json'].schema], unevaluatedProperties: false }),
        },
        responses: Object.fromEntries(
          Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            {
              mediaTypes: Object.keys(response.content ?? {}),
              check: response.content?.['application/json'] ? responses.compile(response.content['application/json'].schema) : null,
            },
          ]),
        ),
      };
    }
    operations.push({ template, pattern, names, methods });
  }
  if (opened === 0) throw new Error(`no enum is marked "${NON_EXHAUSTIVE}": has the description changed how it says so?`);
  return {
    operations,
    openedEnums: opened,
    rejectedToken: responses.ajv.getSchema('rejected-token'),
    validationDetail: responses.ajv.getSchema('validation-detail'),
    regions: components.Region?.enum ?? [],
  };
}

/**
 * Drops `enum` from every schema whose description says it is non-exhaustive, and from the
 * schemas written inline under it (`anyOf: [{enum}, {type: null}]`); a `$ref`'d enum says so on
 * its own schema. Nothing else changes.
 */
function openNonExhaustiveEnums(root) {
  let count = 0;
  const open = (node, inherited) => {
    if (Array.isArray(node)) return node.map((child) => open(child, inherited));
    if (!node || typeof node !== 'object') return node;
    const marked = inherited || (typeof node.description === 'string' && node.description.includes(NON_EXHAUSTIVE));
    const result = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && marked) {
        count += 1;
        continue;
      }
      if (key === 'properties' || key === '$defs') result[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, open(child, false)]));
      else if (['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'].includes(key)) result[key] = open(value, marked);
      else if (key.startsWith('x-') || key === 'examples' || key === 'default') result[key] = value;
      else result[key] = open(value, false);
    }
    return result;
  };
  return { schema: open(root, false), count };
}

function deepMap(node, map, key) {
  if (Array.isArray(node)) return node.map((child) => deepMap(child, map));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deepMap(v, map, k)]));
  return map(node, key);
}

/** Ajv's errors as `path: message [schema path]`: where and which rule, never the value. */
function describeErrors(errors) {
  return (errors ?? []).slice(0, 6).map((e) => {
    const field = e.params?.unevaluatedProperty ?? e.params?.additionalProperty ?? e.params?.missingProperty;
    return `${e.instancePath || '(root)'}: ${e.message}${field ? ` (${field})` : ''} [${e.schemaPath}]`;
  });
}

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { fault: 'is not JSON' };
  }
}

/** The fields of a JSON body, for messages (names only). */
function fieldNames(value) {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).join(', ') || 'none' : typeof value;
}

/** Problems with one exchange's request, as messages. */
function requestProblems(contract, exchange, found) {
  if (!found) return [`no path in the description matches ${exchange.path}`];
  const { operation, pathValues } = found;
  if (!operation) return [`${exchange.method} is not documented on ${found.template}`];
  const problems = [];
  const documentedQuery = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const extraQuery = [...new Set(exchange.query.map(([name]) => name))].filter((name) => !documentedQuery.has(name));
  if (extraQuery.length) problems.push(`undocumented query parameter(s): ${extraQuery.join(', ')}`);
  for (const parameter of operation.parameters) {
    const value = parameter.in === 'path' ? pathValues[parameter.name] : parameter.in === 'header' ? exchange.headers[parameter.name.toLowerCase()] : parameter.in === 'query' ? exchange.query.find(([name]) => name === parameter.name)?.[1] : undefined;
    // The description marks x-service-link-token optional (the service's handler reads it);
    // DESIGN.md: every request the widget makes carries it. Documented headers are required here.
    const required = parameter.required || parameter.in === 'header' || parameter.in === 'path';
    if (value === undefined) {
      if (required) problems.push(`${parameter.in} parameter ${parameter.name} is missing`);
    } else if (!parameter.check(value)) {
      problems.push(...describeErrors(parameter.check.errors).map((line) => `${parameter.in} parameter ${parameter.name} ${line}`));
    }
  }
  const body = exchange.body ?? '';
  if (!operation.body) {
    if (body !== '') problems.push('a body on a call that takes none');
    return problems;
  }
  if (body === '') {
    if (operation.body.required) problems.push('the required body is missing');
    return problems;
  }
  const contentType = mediaType(exchange.headers['content-type']);
  if (!operation.body.mediaTypes.includes(contentType)) {
    problems.push(`body sent as ${contentType || 'no content type'}, documented: ${operation.body.mediaTypes.join(', ')}`);
  }
  const parsed = parseJson(body);
  if (parsed.fault) return [...problems, `request body ${parsed.fault}`];
  let value = parsed.value;
  if (operation.id === 'generate_service_link_token_v2_link_token_post' && value && typeof value === 'object') {
    // The token call is the partner backend's, not the widget's; here the tests and the demo
    // make it, with the fake's own controls for the token, which are left out before the check.
    value = Object.fromEntries(Object.entries(value).filter(([name]) => !FAKE_TOKEN_FIELDS.includes(name)));
  }
  if (!operation.body.check(value)) {
    problems.push(...describeErrors(operation.body.check.errors).map((line) => `request body ${line} — fields sent: ${fieldNames(value)}`));
  }
  return problems;
}

/** Problems with one exchange's answer, as messages. */
function responseProblems(contract, exchange, operation) {
  const { status, response } = exchange;
  const documented = operation.responses[String(status)];
  const body = response.body === null || response.body === '' ? { value: null } : parseJson(response.body);
  if (documented) {
    if (documented.mediaTypes.length && !documented.mediaTypes.includes(mediaType(response.contentType))) {
      return [`answer ${status} sent as ${response.contentType ?? 'no content type'}, documented: ${documented.mediaTypes.join(', ')}`];
    }
    if (body.fault) return [`answer ${status} body ${body.fault}`];
    const problems = [];
    if (documented.check && !documented.check(body.value)) problems.push(...describeErrors(documented.check.errors).map((line) => `answer ${status} ${line}`));
    if (status === 422 && !contract.validationDetail(body.value)) {
      problems.push(...describeErrors(contract.validationDetail.errors).map((line) => `answer 422 (FastAPI's detail list) ${line}`));
    }
    return problems;
  }
  const takesToken = operation.parameters.some((p) => p.in === 'header' && p.name === 'x-service-link-token');
  if (takesToken && REJECTED_TOKEN_STATUSES.has(status)) {
    if (body.value !== null && mediaType(response.contentType) !== 'application/json') return [`rejection ${status} sent as ${response.contentType}`];
    if (body.fault) return [`rejection ${status} body ${body.fault}`];
    if (!contract.rejectedToken(body.value)) return describeErrors(contract.rejectedToken.errors).map((line) => `rejection ${status} is none of DESIGN.md's four shapes: ${line}`);
    return [];
  }
  return [`answer ${status} is not documented for ${operation.method} ${operation.template}`];
}

function findOperation(contract, method, path) {
  for (const candidate of contract.operations) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    let pathValues;
    try {
      pathValues = Object.fromEntries(candidate.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    } catch {
      pathValues = {};
    }
    return { template: candidate.template, operation: candidate.methods[method], pathValues };
  }
  return null;
}

/**
 * What is wrong with one request, by the description alone (`[]` when nothing): the test runner
 * puts this in front of the fake, so every test runs against a service that refuses what the
 * description refuses, whatever the fake's own checks say.
 */
export function requestProblemsOf(contract, request) {
  return requestProblems(contract, request, findOperation(contract, request.method, request.path));
}

/** Checks every exchange; returns the failures and the counts. */
export function checkExchanges(contract, exchanges, { minimum = MINIMUM_PER_OPERATION } = {}) {
  const failures = [];
  const checked = Object.fromEntries(Object.keys(WIDGET_OPERATIONS).map((id) => [id, 0]));
  let markedInvalid = 0;
  let answersSkipped = 0;
  exchanges.forEach((exchange, index) => {
    const found = findOperation(contract, exchange.method, exchange.path);
    const operation = found?.operation;
    const names = exchange.query.map(([name]) => name);
    const label = `#${index + 1} ${exchange.method} ${exchange.path}${names.length ? `?${names.join('&')}` : ''} (${operation ? `${operation.template}, ` : ''}scenario ${exchange.scenario ?? 'none'}, answer ${exchange.status})`;
    const fail = (lines) => lines.forEach((line) => failures.push(`${label}: ${line}`));

    const problems = requestProblems(contract, exchange, found);
    if (exchange.headers['x-fake-expect'] === 'invalid') {
      // A test's malformed request on purpose: the fake must have refused it, and the
      // description must refuse it too (or this check would wave such a request through).
      markedInvalid += 1;
      if (exchange.status !== 422) fail([`marked x-fake-expect: invalid, but the fake answered ${exchange.status}, not 422`]);
      if (problems.length === 0) fail(['marked x-fake-expect: invalid, but the request matches the description']);
    } else {
      fail(problems);
    }
    if (!operation) return;

    if (OFF_CONTRACT_ANSWERS[exchange.scenario]?.(exchange)) {
      answersSkipped += 1;
      return;
    }
    const answerProblems = responseProblems(contract, exchange, operation);
    fail(answerProblems);
    const clean = problems.length === 0 && answerProblems.length === 0 && exchange.headers['x-fake-expect'] !== 'invalid';
    if (clean && exchange.status === 200 && operation.id in checked) checked[operation.id] += 1;
  });
  for (const [id, count] of Object.entries(checked)) {
    if (count < minimum) {
      failures.push(`only ${count} checked 200 exchange(s) of "${WIDGET_OPERATIONS[id]}" (${id}); the suite must make at least ${minimum}`);
    }
  }
  return { failures, checked, markedInvalid, answersSkipped };
}

/**
 * Exchanges the check must refuse, each for one reason; run before the real ones, so that a
 * validator set up wrong (a `$ref` that resolves to nothing, a schema that accepts anything)
 * fails the run instead of passing everything.
 */
const CANARIES = [
  ['a provider without its required fields', { path: '/v2/link/providers', answer: '[{"id": 1, "name": "A"}]' }],
  ['an OAuth answer whose oauth_url is a number', { path: '/v2/link/provider/oauth/a', answer: '{"id": 1, "name": "A", "slug": "a", "description": "", "logo": "", "oauth_url": 5}' }],
  ['a link result without its state', { method: 'POST', path: '/v2/link/provider/password/a', body: '{"username": "u", "password": "p"}', answer: '{"provider": "a", "connected": false, "provider_id": null}' }],
  ['an MFA request whose hint is not text', { method: 'POST', path: '/v2/link/provider/password/a/complete_mfa', body: '{"mfa_code": "1"}', answer: '{"state": "pending_provider_mfa", "provider": "a", "connected": false, "provider_id": null, "provider_mfa": {"method": "sms", "hint": 5}}' }],
  ['an undocumented body field', { method: 'POST', path: '/v2/link/provider/email/a', body: '{"email": "a@b.co", "slug": "a"}', answer: '{}' }],
  ['a region the description does not list', { method: 'POST', path: '/v2/link/provider/password/a', body: '{"username": "u", "password": "p", "region": "atlantis"}', answer: '{"state": "success", "provider": "a", "connected": true, "provider_id": "1"}' }],
  ['a body field of the wrong type', { method: 'POST', path: '/v2/link/provider/password/a/complete_mfa', body: '{"mfa_code": 1}', answer: '{"state": "success", "provider": "a", "connected": true, "provider_id": "1"}' }],
  ['a query parameter', { path: '/v2/link/providers', query: [['x', '1']], answer: '[]' }],
  ['no token header', { path: '/v2/link/providers', headers: {}, answer: '[]' }],
  ['a body sent as text/plain', { method: 'POST', path: '/v2/link/provider/email/a', headers: { 'content-type': 'text/plain', 'x-service-link-token': 't' }, body: '{"email": "a@b.co"}', answer: '{}' }],
  ['an undocumented path', { path: '/v2/link/provider/fax/a', answer: '{}' }],
  ['a rejection in none of the four shapes', { path: '/v2/link/providers', status: 401, answer: '{"error": "no"}' }],
  ['a 422 without a detail list', { path: '/v2/link/providers', status: 422, answer: '{"detail": "no"}' }],
  ['an undocumented status', { path: '/v2/link/providers', status: 500, answer: '{}' }],
].map(([why, { method = 'GET', path, query = [], headers, body = '', status = 200, answer }]) => [
  why,
  {
    method,
    path,
    query,
    headers: headers ?? { 'x-service-link-token': 't', ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    scenario: 'default',
    status,
    response: { contentType: 'application/json', body: answer },
  },
]);

function main() {
  const started = performance.now();
  if (!existsSync(SPEC_FILE)) {
    console.error(`contract: the link API description is not at ${SPEC_FILE} (spec/ in the repository, or LINK_API_SPEC).`);
    process.exit(1);
  }
  const description = JSON.parse(readFileSync(SPEC_FILE, 'utf8'));
  const contract = contractFromDescription(description);
  const failures = [];
  for (const [why, exchange] of CANARIES) {
    if (checkExchanges(contract, [exchange], { minimum: 0 }).failures.length === 0) failures.push(`the check let through ${why}: its setup is broken`);
  }
  const fakeRegions = [...REGIONS].sort().join(' ');
  if (fakeRegions !== [...new Set(contract.regions)].sort().join(' ')) failures.push("demo/fake-service.mjs REGIONS differ from the description's Region enum");

  if (!existsSync(EXCHANGE_LOG)) {
    console.error(`contract: ${EXCHANGE_LOG} is missing: run web-test-runner first (npm test does).`);
    process.exit(1);
  }
  const exchanges = readFileSync(EXCHANGE_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const result = checkExchanges(contract, exchanges);
  failures.push(...result.failures);
  const ms = Math.round(performance.now() - started);
  const counts = Object.entries(result.checked)
    .map(([id, count]) => `${WIDGET_OPERATIONS[id]} ${count}`)
    .join(', ');
  const summary =
    `${exchanges.length} exchanges against ${description.info?.title ?? 'the description'} ${description.info?.version ?? ''} in ${ms} ms ` +
    `(${result.markedInvalid} malformed on purpose, ${result.answersSkipped} answers off-contract by design not checked; ` +
    `${contract.openedEnums} non-exhaustive enums opened for answers). Checked 200s: ${counts}.`;
  if (failures.length) {
    console.error(`contract: ${failures.length} mismatch(es) with the link API description:\n  ${failures.join('\n  ')}\n${summary}`);
    process.exit(1);
  }
  console.log(`contract: all ${summary}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
