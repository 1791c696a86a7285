/** The machine's API actors, backed by the real client: what `provide()` is given in the element. */
import { fromPromise } from 'xstate';
import type { LinkClient } from '../api/client.js';
import type { FlowSecrets } from '../api/secrets.js';
import type { ApiInput, linkMachine } from './link-machine.js';

/** A client, or one per token: each call is made with the token the machine holds then. */
export type LinkClients = LinkClient | ((linkToken: string) => LinkClient);


export function createLinkActors(clients: LinkClients) {
  const clientFor = typeof clients === 'function' ? clients : () => clients;
  return {
    listProviders: fromPromise(({ input, signal }: { input: ApiInput; signal: AbortSignal }) => clientFor(input.linkToken).listProviders(signal)),
    getOAuthUrl: fromPromise(({ input, signal }: { input: { slug: string } & ApiInput; signal: AbortSignal }) => clientFor(input.linkToken).getOAuthUrl(input.slug, signal)),
    signIn: fromPromise(({ input, signal }: { input: { slug: string; username: string; password: string; region?: string | null } & ApiInput; signal: AbortSignal }) =>
      clientFor(input.linkToken).signInWithPassword(input.slug, input, signal),
    ),
    completeMfa: fromPromise(({ input, signal }: { input: { slug: string; code: string } & ApiInput; signal: AbortSignal }) =>
      clientFor(input.linkToken).completeMfa(input.slug, input.code, signal),
    ),
    sendEmailInvite: fromPromise(({ input, signal }: { input: { slug: string; email: string; region?: string | null } & ApiInput; signal: AbortSignal }) =>
      clientFor(input.linkToken).sendEmailInvite(input.slug, input, signal),
    ),
  } satisfies Parameters<typeof linkMachine.provide>[0]['actors'];
}

export interface TokenRequestOptions {
  /** The page's `requestLinkToken`, read when it is called; given a signal that aborts when the flow stops waiting. */
  request: (options: { signal: AbortSignal }) => unknown;
  /** The request timeout (`effectiveTimeout`); null for none. */
  timeoutMs: number | null;
  /** Each token it gives is a secret of the flow from then on. */
  secrets: FlowSecrets;
}

/**
 * What a header value can carry, as a token: one line of visible ASCII (the spec gives no format).
 * Anything else (a line break, text beyond Latin-1) makes fetch throw as it builds the header, which
 * would read as a network failure and offer "Try again" forever.
 */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

const described = (value: unknown) => (value === '' ? 'an empty string' : value === null ? 'null' : typeof value);

/**
 * The `requestLinkToken` actor: the page's function, given the request timeout; a non-empty
 * string or a rejection whose message (the `debug` text) says why not, never what it returned.
 * The function's signal aborts when the time is up or the flow stops waiting (it left the state,
 * or ended); an answer after that is dropped.
 */
export function createTokenRequest({ request, timeoutMs, secrets }: TokenRequestOptions) {
  return fromPromise<string>(
    ({ signal }) =>
      new Promise<string>((resolve, reject) => {
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
              // Its length only: the value may be a token with something stuck to it.
              if (!HEADER_SAFE.test(token)) throw new Error(`requestLinkToken() gave a string no header can carry (${token.length} characters): a token is one line of visible ASCII.`);
              if (waiting.signal.aborted) return;
              secrets.add(token);
              resolve(token);
            },
            // Only its kind: the partner's message could hold anything, a token among it.
            (error: unknown) => {
              throw new Error(`requestLinkToken() rejected${error instanceof Error ? ` (${error.name})` : ''}.`);
            },
          )
          .catch(reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}
