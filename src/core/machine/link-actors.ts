/** The machine's IO backed by the real client and the page's function: what the element's host does. */
import { createLinkClient, effectiveTimeout } from '../api/client.js';
import { unusableTokenReason, usableToken } from '../api/link-token.js';
import type { ApiCallInput, TokenRequestInput } from './renewing-request.js';

/** Each call with the token the machine holds as it makes it, to the flow's service, cleaned with the visit's secrets. */
export function callApi({ request, linkToken, connection }: ApiCallInput, signal: AbortSignal): Promise<unknown> {
  const client = createLinkClient({ linkToken, baseUrl: connection.baseUrl || undefined, timeoutMs: connection.timeoutMs, secrets: connection.secrets });
  switch (request.call) {
    case 'listProviders':
      return client.listProviders(signal);
    case 'getOAuthUrl':
      return client.getOAuthUrl(request.slug, signal);
    case 'signIn':
      return client.signInWithPassword(request.slug, request.credentials, signal);
    case 'completeMfa':
      return client.completeMfa(request.slug, request.code, signal);
    case 'sendEmailInvite':
      return client.sendEmailInvite(request.slug, request.invite, signal);
  }
}

const described = (value: unknown) => (value === '' ? 'an empty string' : value === null ? 'null' : typeof value);

/**
 * The kinds of error a rejection may name in `debug`: the built-in ones, and what fetch and
 * abort signals throw. Any other name is the partner's own, and could hold anything.
 */
const KNOWN_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'AbortError', 'TimeoutError', 'NetworkError', 'SecurityError']);

/**
 * The page's own function, read when it is called, given the request timeout: what `take` makes
 * of its value, or a rejection whose message (the `debug` text) says why not, never what it gave
 * or threw. Its signal aborts when the time is up or the flow stops waiting (it left the state, or
 * ended); an answer after that is dropped.
 */
function askPage<T>(name: string, call: (options: { signal: AbortSignal }) => unknown, requested: number | undefined, signal: AbortSignal, take: (value: unknown) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timeoutMs = effectiveTimeout(requested);
    const waiting = new AbortController();
    const stop = (why: string) => {
      clearTimeout(timer);
      reject(new Error(why));
      waiting.abort();
    };
    const timer = timeoutMs === null ? undefined : setTimeout(() => stop(`${name}() did not answer within ${timeoutMs} ms.`), timeoutMs);
    signal.addEventListener('abort', () => stop(`The flow no longer waits for ${name}().`), { once: true });
    if (signal.aborted) stop(`The flow no longer waits for ${name}().`);
    Promise.resolve()
      .then(() => call({ signal: waiting.signal }))
      .then(
        (value) => {
          const taken = take(value);
          if (!waiting.signal.aborted) resolve(taken);
        },
        // Only its kind, and only a kind we know: the partner's message (or an error class of
        // its own, named after anything) could hold a token.
        (error: unknown) => {
          const kind = error instanceof Error && KNOWN_ERRORS.has(error.name) ? ` (${error.name})` : '';
          throw new Error(`${name}() rejected${kind}.`);
        },
      )
      .catch(reject)
      .finally(() => clearTimeout(timer));
  });
}

/** A fresh token from the page's `requestLinkToken`: a usable one, kept with the visit's secrets, or a rejection saying why not. */
export function requestFreshToken(request: (options: { signal: AbortSignal }) => unknown, { timeoutMs, secrets }: TokenRequestInput, signal: AbortSignal): Promise<string> {
  return askPage('requestLinkToken', request, timeoutMs, signal, (token) => {
    if (typeof token !== 'string' || token === '') throw new Error(`requestLinkToken() gave ${described(token)}, not a non-empty string.`);
    if (!usableToken(token)) throw new Error(`requestLinkToken() gave a token that cannot be used: ${unusableTokenReason(token)}.`);
    secrets.add(token);
    return token;
  });
}

/** The page's `disconnectProvider` for one provider: done when it resolves, whatever with; a rejection says why not. */
export function requestDisconnect(disconnect: (slug: string, options: { signal: AbortSignal }) => unknown, { slug, timeoutMs }: { slug: string; timeoutMs: number | undefined }, signal: AbortSignal): Promise<void> {
  return askPage('disconnectProvider', (options) => disconnect(slug, options), timeoutMs, signal, () => undefined);
}
