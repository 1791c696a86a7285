/** The machine's API actors, backed by the real client: what `provide()` is given in the element. */
import { fromPromise } from 'xstate';
import type { LinkClient } from '../api/client.js';
import type { linkMachine } from './link-machine.js';

export function createLinkActors(client: LinkClient) {
  return {
    listProviders: fromPromise(({ signal }) => client.listProviders(signal)),
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
