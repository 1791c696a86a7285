import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Provider } from '../core/api/types.js';
import type { Messages } from '../i18n/messages.js';
import { logo } from './shared.js';
import type { Screen, ViewActions } from './types.js';

/**
 * The whole widget around one screen: frame, header with Back, the chosen provider's logo and
 * Close, the screen, live region.
 */
export function widgetView(screen: Screen, t: Messages, on: ViewActions, provider?: Provider | null): TemplateResult {
  return html`<div class="base" part="base" lang=${t.lang} dir=${t.dir} aria-busy=${screen.busy ? 'true' : 'false'}>
    <header part="header">
      ${screen.back
        ? html`<button class="icon" part="button back" type="button" aria-label=${t.back} title=${t.back} @click=${on.back}>
            <span aria-hidden="true">${t.dir === 'rtl' ? '→' : '←'}</span>
          </button>`
        : nothing}
      ${screen.ended
        ? nothing
        : html`<button class="icon close" part="button close" type="button" aria-label=${t.close} title=${t.close} @click=${on.close}>
            <span aria-hidden="true">×</span>
          </button>`}
      ${provider && !screen.providerInBody ? logo(provider) : nothing}
      <h2 tabindex="-1">${screen.heading}</h2>
    </header>
    ${screen.top === undefined ? nothing : html`<div class="top">${screen.top}</div>`}
    <div class="body">${screen.body}</div>
    <div class="visually-hidden" id="announcer" role="status" aria-live="polite" aria-atomic="true"></div>
  </div>`;
}
