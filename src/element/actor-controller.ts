import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor } from 'xstate';
import type { Actor } from 'xstate';
import { linkMachine } from '../core/machine/link-machine.js';
import type { FlowSettings, LinkEmitted, LinkEvent, LinkHost, LinkMachine, LinkSnapshot, ReturnedFrom } from '../core/machine/link-machine.js';

export type { LinkSnapshot };

/**
 * Bridges the machine's actor to a Lit host: one actor per visit, started by the host's first
 * update with the page's settings (or earlier by an event, `exit()` in the attaching task, waiting
 * for them) and told each later set as an event, which the machine weighs.
 * Moving the host in the DOM (disconnect + connect in one task) keeps the visit; removing it stops
 * the actor, which aborts the request in flight.
 */
export class LinkActorController implements ReactiveController {
  snapshot: LinkSnapshot | null = null;
  #actor: Actor<LinkMachine> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The machine's way to the world: given in the actor's input, so the machine needs no copy per element. */
    private readonly linkHost: LinkHost,
    /** The result of a redirect this page came back with, taken once (a visit starts with it). */
    private readonly returnedFrom: () => ReturnedFrom | null,
    private readonly onEmitted: (emitted: LinkEmitted) => void,
  ) {
    host.addController(this);
  }

  /** Whether the visit waits for the page's settings: not started yet, or started by an early `send`. */
  get awaitingSettings(): boolean {
    return !this.#actor || this.#actor.getSnapshot().matches('configuring');
  }

  /**
   * The page's settings as they are now: the first set starts the visit with them (its first
   * request leaves at once); each later one is the machine's to weigh.
   */
  configure(settings: FlowSettings): void {
    if (this.#actor) this.#actor.send({ type: 'SETTINGS', settings });
    else this.#start(settings);
  }

  #start(settings?: FlowSettings): void {
    const actor = createActor(linkMachine, { input: { settings, returnedFrom: this.returnedFrom(), host: this.linkHost } });
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

  /**
   * An event for the visit. Before the element's first update (`exit()` in the task that attached
   * it), the visit starts without settings, and waits for them in `configuring`.
   */
  send(event: LinkEvent): void {
    if (!this.#actor && this.host.isConnected) this.#start();
    this.#actor?.send(event);
  }

  hostConnected(): void {
    // Attached (again, after a removal): the next update starts a visit with the settings.
    if (!this.#actor) this.host.requestUpdate();
  }

  hostDisconnected(): void {
    // A move is a disconnect followed by a connect in the same task: only stop if it stays out.
    queueMicrotask(() => {
      if (this.host.isConnected) return;
      const actor = this.#actor;
      this.#actor = null;
      this.snapshot = null;
      actor?.stop();
      // The visit is over: its secrets go with it.
      actor?.getSnapshot().context.secrets.clear();
    });
  }
}
