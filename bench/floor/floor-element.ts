/**
 * The floor: the least a Lit + XState element that fetches a JSON list and renders it can be. Built
 * with the product's plugins (bench/dist/, never shipped), so that `npm run size` can tell how much
 * of each bundle is the product's own code over what any such element costs.
 */
import { css, html, LitElement } from 'lit';
import { assign, createActor, fromPromise, setup } from 'xstate';

interface Item {
  id: string;
  name: string;
}

const listMachine = setup({
  types: {
    context: {} as { src: string; token: string; items: Item[] },
    input: {} as { src: string; token: string },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadItems: fromPromise<Item[], { src: string; token: string }>(async ({ input, signal }) => {
      // The link API's own call, header included: from another origin it costs a CORS preflight.
      const headers: Record<string, string> = input.token ? { 'x-service-link-token': input.token } : {};
      const response = await fetch(input.src, { signal, headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as Item[];
    }),
  },
}).createMachine({
  context: ({ input }) => ({ src: input.src, token: input.token, items: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadItems',
        input: ({ context }) => ({ src: context.src, token: context.token }),
        onDone: { target: 'list', actions: assign({ items: ({ event }) => event.output }) },
        onError: 'error',
      },
    },
    list: {},
    error: { on: { retry: 'loading' } },
  },
});

export class FloorElement extends LitElement {
  static override properties = { src: {}, token: {} };
  static override styles = css`
    ul {
      list-style: none;
      padding: 0;
    }
  `;

  /** The URL of the JSON list (an array of `{ id, name }`). */
  src = '';
  /** Sent as `x-service-link-token` when set, as the link API wants. */
  token = '';
  #actor: ReturnType<typeof createActor<typeof listMachine>> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#actor = createActor(listMachine, { input: { src: this.src, token: this.token } });
    this.#actor.subscribe(() => this.requestUpdate());
    this.#actor.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#actor?.stop();
  }

  override render() {
    const snapshot = this.#actor?.getSnapshot();
    if (snapshot?.matches('list')) {
      return html`<ul>
        ${snapshot.context.items.map(
          (item) => html`<li><button @click=${() => this.dispatchEvent(new CustomEvent('pick', { detail: item.id }))}>${item.name}</button></li>`,
        )}
      </ul>`;
    }
    if (snapshot?.matches('error')) return html`<p>Could not load. <button @click=${() => this.#actor?.send({ type: 'retry' })}>Retry</button></p>`;
    return html`<p>Loading…</p>`;
  }
}

customElements.define('floor-element', FloorElement);
