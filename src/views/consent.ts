/**
 * What the app will receive from a provider, in the widget's language: the consent screen before an
 * OAuth window opens, and the same words at the top of a password or email provider's form. Drawn
 * from the provider's `supported_resources`; a provider that lists none shows no consent at all.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { RESOURCE_KINDS } from '../contract/resource-kinds.js';
import type { ResourceKind } from '../contract/resource-kinds.js';
import type { Messages } from '../i18n/messages.js';
import { appNameOf, buttonRow, providerName, signInTitle } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/** Kinds named before "and N more": about a short line's worth. */
export const KINDS_SHOWN = 8;

const isCommonKind = (slug: string): slug is ResourceKind => (RESOURCE_KINDS as readonly string[]).includes(slug);

/** Any slug as words: `blood_oxygen` → "Blood oxygen". */
export function humanise(slug: string): string {
  const words = slug.replace(/[\s_-]+/g, ' ').trim();
  return words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

/** A kind of data as a person says it: the catalogue's name for the common ones, else the slug humanised. */
export const resourceName = (t: Messages, slug: string) => (isCommonKind(slug) ? t.kinds[slug] : humanise(slug));

/** The names of what the chosen provider shares, each once, in the service's order. */
export function sharedKinds(state: ViewState): string[] {
  const slugs = state.context.provider?.supportedResources ?? [];
  return [...new Set(slugs.map((slug) => resourceName(state.t, slug)).filter(Boolean))];
}

/**
 * The names shown at once, and those behind "and N more". One left over is shown rather than
 * hidden behind a click.
 */
export function splitKinds(names: string[]): [shown: string[], more: string[]] {
  return names.length <= KINDS_SHOWN + 1 ? [names, []] : [names.slice(0, KINDS_SHOWN), names.slice(KINDS_SHOWN)];
}

/** The whole sentence, for the screen's announcement: every kind, in the language's own list form. */
export function consentSentence(state: ViewState): string | undefined {
  const names = sharedKinds(state);
  if (names.length === 0) return undefined;
  return state.t.consentSentence(appNameOf(state), names);
}

/** "<App> will receive:" and the kinds, the first few at once and the rest behind a disclosure. */
export function consentBlock(state: ViewState): TemplateResult | typeof nothing {
  const { t } = state;
  const names = sharedKinds(state);
  if (names.length === 0) return nothing;
  const [shown, more] = splitKinds(names);
  const list = (items: string[]) => html`<ul class="kinds" role="list">
    ${items.map((name) => html`<li dir="auto">${name}</li>`)}
  </ul>`;
  return html`<div class="consent">
    <p class="lead">${t.consentIntro(appNameOf(state))}</p>
    ${list(shown)}
    ${more.length
      ? html`<details class="more-kinds">
          <summary>${t.consentMore(more.length)}</summary>
          ${list(more)}
        </details>`
      : nothing}
  </div>`;
}

/** Before an OAuth provider's window opens: what will be shared, and the button that opens it. */
export function consentView(state: ViewState, on: ViewActions): Screen {
  const { t, snapshot } = state;
  const name = providerName(state);
  return {
    heading: signInTitle(state, t.consentTitle),
    lead: consentSentence(state),
    back: snapshot.can({ type: 'BACK' }),
    // The window opens inside this click (OPEN_WINDOW): no popup blocker stands between.
    body: html`${consentBlock(state)}${buttonRow([t.consentContinue(name), on.openWindow])}`,
  };
}
