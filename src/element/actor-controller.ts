import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor } from 'xstate';
import type { Actor } from 'xstate';
import type { LinkEmitted, LinkEvent, LinkInput, LinkMachine, LinkSnapshot } from '../machine/link-machine.js';

export type { LinkSnapshot };

/**
 * Bridges the machine's actor to a Lit host: one actor per flow, subscribed while the host is
 * connected. Moving the host in the DOM (disconnect + connect in one task) keeps the flow;
 * removing it stops the actor, which aborts the request in flight.
 */
export class LinkActorController implements ReactiveController {
  snapshot: LinkSnapshot | null = null;
  #actor: Actor<LinkMachine> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly onEmitted: (emitted: LinkEmitted) => void,
  ) {
    host.addController(this);
  }

  get running(): boolean {
    return this.#actor !== null;
  }

  /** Starts a new flow, stopping the current one. */
  start(machine: LinkMachine, input: LinkInput): void {
    this.stop();
    const actor = createActor(machine, { input });
    this.#actor = actor;
    actor.on('*', (emitted) => {
      if (this.#actor === actor) this.onEmitted(emitted);
    });
    // Starting hands the first snapshot to subscribers too.
    actor.subscribe((snapshot) => {
      if (this.#actor !== actor) return;
      this.snapshot = snapshot;
      this.host.requestUpdate();
    });
    actor.start();
  }

  send(event: LinkEvent): void {
    this.#actor?.send(event);
  }

  /** Stops the flow (aborting its request in flight); there is no state to show until the next. */
  stop(): void {
    const actor = this.#actor;
    this.#actor = null;
    this.snapshot = null;
    actor?.stop();
  }

  hostDisconnected(): void {
    // A move is a disconnect followed by a connect in the same task: only stop if it stays out.
    queueMicrotask(() => {
      if (!this.host.isConnected) this.stop();
    });
  }
}
