import { html, nothing } from 'lit';
import type { Provider } from '../api/types.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/** The search box appears once the list is longer than this. */
export const SEARCH_THRESHOLD = 8;

const matches = (provider: Provider, query: string) => {
  const needle = query.trim().toLocaleLowerCase();
  return !needle || `${provider.name} ${provider.description}`.toLocaleLowerCase().includes(needle);
};

export function providersView(state: ViewState, on: ViewActions): Screen {
  const { t, context, query } = state;
  const all = context.providers;
  const shown = all.filter((provider) => matches(provider, query));
  const searchable = all.length > SEARCH_THRESHOLD;
  return {
    heading: t.providersTitle,
    back: false,
    body: html`
      <p class="lead">${all.length ? t.providersIntro : t.noProviders}</p>
      ${searchable
        ? html`<div class="field search">
            <label for="provider-search">${t.searchLabel}</label>
            <input
              id="provider-search"
              part="input"
              type="search"
              autocomplete="off"
              .value=${query}
              @input=${(event: InputEvent) => on.search((event.target as HTMLInputElement).value)}
            />
            <p class="hint" aria-live="polite">${query ? t.searchResults(shown.length) : nothing}</p>
          </div>`
        : nothing}
      ${shown.length === 0 && query ? html`<p class="empty">${t.noProvidersMatch(query)}</p>` : nothing}
      <ul class="providers" role="list">
        ${shown.map(
          (provider) => html`<li>
            <button class="provider" part="provider" type="button" @click=${() => on.select(provider)}>
              ${provider.logo
                ? html`<img class="logo" src=${provider.logo} alt="" />`
                : html`<span class="logo placeholder" aria-hidden="true">${provider.name.trim().charAt(0).toUpperCase() || '?'}</span>`}
              <span class="text">
                <span class="name">${provider.name}</span>
                ${provider.description ? html`<span class="description">${provider.description}</span>` : nothing}
              </span>
            </button>
          </li>`,
        )}
      </ul>
    `,
  };
}
