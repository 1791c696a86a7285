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

  /**
   * A client for these settings whose first `listProviders` is the request already asked for
   * (aborted with that call), or null when none was asked for with exactly these; any other is dropped.
   */
  take(options: LinkClientOptions): LinkClient | null {
    const asked = this.#asked;
    this.#asked = null;
    if (asked?.key !== keyOf(options)) {
      asked?.controller.abort();
      return null;
    }
    let handedOver = false;
    return {
      ...asked.client,
      listProviders(signal) {
        if (handedOver) return asked.client.listProviders(signal);
        handedOver = true;
        signal?.addEventListener('abort', () => asked.controller.abort(), { once: true });
        return asked.providers;
      },
    };
  }

  drop(): void {
    this.#asked?.controller.abort();
    this.#asked = null;
  }
}
