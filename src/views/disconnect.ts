import { html } from 'lit';
import { appNameOf, buttonRow, providerName, spinner } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/**
 * Disconnecting a provider the person has: what it means, asked before anything is done; then
 * what is happening while the partner's backend does it. A failure is the error screen's, with Try again.
 */
export function disconnectView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, snapshot } = state;
  const heading = t.disconnectTitle(providerName(state));
  const lead = t.disconnectText(appNameOf(state));
  if (busy) {
    return { heading, busy: t.disconnecting, back: false, body: html`<p class="lead busy" role="status">${spinner}${t.disconnecting}</p>` };
  }
  return {
    heading,
    lead,
    back: snapshot.can({ type: 'BACK' }),
    body: html`<p class="lead">${lead}</p>
      ${buttonRow([t.disconnect, on.confirmDisconnect], [t.cancel, on.cancel])}`,
  };
}
