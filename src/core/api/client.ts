/**
 * The typed client for the five link calls. Every request carries the link token in the
 * `x-service-link-token` header and nowhere else; every failure is a `LinkApiError`.
 */
import { LinkApiError } from './api-error.js';
import { bodyExcerpt, errorFromResponse, parseLinkProgress, parseOAuthStart, parseProviderList } from './guards.js';
import { errorCode, flowSecrets } from './secrets.js';
import type { FlowSecrets } from './secrets.js';
import type { EmailInvite, LinkProgress, OAuthStart, PasswordCredentials, Provider } from './types.js';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The longest `debug` text an error carries, cut after it is cleaned of secrets. */
const DEBUG_MAX = 500;
/**
 * The range a time limit is kept in: under a second fails a healthy service, the token lives ten
 * minutes, and a timer of 2³¹ ms or more would fire at once. A non-finite limit means none.
 */
export const TIMEOUT_RANGE_MS = [1_000, 600_000] as const;

/**
 * A region as the API takes it: a two-letter lower-case code (`eu`, `us`, `gb`…; the list is
 * open). Anything else is not sent: the service would refuse the whole sign-in.
 */
export function regionCode(value: string | null | undefined): string | null {
  const code = value?.trim().toLowerCase() ?? '';
  return /^[a-z]{2}$/.test(code) ? code : null;
}

/** The time limit in force for a requested one (`TIMEOUT_RANGE_MS`), or null for none. */
export function effectiveTimeout(requested: number | undefined): number | null {
  const ms = Number(requested ?? DEFAULT_TIMEOUT_MS);
  return Number.isFinite(ms) ? Math.min(Math.max(ms, TIMEOUT_RANGE_MS[0]), TIMEOUT_RANGE_MS[1]) : null;
}

export interface LinkClientOptions {
  linkToken: string;
  /** API origin (and optional path prefix); default: the page's origin. */
  baseUrl?: string | undefined;
  /** Per-request limit; default 15 s, kept within `TIMEOUT_RANGE_MS`; `Infinity` for none. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
  /**
   * The flow's secrets, shared by the clients of one flow (one per token), so that each cleans
   * the others' tokens too; the client adds its own token and what it sends.
   */
  secrets?: FlowSecrets | undefined;
}

export interface LinkClient {
  listProviders(signal?: AbortSignal): Promise<Provider[]>;
  getOAuthUrl(slug: string, signal?: AbortSignal): Promise<OAuthStart>;
  signInWithPassword(slug: string, credentials: PasswordCredentials, signal?: AbortSignal): Promise<LinkProgress>;
  completeMfa(slug: string, mfaCode: string, signal?: AbortSignal): Promise<LinkProgress>;
  sendEmailInvite(slug: string, invite: EmailInvite, signal?: AbortSignal): Promise<void>;
}

export function createLinkClient(options: LinkClientOptions): LinkClient {
  const base = (options.baseUrl || globalThis.location?.origin || '').replace(/\/+$/, '');
  const timeoutMs = effectiveTimeout(options.timeoutMs);
  // Looked up per call, so a page that wraps fetch later is still used.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** The token, and all the user typed in this flow: no error or result passes them on. */
  const secrets = options.secrets ?? flowSecrets();
  secrets.add(options.linkToken);

  /**
   * One call: sends it, reads the answer with `parse`, and turns every failure into a
   * `LinkApiError`. An answer that repeats what was sent (the token, a password, a code, even
   * the sign-in's password in the code's answer) has those words taken out of the error: they
   * must never reach an event or a host.
   */
  async function request<T>(method: 'GET' | 'POST', path: string, body: Record<string, string | undefined> | undefined, signal: AbortSignal | undefined, parse: (json: unknown) => T): Promise<T> {
    const { region: _, ...sent } = body ?? {};
    for (const value of Object.values(sent)) secrets.add(value);
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    if (signal?.aborted) controller.abort();

    // A failed fetch, or a body that stopped arriving: the same three causes.
    const transportError = (error: unknown, status: number) =>
      timedOut
        ? new LinkApiError('timeout', status, `No answer within ${timeoutMs} ms.`)
        : controller.signal.aborted
          ? new LinkApiError('aborted', status, null)
          : new LinkApiError('network', status, error instanceof Error ? error.message : String(error));

    try {
      let status = 0;
      let text: string;
      let ok: boolean;
      try {
        const response = await doFetch(`${base}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            'x-service-link-token': options.linkToken,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : JSON.stringify(body),
          signal: controller.signal,
          credentials: 'omit',
          cache: 'no-store',
          // A redirect would carry the token's header to wherever it leads: the token goes to
          // base-url alone, and a redirect fails like the network does (recoverable).
          redirect: 'error',
          referrerPolicy: 'no-referrer',
        });
        status = response.status;
        ok = response.ok;
        text = await response.text();
      } catch (error) {
        throw transportError(error, status);
      }
      const json = parseJson(text);
      if (!ok) throw errorFromResponse(status, json, text);
      if (json === undefined) throw new LinkApiError('bad_response', status, `Not JSON: ${bodyExcerpt(text) ?? 'an empty body'}`);
      return parse(json);
    } catch (error) {
      if (!(error instanceof LinkApiError)) throw error;
      // A code is never rewritten (cleaning `provider_credential_error` of the username "al" made a
      // code nobody knows); one we do not know that repeats a secret is no code at all.
      throw new LinkApiError(errorCode(error.code, secrets), error.status, error.debug && secrets.scrub(error.debug, DEBUG_MAX));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  const slugPath = (slug: string) => {
    // A dot segment changes the path even percent-encoded (URL parsers read `%2E%2E` as `..`).
    if (slug === '.' || slug === '..' || slug === '') throw new LinkApiError('invalid_slug', 0, `A provider slug cannot be "${slug}".`);
    return encodeURIComponent(slug);
  };
  // Bodies are built from named fields only: whatever else a caller's object holds (a slug, a
  // form's extra fields) never reaches a service that refuses undocumented fields.
  /**
   * A link result whose `redirect_url` repeats a secret of the flow goes on without it. Checked as
   * the service wrote it, not only as parsed: the parser writes the host in lower case and in
   * Punycode, where a password typed as `Hunter2SecretPw` or `pässwort` is found by no plain search.
   */
  const withoutSecretRedirect = (json: unknown): LinkProgress => {
    const progress = parseLinkProgress(json);
    if (!progress.redirectUrl) return progress;
    // A parsed address came from a string in an object (`parseLinkProgress` took nothing else).
    const written = (json as { redirect_url: string }).redirect_url;
    if (!secrets.foundInAddress(written)) return progress;
    console.warn('<provider-link>: the service sent a redirect_url that holds a secret of this flow (the token or what the user typed); it is not passed on.');
    return { ...progress, redirectUrl: null };
  };
  const region = (value: string | null | undefined) => {
    const code = regionCode(value);
    return code ? { region: code } : {};
  };

  return {
    async listProviders(signal) {
      return request('GET', '/v2/link/providers', undefined, signal, (json) => parseProviderList(json, base || undefined));
    },
    async getOAuthUrl(slug, signal) {
      return request('GET', `/v2/link/provider/oauth/${slugPath(slug)}`, undefined, signal, parseOAuthStart);
    },
    async signInWithPassword(slug, credentials, signal) {
      const body = { username: credentials.username, password: credentials.password, ...region(credentials.region) };
      return request('POST', `/v2/link/provider/password/${slugPath(slug)}`, body, signal, withoutSecretRedirect);
    },
    async completeMfa(slug, mfaCode, signal) {
      return request('POST', `/v2/link/provider/password/${slugPath(slug)}/complete_mfa`, { mfa_code: mfaCode }, signal, withoutSecretRedirect);
    },
    async sendEmailInvite(slug, invite, signal) {
      await request('POST', `/v2/link/provider/email/${slugPath(slug)}`, { email: invite.email, ...region(invite.region) }, signal, () => undefined);
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
