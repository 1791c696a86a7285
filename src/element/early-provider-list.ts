/**
 * The provider list, asked for while the page is still being parsed. The flow itself waits for
 * the page (its events must reach listeners that scripts further down add), but its first request
 * need not: on a throttled phone the list's round trip is most of the wait before the first
 * screen. The flow takes the answer when it starts with the same settings; anything else drops it.
 */
import { createLinkClient } from '../api/client.js';
import type { LinkClient, LinkClientOptions } from '../api/client.js';
import type { Provider } from '../api/types.js';

interface Asked {
  key: string;
  client: LinkClient;
  providers: Promise<Provider[]>;
  controller: AbortController;
}

const keyOf = ({ linkToken, baseUrl, timeoutMs }: LinkClientOptions) => JSON.stringify([linkToken, baseUrl ?? '', timeoutMs ?? null]);

export class EarlyProviderList {
  #asked: Asked | null = null;

  /** Asks for the list with these settings, unless it is already asked for. */
  ask(options: LinkClientOptions): void {
    const key = keyOf(options);
    if (this.#asked?.key === key) return;
    this.drop();
    const client = createLinkClient(options);
    const controller = new AbortController();
    const providers = client.listProviders(controller.signal);
    // Its failure is the flow's to report, once it takes it; a dropped one is nobody's.
    providers.catch(() => {});
    this.#asked = { key, client, providers, controller };
  }

  /** The request asked for with exactly these settings, handed over once; any other is dropped. */
  take(options: LinkClientOptions): { client: LinkClient; providers: Promise<Provider[]>; abort(): void } | null {
    const asked = this.#asked;
    this.#asked = null;
    if (asked?.key === keyOf(options)) return { client: asked.client, providers: asked.providers, abort: () => asked.controller.abort() };
    asked?.controller.abort();
    return null;
  }

  drop(): void {
    this.#asked?.controller.abort();
    this.#asked = null;
  }
}
