import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { form, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function mfaView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, context } = state;
  const challenge = context.mfa ?? { method: '', hint: '' };
  const lead = t.mfaSent(challenge.method, challenge.hint, context.mfaRound);
  return {
    heading: t.mfaTitle,
    lead,
    busy: busy ? t.verifying : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    // Each round is a new form, keyed by its number: the previous code must not linger in the field.
    body: keyed(
      context.mfaRound,
      html`<p class="lead" id="mfa-hint" dir="auto">${lead}</p>
        ${form(state, (data) => on.submitMfa(text(data, 'code').trim()), textField(state, 'code', t.verificationCode, 'text', 'one-time-code', 'mfa-hint'), t.verify, t.verifying)}`,
    ),
  };
}
