/**
 * The events an invoked API call ends with, for tests that drive the machine without running the
 * calls. The machine names its invocations by position (no `id`s, which nothing else reads), so
 * the event names are looked up here from the state that invokes each actor.
 */
import { linkMachine } from '../../src/machine/link-machine.js';
import type { LinkEvent } from '../../src/machine/link-machine.js';

type ApiActor = 'listProviders' | 'getOAuthUrl' | 'signIn' | 'completeMfa' | 'sendEmailInvite';

interface Node {
  invoke: { id: string; src: unknown }[];
  states: Record<string, Node>;
}

function invokeIdOf(src: ApiActor, node: Node = linkMachine.root as unknown as Node): string | null {
  const own = node.invoke.find((invoke) => invoke.src === src);
  if (own) return own.id;
  for (const child of Object.values(node.states)) {
    const found = invokeIdOf(src, child);
    if (found) return found;
  }
  return null;
}

function idOf(src: ApiActor): string {
  const id = invokeIdOf(src);
  if (!id) throw new Error(`No state invokes ${src}.`);
  return id;
}

/** `src` answered `output`. */
export const actorDone = (src: ApiActor, output: unknown) => ({ type: `xstate.done.actor.${idOf(src)}`, output }) as unknown as LinkEvent;

/** `src` failed with `error`. */
export const actorFailed = (src: ApiActor, error: unknown) => ({ type: `xstate.error.actor.${idOf(src)}`, error }) as unknown as LinkEvent;
