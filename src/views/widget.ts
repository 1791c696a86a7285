import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import type { LinkSnapshot } from '../machine/link-machine.js';
import { statePath } from '../machine/step.js';
import { closedView, loadingView } from './outcome.js';
import { screenFor } from './screen.js';
import type { ViewActions } from './types.js';

export interface WidgetState {
  /** The flow's state; null before there is a flow (no token yet). */
  snapshot: LinkSnapshot | null;
  t: Messages;
  query: string;
}

/** The whole widget for one state of the flow: frame, header, the step's screen, live region. */
export function widgetView({ snapshot, t, query }: WidgetState, on: ViewActions): TemplateResult {
  const state = snapshot ? statePath(snapshot.value) : 'loading';
  const busy = snapshot?.hasTag('busy') ?? true;
  const closed = snapshot !== null && state === 'exited';
  const screen = !snapshot ? loadingView(t) : closed ? closedView(snapshot.context, t, on) : screenFor({ state, context: snapshot.context, busy, t, query }, on);
  return html`<div class="base" part="base" lang=${t.lang} dir=${t.dir} aria-busy=${busy ? 'true' : 'false'}>
    <header part="header">
      ${screen.back
        ? html`<button class="icon" part="button back" type="button" aria-label=${t.back} @click=${on.back}>
            <span aria-hidden="true">${t.dir === 'rtl' ? '→' : '←'}</span>
          </button>`
        : nothing}
      ${closed
        ? nothing
        : html`<button class="icon close" part="button close" type="button" aria-label=${t.close} @click=${on.close}>
            <span aria-hidden="true">×</span>
          </button>`}
      <h2 tabindex="-1">${screen.heading}</h2>
    </header>
    ${screen.body}
    <div class="visually-hidden" id="announcer" role="status" aria-live="polite" aria-atomic="true"></div>
  </div>`;
}
