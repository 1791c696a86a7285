/**
 * The link machine with its calls as real actors that answer when a test says so: a test reaches
 * a state by the steps a person, the page and the service take, not by handing the machine the
 * events xstate makes for an actor that finished. Every invoked call is a `fromPromise` actor that
 * waits, honours its abort signal, and settles when a step gives its outcome.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { LinkProgress, OAuthStart, Provider } from '../../src/api/types.js';
import { linkMachine } from '../../src/machine/link-machine.js';
import type { LinkEvent, LinkInput, LinkSnapshot } from '../../src/machine/link-machine.js';

/** What each call the machine invokes answers with; each invocation's `id` is the call's name. */
interface Answers {
  listProviders: Provider[];
  getOAuthUrl: OAuthStart;
  signIn: LinkProgress;
  completeMfa: LinkProgress;
  sendEmailInvite: void;
  /** The page's requestLinkToken. */
  requestLinkToken: string;
}

export type Call = keyof Answers;

/** How the call the machine is waiting on ends: its answer, or its failure. */
export type Outcome = { call: Call; output: unknown } | { call: Call; error: unknown };

/** `call` answers `output`. */
export const answers = <C extends Call>(call: C, output: Answers[C]): Outcome => ({ call, output });

/** `call` fails with `error` (a `LinkApiError` for the service, any error for the page). */
export const fails = (call: Call, error: unknown): Outcome => ({ call, error });

/** What happens next: an event sent to the machine, or the outcome of a call it waits on. */
export type Step = LinkEvent | Outcome;

const isOutcome = (step: Step): step is Outcome => 'call' in step;

/** Machine options a test swaps besides the calls (a guard, to see that the views follow it). */
type Options = Pick<Parameters<typeof linkMachine.provide>[0], 'guards'>;

const childOf = (snapshot: LinkSnapshot, call: Call) => (snapshot.children as Record<string, AnyActorRef | undefined>)[call];

/** Whether the step does anything where the flow is: an event the state takes, or the outcome of a call that is running. */
const applies = (snapshot: LinkSnapshot, step: Step) =>
  snapshot.status === 'active' && (isOutcome(step) ? childOf(snapshot, step.call) !== undefined : snapshot.can(step));

/** A started flow whose calls wait for `take` to settle them. */
export function scriptedFlow(input: LinkInput = {}, options: Options = {}) {
  const settlers = new Map<AnyActorRef, { resolve(output: unknown): void; reject(error: unknown): void }>();
  const held = <C extends Call>(self: AnyActorRef, signal: AbortSignal) =>
    new Promise<Answers[C]>((resolve, reject) => {
      settlers.set(self, { resolve: resolve as (output: unknown) => void, reject });
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  const machine = linkMachine.provide({
    ...options,
    actors: {
      listProviders: fromPromise(({ self, signal }) => held<'listProviders'>(self, signal)),
      getOAuthUrl: fromPromise(({ self, signal }) => held<'getOAuthUrl'>(self, signal)),
      signIn: fromPromise(({ self, signal }) => held<'signIn'>(self, signal)),
      completeMfa: fromPromise(({ self, signal }) => held<'completeMfa'>(self, signal)),
      sendEmailInvite: fromPromise(({ self, signal }) => held<'sendEmailInvite'>(self, signal)),
      requestLinkToken: fromPromise(({ self, signal }) => held<'requestLinkToken'>(self, signal)),
    },
  });
  const actor = createActor(machine, { input }).start();

  /** Takes the step; an outcome resolves once the machine has moved on from the call. Whether it applied. */
  async function take(step: Step): Promise<boolean> {
    if (!applies(actor.getSnapshot(), step)) return false;
    if (!isOutcome(step)) {
      actor.send(step);
      return true;
    }
    const child = childOf(actor.getSnapshot(), step.call)!;
    const settler = settlers.get(child)!;
    if ('output' in step) settler.resolve(step.output);
    else settler.reject(step.error);
    await waitFor(actor, (snapshot) => childOf(snapshot, step.call) !== child);
    return true;
  }

  return { actor, take };
}

/** The snapshot after the steps, each of which must apply; the flow is stopped. */
export async function snapshotAfter(steps: Step[], input: LinkInput = {}, options: Options = {}): Promise<LinkSnapshot> {
  const flow = scriptedFlow(input, options);
  for (const step of steps) {
    if (!(await flow.take(step))) throw new Error(`${JSON.stringify(step)} does nothing in ${JSON.stringify(flow.actor.getSnapshot().value)}`);
  }
  const snapshot = flow.actor.getSnapshot();
  flow.actor.stop();
  return snapshot;
}

export interface FlowPath {
  /** Where the steps lead (the flow that took them is stopped). */
  snapshot: LinkSnapshot;
  steps: Step[];
}

/**
 * A shortest path to every state the steps can reach, each state told apart by `keyOf`: a
 * breadth-first walk, trying the steps in their order from each state, which replays the path to a
 * state on a fresh flow for each step that applies there. (xstate/graph walks snapshots without
 * running actors, so it can pass a call only by fabricating its done event.)
 */
export async function shortestPaths(input: LinkInput, steps: Step[], keyOf: (snapshot: LinkSnapshot) => string = (snapshot) => JSON.stringify(snapshot.value)): Promise<FlowPath[]> {
  const start: FlowPath = { snapshot: await snapshotAfter([], input), steps: [] };
  const found = new Map([[keyOf(start.snapshot), start]]);
  // A Map's iteration reaches the entries added during it: each state is tried in the order found.
  for (const from of found.values()) {
    for (const step of steps) {
      if (!applies(from.snapshot, step)) continue;
      const path = [...from.steps, step];
      const snapshot = await snapshotAfter(path, input);
      const key = keyOf(snapshot);
      if (!found.has(key)) found.set(key, { snapshot, steps: path });
    }
  }
  return [...found.values()];
}
