/**
 * Narrowing of untrusted JSON at the edge. A wrong type is `bad_response`; an unknown enum
 * value passes through as a string; an optional field may be missing. Every string is cut to a
 * sane length before anything parses or renders it, and no step is worse than linear: an answer
 * can be hostile, and must never freeze the page.
 */
import { LinkApiError } from './api-error.js';
import { errorCode } from './secrets.js';
import type { LinkProgress, MfaChallenge, OAuthStart, Provider } from './types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const badResponse = (what: string) => new LinkApiError('bad_response', 200, `Unexpected response: ${what}`);

/**
 * Server text for `debug`, cut only to bound the work: the client cleans it of the flow's secrets
 * and then cuts it to 500 characters. Cutting first would leave a secret's first letters behind;
 * this cut is far enough that even text that decodes ten to one (`&#0000065;`) keeps a secret cut
 * here beyond the final 500.
 */
const TEXT_MAX = 100_000;

/** A string cut to `max` characters, or null when it is not a string. */
export const clip = (value: unknown, max: number): string | null => (typeof value === 'string' ? value.slice(0, max) : null);

/**
 * `http:`/`https:` URLs of a sane length only, so a `javascript:` logo or link can never reach the
 * DOM. Authorization addresses can be long (scopes, signed requests): they get what browsers take.
 */
export function safeHttpUrl(value: unknown, base?: string, maxLength = 2048): string | null {
  if (typeof value !== 'string' || value === '' || value.length > maxLength) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A slug names a path segment: `.` and `..` would change the path, and percent-encoding them does not help. */
const usableSlug = (slug: unknown): slug is string => typeof slug === 'string' && slug.length > 0 && slug.length <= 200 && slug !== '.' && slug !== '..';

/** One provider of the list, or null when it cannot be shown and linked (no usable slug or name). */
export function parseProvider(value: unknown, base?: string): Provider | null {
  if (!isObject(value) || !usableSlug(value.slug)) return null;
  const name = clip(value.name, 120)?.trim();
  if (!name) return null;
  return {
    id: typeof value.id === 'number' ? value.id : null,
    slug: value.slug,
    name,
    description: clip(value.description, 300) ?? '',
    logo: safeHttpUrl(value.logo, base),
    // The spec's default when the field is absent is `oauth`; an explicit null or '' is "unknown".
    authType: value.auth_type === undefined ? 'oauth' : (clip(value.auth_type, 40) ?? ''),
    formComponents: isObject(value.form_components) ? value.form_components : {},
    supportedResources: resourceKinds(value.supported_resources),
  };
}

/** More kinds than any provider shares; a longer list is cut here. */
const RESOURCES_MAX = 100;

/**
 * `supported_resources`: the slugs of an array of strings, trimmed and without repeats; anything
 * else (not an array, not a string, an empty or over-long slug) is left out. The link list's entries
 * do not document the field (`GET /v2/providers` does, with the same values), so its absence is the
 * usual case, not an error.
 */
function resourceKinds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const kinds = new Set<string>();
  for (const item of value.slice(0, RESOURCES_MAX * 2)) {
    const kind = typeof item === 'string' ? item.trim() : '';
    if (kind && kind.length <= 60) kinds.add(kind);
    if (kinds.size === RESOURCES_MAX) break;
  }
  return [...kinds];
}

/** More providers than anyone scrolls through; parsing and sorting more would hold the page. */
export const PROVIDER_LIST_MAX = 20_000;

/**
 * The provider list. A malformed entry is dropped (and said once, at debug level) and the
 * others are kept; only a list with entries of which none is usable is an error. A list longer
 * than `PROVIDER_LIST_MAX` is cut there, and that is said once.
 */
export function parseProviderList(value: unknown, base?: string): Provider[] {
  if (!Array.isArray(value)) throw badResponse('the provider list is not an array');
  if (value.length > PROVIDER_LIST_MAX) {
    console.warn(`<provider-link>: the provider list has ${value.length} entries; showing the first ${PROVIDER_LIST_MAX}.`);
  }
  const providers = new Map<string, Provider>();
  for (const item of value.slice(0, PROVIDER_LIST_MAX)) {
    const provider = parseProvider(item, base);
    if (provider && !providers.has(provider.slug)) providers.set(provider.slug, provider);
  }
  const kept = Math.min(value.length, PROVIDER_LIST_MAX);
  if (providers.size < kept) {
    console.debug(`<provider-link>: dropped ${kept - providers.size} malformed or repeated providers`);
    if (providers.size === 0) throw badResponse('no usable provider in the list');
  }
  return [...providers.values()];
}

/** Longer than any authorization address a provider sends, and short enough to parse at once. */
const OAUTH_URL_MAX = 16_384;

export function parseOAuthStart(value: unknown): OAuthStart {
  if (!isObject(value)) throw badResponse('the OAuth answer is not an object');
  if (value.is_active === false) throw new LinkApiError('provider_unavailable', 200);
  if (typeof value.oauth_url !== 'string' || value.oauth_url === '') throw badResponse('no oauth_url');
  const oauthUrl = safeHttpUrl(value.oauth_url, undefined, OAUTH_URL_MAX);
  if (!oauthUrl) throw new LinkApiError('unsafe_oauth_url', 200);
  return { oauthUrl };
}

function parseMfa(value: unknown): MfaChallenge | null {
  if (!isObject(value)) return null;
  return { method: clip(value.method, 40) ?? '', hint: clip(value.hint, 100) ?? '' };
}

/** Fields of a link result that report an error, whichever status it came with. */
function linkResultError(value: unknown, status: number): LinkApiError | null {
  if (!isObject(value) || value.state !== 'error') return null;
  return new LinkApiError(errorCode(value.error_type), status, clip(value.error, TEXT_MAX));
}

/** A password or MFA answer. `state: "error"` (sent with HTTP 200) is thrown as an error. */
export function parseLinkProgress(value: unknown): LinkProgress {
  if (!isObject(value) || typeof value.state !== 'string') throw badResponse('the link result has no state');
  const error = linkResultError(value, 200);
  if (error) throw error;
  return {
    state: value.state.slice(0, 40),
    // Handed to the page in `link-success`: only an address a page can safely go to.
    redirectUrl: safeHttpUrl(value.redirect_url),
    mfa: parseMfa(value.provider_mfa),
  };
}

/** A short plain-text excerpt of a body that was not JSON (often an HTML error page), for `debug`. */
export function bodyExcerpt(text: string): string | null {
  // Cut first, and strip tags with a pattern that cannot backtrack: a body of a million `<` is linear.
  const plain = text.slice(0, TEXT_MAX).replace(/<[^<>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain || null;
}

/** The error a non-2xx answer stands for, in any of the shapes the service uses. */
export function errorFromResponse(status: number, body: unknown, text: string): LinkApiError {
  const fromLinkResult = linkResultError(body, status);
  if (fromLinkResult) return fromLinkResult;
  if (isObject(body)) {
    const { detail } = body;
    if (isObject(detail) && typeof detail.error_type === 'string') {
      return new LinkApiError(errorCode(detail.error_type), status, clip(detail.error, TEXT_MAX));
    }
    if (typeof detail === 'string') {
      const said = detail.slice(0, TEXT_MAX);
      return new LinkApiError(codeFromText(status, said), status, said);
    }
  }
  return new LinkApiError(codeOfStatus(status), status, bodyExcerpt(text));
}

/** An error answer that says nothing more: refused (401, 403) means the token. */
const codeOfStatus = (status: number) => (status === 401 || status === 403 ? 'invalid_token' : `http_${status}`);

/** `{detail: "text"}` carries no error_type; read what a token rejection says about itself. */
function codeFromText(status: number, text: string): string {
  if (/token/i.test(text)) {
    if (/expired/i.test(text)) return 'token_expired';
    if (/used|consumed/i.test(text)) return 'token_consumed';
    if (/validat|verif/i.test(text)) return 'token_not_validated';
    return 'invalid_token';
  }
  return codeOfStatus(status);
}
