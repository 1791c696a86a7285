/** The machine's API actors, backed by the real client: what `provide()` is given in the element. */
import { fromPromise } from 'xstate';
import type { LinkClient } from '../api/client.js';
import type { Provider } from '../api/types.js';
import type { linkMachine } from './link-machine.js';

/**
 * `firstList`: the list already asked for (the element asks before the page is parsed), taken by
 * the first call, and aborted with it.
 */
export function createLinkActors(client: LinkClient, firstList?: { providers: Promise<Provider[]>; abort(): void }) {
  let early = firstList;
  return {
    listProviders: fromPromise(({ signal }) => {
      const asked = early;
      early = undefined;
      if (!asked) return client.listProviders(signal);
      signal.addEventListener('abort', () => asked.abort(), { once: true });
      return asked.providers;
    }),
    getOAuthUrl: fromPromise(({ input, signal }: { input: { slug: string }; signal: AbortSignal }) => client.getOAuthUrl(input.slug, signal)),
    signIn: fromPromise(({ input, signal }: { input: { slug: string; username: string; password: string; region?: string | null }; signal: AbortSignal }) =>
      client.signInWithPassword(input.slug, input, signal),
    ),
    completeMfa: fromPromise(({ input, signal }: { input: { slug: string; code: string }; signal: AbortSignal }) => client.completeMfa(input.slug, input.code, signal)),
    sendEmailInvite: fromPromise(({ input, signal }: { input: { slug: string; email: string; region?: string | null }; signal: AbortSignal }) =>
      client.sendEmailInvite(input.slug, input, signal),
    ),
  } satisfies Parameters<typeof linkMachine.provide>[0]['actors'];
}
