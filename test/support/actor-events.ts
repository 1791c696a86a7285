/**
 * The events an invoked API call ends with, for tests that drive the machine without running the
 * calls. Each invocation's `id` is its actor's name, so xstate names the events after it.
 */
import type { LinkEvent } from '../../src/machine/link-machine.js';

type ApiActor = 'listProviders' | 'getOAuthUrl' | 'signIn' | 'completeMfa' | 'sendEmailInvite' | 'requestLinkToken';

/** `src` answered `output`. */
export const actorDone = (src: ApiActor, output: unknown) => ({ type: `xstate.done.actor.${src}`, output }) as unknown as LinkEvent;

/** `src` failed with `error`. */
export const actorFailed = (src: ApiActor, error: unknown) => ({ type: `xstate.error.actor.${src}`, error }) as unknown as LinkEvent;
