/**
 * The link machine with its calls as real actors that answer when a test says so: a test reaches
 * a state by the steps a person, the page and the service take, not by handing the machine the
 * events xstate makes for an actor that finished. Every invoked call is a `fromPromise` actor that
 * waits, honours its abort signal, and settles when a step gives its outcome.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LinkProgress, OAuthStart, Provider } from '../../src/core/api/types.js';
import { linkMachine, linkMachineWith } from '../../src/core/machine/link-machine.js';
import type { ApiCallInput } from '../../src/core/machine/renewing-request.js';
import type { LinkEvent, LinkInput, LinkSnapshot } from '../../src/core/machine/link-machine.js';

/** What each call the machine invokes answers with; each invocation's `id` is the call's name. */
interface Answers {
  listProviders: Provider[];
  getOAuthUrl: OAuthStart;
  signIn: LinkProgress;
  completeMfa: LinkProgress;
  sendEmailInvite: void;
  /** The page's requestLinkToken. */
  requestLinkToken: string;
  /** The page's disconnectProvider. */
  disconnectProvider: void;
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

/** The settings a scripted flow starts with unless told otherwise: a page token, no requestLinkToken. */
const withDefaults = (input: LinkInput): LinkInput => ({ ...input, settings: { linkToken: 'page-token', ...input.settings } });

/** A started flow whose calls wait for `take` to settle them. */
export function scriptedFlow(input: LinkInput = {}, options: Options = {}) {
  // One call of each kind at most is in flight: the flow's one request, or its token request.
  const settlers = new Map<Call, { resolve(output: unknown): void; reject(error: unknown): void }>();
  const held = <T>(call: Call, signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      const settler = { resolve: resolve as (output: unknown) => void, reject };
      settlers.set(call, settler);
      signal.addEventListener('abort', () => {
        if (settlers.get(call) === settler) settlers.delete(call);
        reject(signal.reason);
      });
    });
  const machine = linkMachineWith({
    apiCall: fromPromise(({ input, signal }: { input: ApiCallInput; signal: AbortSignal }) => held<unknown>(input.request.call, signal)),
    requestLinkToken: fromPromise(({ signal }) => held<string>('requestLinkToken', signal)),
    disconnectProvider: fromPromise(({ signal }) => held<void>('disconnectProvider', signal)),
  }).provide(options);
  const actor = createActor(machine, { input: withDefaults(input) }).start();

  /** Whether the step does anything where the flow is: an event the state takes, or the outcome of a call that is running. */
  const applies = (step: Step) => {
    const snapshot = actor.getSnapshot();
    return snapshot.status === 'active' && (isOutcome(step) ? settlers.has(step.call) : snapshot.can(step));
  };

  /** Takes the step; an outcome resolves once the machine has moved on from the call. Whether it applied. */
  async function take(step: Step): Promise<boolean> {
    if (!applies(step)) return false;
    if (!isOutcome(step)) {
      actor.send(step);
      return true;
    }
    const before = actor.getSnapshot();
    const settler = settlers.get(step.call)!;
    settlers.delete(step.call);
    if ('output' in step) settler.resolve(step.output);
    else settler.reject(step.error);
    // Every outcome tells the flow something (an answer, a refusal, a fresh token).
    await waitFor(actor, (snapshot) => snapshot !== before);
    return true;
  }

  return { actor, take, applies };
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
  const applicable = async (steps: Step[]) => {
    const flow = scriptedFlow(input);
    for (const step of steps) await flow.take(step);
    return flow;
  };
  const found = new Map([[keyOf(start.snapshot), start]]);
  // A Map's iteration reaches the entries added during it: each state is tried in the order found.
  for (const from of found.values()) {
    // Whether a call is pending is the flow's, not the snapshot's: the path is replayed to ask it.
    const there = await applicable(from.steps);
    const pending = steps.filter((step) => there.applies(step));
    there.actor.stop();
    for (const step of pending) {
      const path = [...from.steps, step];
      const snapshot = await snapshotAfter(path, input);
      const key = keyOf(snapshot);
      if (!found.has(key)) found.set(key, { snapshot, steps: path });
    }
  }
  return [...found.values()];
}
