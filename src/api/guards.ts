/**
 * Narrowing of untrusted JSON at the edge. A wrong type is `bad_response`; an unknown enum
 * value passes through as a string; an optional field may be missing.
 */
import { LinkApiError } from './errors.js';
import type { LinkProgress, MfaChallenge, OAuthStart, Provider } from './types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const badResponse = (what: string) => new LinkApiError('bad_response', 200, `Unexpected response: ${what}`);

const optionalString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** `http:`/`https:` URLs only, so a `javascript:` logo or link can never reach the DOM. */
export function safeHttpUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parseProvider(value: unknown, base?: string): Provider {
  if (!isObject(value)) throw badResponse('a provider is not an object');
  const { slug, name } = value;
  if (typeof slug !== 'string' || slug === '' || typeof name !== 'string') {
    throw badResponse('a provider has no slug or name');
  }
  return {
    id: typeof value.id === 'number' ? value.id : null,
    slug,
    name,
    description: optionalString(value.description) ?? '',
    logo: safeHttpUrl(value.logo, base),
    // The spec's default when the field is absent is `oauth`; an explicit null or '' is "unknown".
    authType: value.auth_type === undefined ? 'oauth' : optionalString(value.auth_type) ?? '',
    formComponents: isObject(value.form_components) ? value.form_components : {},
  };
}

export function parseProviderList(value: unknown, base?: string): Provider[] {
  if (!Array.isArray(value)) throw badResponse('the provider list is not an array');
  return value.map((item) => parseProvider(item, base));
}

export function parseOAuthStart(value: unknown): OAuthStart {
  if (!isObject(value)) throw badResponse('the OAuth answer is not an object');
  if (typeof value.oauth_url !== 'string' || value.oauth_url === '') throw badResponse('no oauth_url');
  const oauthUrl = safeHttpUrl(value.oauth_url);
  if (!oauthUrl) throw new LinkApiError('unsafe_oauth_url', 200, 'The oauth_url is not an http(s) URL.');
  return { oauthUrl };
}

function parseMfa(value: unknown): MfaChallenge | null {
  if (!isObject(value)) return null;
  return {
    method: optionalString(value.method) ?? '',
    hint: optionalString(value.hint) ?? '',
  };
}

/** Fields of a link result that report an error, whichever status it came with. */
export function linkResultError(value: unknown, status: number): LinkApiError | null {
  if (!isObject(value) || value.state !== 'error') return null;
  return new LinkApiError(optionalString(value.error_type) ?? 'unknown_error', status, optionalString(value.error));
}

/** A password or MFA answer. `state: "error"` (sent with HTTP 200) is thrown as an error. */
export function parseLinkProgress(value: unknown): LinkProgress {
  if (!isObject(value) || typeof value.state !== 'string') throw badResponse('the link result has no state');
  const error = linkResultError(value, 200);
  if (error) throw error;
  return {
    state: value.state,
    redirectUrl: optionalString(value.redirect_url),
    mfa: parseMfa(value.provider_mfa),
  };
}

/** The error a non-2xx answer stands for, in any of the shapes the service uses. */
/** A short plain-text excerpt of a body that was not JSON (often an HTML error page), for `debug`. */
export function bodyExcerpt(text: string): string | null {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain ? plain.slice(0, 200) : null;
}

export function errorFromResponse(status: number, body: unknown, text: string): LinkApiError {
  const fromLinkResult = linkResultError(body, status);
  if (fromLinkResult) return fromLinkResult;
  if (isObject(body)) {
    const { detail } = body;
    if (isObject(detail) && typeof detail.error_type === 'string') {
      return new LinkApiError(detail.error_type, status, optionalString(detail.error));
    }
    if (typeof detail === 'string') return new LinkApiError(codeFromText(status, detail), status, detail);
    if (detail !== undefined) return new LinkApiError(`http_${status}`, status, JSON.stringify(detail).slice(0, 500));
  }
  if (status === 401 || status === 403) return new LinkApiError('invalid_token', status, bodyExcerpt(text));
  return new LinkApiError(`http_${status}`, status, bodyExcerpt(text));
}

/** `{detail: "text"}` carries no error_type; read what a token rejection says about itself. */
function codeFromText(status: number, text: string): string {
  if (/token/i.test(text)) {
    if (/expired/i.test(text)) return 'token_expired';
    if (/used|consumed/i.test(text)) return 'token_consumed';
    if (/validat|verif/i.test(text)) return 'token_not_validated';
    return 'invalid_token';
  }
  return status === 401 || status === 403 ? 'invalid_token' : `http_${status}`;
}
