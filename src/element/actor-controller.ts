import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor } from 'xstate';
import type { Actor } from 'xstate';
import { linkMachine } from '../machine/link-machine.js';
import type { FlowSettings, LinkEmitted, LinkEvent, LinkHost, LinkMachine, LinkSnapshot, ReturnedFrom } from '../machine/link-machine.js';

export type { LinkSnapshot };

/**
 * Bridges the machine's actor to a Lit host: one actor per visit, started as the host is attached
 * (so that Close works at once) and told the page's settings as events, which the machine weighs.
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

  /** Whether the visit waits for the page's settings (the element's first update sends them). */
  get configuring(): boolean {
    return this.snapshot?.matches('configuring') ?? false;
  }

  /** The page's settings as they are now: the machine's to weigh. */
  configure(settings: FlowSettings): void {
    this.#actor?.send({ type: 'SETTINGS', settings });
  }

  #start(): void {
    const actor = createActor(linkMachine, { input: { returnedFrom: this.returnedFrom(), host: this.linkHost } });
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

  hostConnected(): void {
    // Attached (again, after a removal): a visit starts, and the next update gives it the settings.
    if (this.#actor) return;
    this.#start();
    this.host.requestUpdate();
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
