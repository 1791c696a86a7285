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
 * A fresh token from the page's function (read when it is called), given the request timeout: a
 * usable token, or a rejection whose message (the `debug` text) says why not, never what it
 * returned. The function's signal aborts when the time is up or the flow stops waiting (it left
 * the state, or ended); an answer after that is dropped.
 */
export function requestFreshToken(request: (options: { signal: AbortSignal }) => unknown, { timeoutMs: requested, secrets }: TokenRequestInput, signal: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
        const timeoutMs = effectiveTimeout(requested);
        const waiting = new AbortController();
        const stop = (why: string) => {
          clearTimeout(timer);
          reject(new Error(why));
          waiting.abort();
        };
        const timer = timeoutMs === null ? undefined : setTimeout(() => stop(`requestLinkToken() gave no token within ${timeoutMs} ms.`), timeoutMs);
        signal.addEventListener('abort', () => stop('The flow no longer needs the token.'), { once: true });
        if (signal.aborted) stop('The flow no longer needs the token.');
        Promise.resolve()
          .then(() => request({ signal: waiting.signal }))
          .then(
            (token) => {
              if (typeof token !== 'string' || token === '') throw new Error(`requestLinkToken() gave ${described(token)}, not a non-empty string.`);
              if (!usableToken(token)) throw new Error(`requestLinkToken() gave a token that cannot be used: ${unusableTokenReason(token)}.`);
              if (waiting.signal.aborted) return;
              secrets.add(token);
              resolve(token);
            },
            // Only its kind, and only a kind we know: the partner's message (or an error class of
            // its own, named after anything) could hold a token.
            (error: unknown) => {
              const kind = error instanceof Error && KNOWN_ERRORS.has(error.name) ? ` (${error.name})` : '';
              throw new Error(`requestLinkToken() rejected${kind}.`);
            },
          )
          .catch(reject)
          .finally(() => clearTimeout(timer));
  });
}
