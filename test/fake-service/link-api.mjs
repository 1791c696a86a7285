// The link API description (spec/link-api.openapi.json) compiled once with Ajv, a maintained
// JSON Schema 2020-12 validator (OpenAPI 3.1's schemas are 2020-12). The fake service checks
// every request it is sent and every answer it gives through this, so what it accepts and what
// it promises come from the description alone, not from tables written beside it.
//
// Node only (it reads the file); demo/serve.mjs never serves `.mjs` from demo/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The repository's own description of the link API; `LINK_API_SPEC` names another to check against. */
export const SPEC_FILE = process.env.LINK_API_SPEC ?? fileURLToPath(new URL('../../spec/link-api.openapi.json', import.meta.url));

export const readDescription = (file = SPEC_FILE) => JSON.parse(readFileSync(file, 'utf8'));

/** What the description says of an enum whose values may grow: an answer may carry any string. */
const NON_EXHAUSTIVE = 'ℹ️ This enum is non-exhaustive.';

/**
 * A rejected token is not in the description, which documents no 400, 401 or 403 answer; the
 * service sends it in one of these four shapes (a 401, 400 or 403), and the widget reads all four.
 * A refused API key on the token call is the `{detail: "text"}` one.
 */
const REJECTION = {
  $id: 'rejection',
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
const REJECTION_STATUSES = new Set([400, 401, 403]);

/**
 * The description leaves a 422's `detail` untyped; the service's framework (FastAPI) sends a list
 * of `{loc, msg, type}`, and the widget reads it so.
 */
const VALIDATION_DETAIL = {
  $id: 'validation-detail',
  type: 'object',
  required: ['detail'],
  additionalProperties: false,
  properties: {
    detail: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        additionalProperties: false,
        properties: { loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' }, type: { type: 'string' } },
      },
    },
  },
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * Compiles the description. `extraBodyFields` adds properties (JSON Schema) to one operation's
 * body, by operationId: the fake's own controls on the token call, which the real service does
 * not have. For a property the body already has, the schema given narrows the description's
 * (both must hold): a limit the service keeps that the description does not write down. The
 * description itself is not changed.
 *
 * Returns `operationFor(method, path)`, `requestFaults(operation, request)` (FastAPI-style
 * `{loc, msg, type}` items; `[]` when the request is one the description allows) and
 * `answerProblems(operation, status, contentType, bodyText)` (readable lines naming fields and
 * schema rules, never values; `[]` when the answer keeps the description).
 */
export function compileLinkApi(description = readDescription(), { extraBodyFields = {} } = {}) {
  const components = description.components?.schemas ?? {};
  const annotations = new Set();
  (function collect(node) {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) annotations.add(key);
      else collect(value);
    }
  })(description);

  const rewriteRefs = (node, documentId) =>
    deepMap(node, (value, key) => (key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', `${documentId}#/$defs/`) : value));

  function validatorFor(documentId, transform) {
    // `verbose` hands each error its schema and data, for the FastAPI wording below (a list's
    // length, an enum's values); the wording never quotes the data.
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTypes: false });
    addFormats(ajv);
    // The description's `x-…` annotations (SDK generator hints) carry no validation.
    ajv.addVocabulary([...annotations]);
    const defs = Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, transform(rewriteRefs(schema, documentId))]));
    ajv.addSchema({ $id: documentId, $defs: defs });
    return { ajv, compile: (schema) => ajv.compile(transform(rewriteRefs(schema, documentId))) };
  }

  // Requests: enums as listed (a request must use a value the service knows today), and every
  // object closed, as the service's models forbid extra fields. Answers: the enums the
  // description calls non-exhaustive accept any string, as the widget must.
  const requests = validatorFor('link-api-requests', closeObjects);
  let opened = 0;
  const answers = validatorFor('link-api-answers', (schema) => {
    const result = openNonExhaustiveEnums(schema);
    opened += result.count;
    return result.schema;
  });
  if (opened === 0) throw new Error(`no enum is marked "${NON_EXHAUSTIVE}": has the description changed how it says so?`);
  const rejection = answers.ajv.compile(REJECTION);
  const validationDetail = answers.ajv.compile(VALIDATION_DETAIL);

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
      if (!HTTP_METHODS.includes(method)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const extra = extraBodyFields[operation.operationId];
      methods[method.toUpperCase()] = {
        id: operation.operationId,
        template,
        method: method.toUpperCase(),
        parameters: parameters.map((parameter) => ({ name: parameter.name, in: parameter.in, check: requests.compile(parameter.schema ?? {}) })),
        body: bodySchema
          ? { required: operation.requestBody.required === true, check: requests.compile(extra ? withFields(bodySchema, extra, components) : bodySchema) }
          : null,
        answers: Object.fromEntries(
          Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const schema = response.content?.['application/json']?.schema;
            return [status, { mediaTypes: Object.keys(response.content ?? {}), check: schema ? answers.compile(schema) : null }];
          }),
        ),
      };
    }
    operations.push({ template, pattern, names, methods });
  }

  /** The operation a request is for: `{operation, pathValues}`, `{methodNotAllowed}`, or null for a path the description lacks. */
  function operationFor(method, path) {
    for (const candidate of operations) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const operation = candidate.methods[method];
      if (!operation) return { methodNotAllowed: true };
      let pathValues = {};
      try {
        pathValues = Object.fromEntries(candidate.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      } catch {
        // A malformed escape: the path parameter is then missing, and reported so.
      }
      return { operation, pathValues };
    }
    return null;
  }

  /**
   * What a validating service refuses in one request, in the order FastAPI reports it: query,
   * header, path, body. `request`: `{query: [[name, value]], headers, pathValues, body}` where
   * `body` is `{value}`, `{fault}` or undefined (no body read).
   */
  function requestFaults(operation, request) {
    const faults = [];
    const documentedQuery = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of new Set(request.query.map(([key]) => key))) {
      if (!documentedQuery.has(name)) faults.push({ loc: ['query', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    }
    for (const where of ['query', 'header', 'path']) {
      for (const parameter of operation.parameters.filter((p) => p.in === where)) {
        const value =
          where === 'query'
            ? request.query.find(([name]) => name === parameter.name)?.[1]
            : where === 'header'
              ? request.headers[parameter.name.toLowerCase()]
              : request.pathValues[parameter.name];
        const loc = [where, parameter.name];
        // The description lists x-service-link-token as optional (`anyOf [string, null]`, the
        // handler reads it itself); the service answers a missing one as a missing required
        // header, and so does the fake. The widget always sends it.
        if (value === undefined) faults.push({ loc, msg: 'Field required', type: 'missing' });
        else if (!parameter.check(value)) faults.push(...fastApiItems(parameter.check.errors, loc));
      }
    }
    if (operation.body) faults.push(...bodyFaults(operation.body, request.body));
    return faults;
  }

  function bodyFaults(body, sent) {
    switch (sent?.fault) {
      case undefined:
        break;
      case 'content_type':
        // What the service's framework answers when the body is not declared JSON: it is not
        // read as an object at all.
        return [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }];
      case 'missing':
        return body.required ? [{ loc: ['body'], msg: 'Field required', type: 'missing' }] : [];
      case 'json_invalid':
        return [{ loc: ['body', sent.position], msg: 'JSON decode error', type: 'json_invalid' }];
    }
    if (!sent || body.check(sent.value)) return [];
    return fastApiItems(body.check.errors, ['body']);
  }

  function answerProblems(operation, status, contentType, text) {
    const parsed = text === null || text === '' ? { value: null } : parseJson(text);
    const documented = operation.answers[String(status)];
    if (documented) {
      if (documented.mediaTypes.length && !documented.mediaTypes.includes(mediaType(contentType))) {
        return [`answer ${status} sent as ${contentType ?? 'no content type'}, documented: ${documented.mediaTypes.join(', ')}`];
      }
      if (parsed.fault) return [`answer ${status} body is not JSON`];
      const problems = [];
      if (documented.check && !documented.check(parsed.value)) problems.push(...describe(documented.check.errors, `answer ${status}`));
      if (status === 422 && !validationDetail(parsed.value)) problems.push(...describe(validationDetail.errors, 'answer 422 (FastAPI detail list)'));
      return problems;
    }
    if (REJECTION_STATUSES.has(status)) {
      if (parsed.value !== null && mediaType(contentType) !== 'application/json') return [`rejection ${status} sent as ${contentType}`];
      if (parsed.fault) return [`rejection ${status} body is not JSON`];
      return rejection(parsed.value) ? [] : describe(rejection.errors, `rejection ${status} is none of the four shapes a rejected token arrives in`);
    }
    return [`answer ${status} is not documented for ${operation.method} ${operation.template}`];
  }

  return { operationFor, requestFaults, answerProblems, openedEnums: opened };
}

/** The body schema with more properties: a copy of its component with the fields added, or narrowed. */
function withFields(schema, fields, components) {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  const target = name ? components[name] : schema;
  const properties = { ...target.properties };
  for (const [field, extra] of Object.entries(fields)) properties[field] = properties[field] ? { allOf: [properties[field], extra] } : extra;
  return { ...target, properties };
}

/** Every object schema that lists its properties refuses others, unless it says otherwise. */
function closeObjects(schema) {
  return deepMap(schema, (value) => value, undefined, (node) =>
    node.type === 'object' && node.properties && !('additionalProperties' in node) ? { ...node, additionalProperties: false } : node,
  );
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

/** Maps leaves with `leaf(value, key)` and, bottom-up, objects with `object(node)`. */
function deepMap(node, leaf, key, object = (o) => o) {
  if (Array.isArray(node)) return node.map((child) => deepMap(child, leaf, undefined, object));
  if (node && typeof node === 'object') return object(Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deepMap(v, leaf, k, object)])));
  return leaf(node, key);
}

const mediaType = (value) => String(value ?? '').split(';')[0].trim().toLowerCase();

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { fault: 'json_invalid' };
  }
}

/** Ajv's errors as `where: rule [schema path]`, never the value. */
function describe(errors, prefix) {
  return (errors ?? []).slice(0, 6).map((e) => {
    const field = e.params?.additionalProperty ?? e.params?.missingProperty;
    return `${prefix} ${e.instancePath || '(root)'}: ${e.message}${field ? ` (${field})` : ''} [${e.schemaPath}]`;
  });
}

const quoted = (values) => values.map((v) => `'${v}'`);
const orList = (values) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

const TYPE_ITEMS = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
};

/** One Ajv error in pydantic's words: `[type, msg]`. */
function pydanticWords(error, atRoot) {
  const { keyword, params, schema, data } = error;
  switch (keyword) {
    case 'required':
      return ['missing', 'Field required'];
    case 'additionalProperties':
      return ['extra_forbidden', 'Extra inputs are not permitted'];
    case 'type': {
      const type = [params.type].flat().find((t) => t !== 'null') ?? params.type;
      if (type === 'object' && atRoot) return ['model_attributes_type', 'Input should be a valid dictionary or object to extract fields from'];
      return TYPE_ITEMS[type] ?? ['value_error', `Input should be ${type}`];
    }
    case 'enum':
      return ['enum', `Input should be ${orList(quoted(schema))}`];
    case 'const':
      return ['literal_error', `Input should be ${quoted([schema])[0]}`];
    case 'format':
      return params.format === 'uuid' ? ['uuid_parsing', 'Input should be a valid UUID'] : ['value_error', `Input should be a valid ${params.format}`];
    case 'minItems':
      return ['too_short', `List should have at least ${params.limit} item${params.limit === 1 ? '' : 's'} after validation, not ${Array.isArray(data) ? data.length : 0}`];
    case 'minimum':
      return ['greater_than_equal', `Input should be greater than or equal to ${params.limit}`];
    case 'maximum':
      return ['less_than_equal', `Input should be less than or equal to ${params.limit}`];
    case 'maxLength':
      return ['string_too_long', `String should have at most ${params.limit} character${params.limit === 1 ? '' : 's'}`];
    case 'pattern':
      return ['string_pattern_mismatch', `String should match pattern '${params.pattern}'`];
    default:
      return ['value_error', `Value error, ${error.message}`];
  }
}

/**
 * Ajv's errors as FastAPI's `detail` items, one per place: `anyOf`'s summary and the `null`
 * branch of an optional field say nothing the other branch does not, and where a value breaks
 * both its type and its enum, the enum is what pydantic names.
 */
function fastApiItems(errors, base) {
  const located = (errors ?? [])
    .filter((error) => error.keyword !== 'anyOf')
    .map((error) => {
      const path = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      const field = error.params.missingProperty ?? error.params.additionalProperty;
      return { error, path, loc: [...base, ...path, ...(field === undefined ? [] : [field])] };
    });
  const nullBranch = ({ error }) => error.keyword === 'type' && error.params.type === 'null';
  const kept = located.filter((item) => !nullBranch(item) || !located.some((other) => other !== item && !nullBranch(other) && startsWith(other.path, item.path)));
  const byPlace = new Map();
  for (const item of kept) {
    const place = JSON.stringify(item.loc);
    const seen = byPlace.get(place);
    if (!seen || (seen.error.keyword === 'type' && item.error.keyword !== 'type')) byPlace.set(place, item);
  }
  return [...byPlace.values()].map(({ error, path, loc }) => {
    const [type, msg] = pydanticWords(error, path.length === 0 && base.length === 1);
    return { loc, msg, type };
  });
}

const startsWith = (path, prefix) => prefix.every((part, i) => path[i] === part);
