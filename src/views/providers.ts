import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Provider } from '../core/api/types.js';
import { canLink, connectionOf } from '../core/machine/link-machine.js';
import { logo } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/** The search box appears once the list is longer than this. */
export const SEARCH_THRESHOLD = 8;
/** Rows shown at first, and added by each "Show more": a long list must not lay out thousands. */
export const LIST_PAGE = 30;

/** Lower-cased name and description, worked out once per provider rather than per keystroke. */
const searchText = new WeakMap<Provider, string>();
const haystack = (provider: Provider) => {
  let text = searchText.get(provider);
  if (text === undefined) searchText.set(provider, (text = `${provider.name} ${provider.description}`.toLocaleLowerCase()));
  return text;
};

export function providersView(state: ViewState, on: ViewActions): Screen {
  const { t, context, query, listLimit } = state;
  const all = context.providers;
  const needle = query.trim().toLocaleLowerCase();
  const matching = needle ? all.filter((provider) => haystack(provider).includes(needle)) : all;
  const shown = matching.slice(0, listLimit);
  const disconnected = context.justDisconnected && all.find((provider) => provider.slug === context.justDisconnected);
  // Back from disconnecting one: that is what the screen says first (and the live region with it).
  const lead = disconnected ? t.disconnectedNote(disconnected.name) : all.length ? t.providersIntro : t.noProviders;
  const empty = matching.length === 0 && query !== '';
  return {
    heading: t.providersTitle,
    lead,
    back: false,
    top: html`
      <p class="lead">${lead}</p>
      ${all.length > SEARCH_THRESHOLD
        ? html`<div class="field search">
            <label for="provider-search">${t.searchLabel}</label>
            <input id="provider-search" part="input" type="search" dir="auto" autocomplete="off" .value=${query}
              @input=${(event: InputEvent) => on.search((event.target as HTMLInputElement).value)} />
            <p class="hint" aria-live="polite">${query ? (empty ? t.noProvidersMatch(query) : t.searchResults(matching.length)) : nothing}</p>
          </div>`
        : nothing}
    `,
    // An empty search is said once, under the box (and by its live region); the way out is here.
    body: empty
      ? html`<div class="actions"><button class="secondary" part="button" type="button" @click=${on.clearSearch}>${t.clearSearch}</button></div>`
      : // Keyed by provider: a keystroke that narrows the list only takes rows away, and a row kept
        // keeps its logo (updating rows in place gave every row another name and image to lay
        // out and fetch).
        html`<ul class="providers" role="list">
            ${repeat(shown, (provider) => provider.slug, (provider) => providerRow(state, provider, on))}
          </ul>
          ${matching.length > shown.length
            ? html`<div class="actions">
                <button class="secondary" part="button" type="button" @click=${on.showMore}>${t.showMore(Math.min(LIST_PAGE, matching.length - shown.length))}</button>
              </div>`
            : nothing}`,
  };
}

/**
 * A provider's row. One the person has (linked in this visit, or so the page says) is marked, in
 * its name too: "Connected", or "Reconnect needed", where choosing it signs in again. With the
 * page's `disconnectProvider`, a connected one has Disconnect beside it.
 */
function providerRow(state: ViewState, provider: Provider, on: ViewActions) {
  const { t, context, snapshot } = state;
  const connection = connectionOf(context, provider.slug);
  const disconnect = connection !== null && snapshot.can({ type: 'DISCONNECT', slug: provider.slug });
  return html`<li class=${disconnect ? 'with-action' : ''}>
    <button class="provider" part="provider" type="button" @click=${() => on.select(provider.slug)}>
      ${logo(provider, 'on-screen')}
      <span class="text">
        <span class="name" dir="auto">${provider.name}</span>
        ${provider.description ? html`<span class="description" dir="auto">${provider.description}</span>` : nothing}
        ${canLink(provider) ? nothing : html`<span class="tag">${t.inMobileApp}</span>`}
      </span>
      ${connection === 'connected' ? html`<span class="linked-mark"><span aria-hidden="true">✓ </span>${t.linkedMark}</span>` : nothing}
      ${connection === 'needs_reconnect' ? html`<span class="reconnect-mark"><span aria-hidden="true">↻ </span>${t.needsReconnect}</span>` : nothing}
      <span class="chevron" aria-hidden="true"></span>
    </button>
    ${disconnect
      ? html`<button class="secondary row-action" part="button" type="button" aria-label=${t.disconnectLabel(provider.name)} @click=${() => on.disconnect(provider.slug)}>${t.disconnect}</button>`
      : nothing}
  </li>`;
}
