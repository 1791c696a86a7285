/**
 * xstate's `setup()`, typed exactly like it, that returns only `createMachine`. xstate's own also
 * returns every action creator (sendTo, raise, log, spawnChild…), which keeps them all in the
 * bundle although the machine imports the few it uses straight from xstate. Our own code: xstate
 * is used as published.
 */
import { createMachine } from 'xstate';
import type { setup as xstateSetup } from 'xstate';

/** Carries `signature`'s generic parameters over to a function that returns only `createMachine`. */
function createMachineOnly<A extends unknown[], R extends { createMachine: unknown }>(
  _signature: ((...args: A) => R) | null,
): (...args: A) => Pick<R, 'createMachine'> {
  // What setup() does with its argument: the implementations go to createMachine.
  return ((implementations: Parameters<typeof createMachine>[1]) => ({
    createMachine: (config: Parameters<typeof createMachine>[0]) => createMachine(config, implementations),
  })) as never;
}

// Only the type of xstate's setup is used: nothing of it is imported at run time.
export const setup = createMachineOnly(null as unknown as typeof xstateSetup);
