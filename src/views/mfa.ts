import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { errorNotice, invalidIfError, onSubmit, submitButton, text } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function mfaView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, context } = state;
  const challenge = context.mfa ?? { method: '', hint: '' };
  const lead = t.mfaSent(challenge.method, challenge.hint, context.mfaRound);
  return {
    heading: t.mfaTitle,
    lead,
    busy: busy ? t.verifying : undefined,
    back: true,
    // Each round is a new form: the previous code must not linger in the field.
    body: keyed(
      context.mfaRound,
      html`<form class="form" novalidate @submit=${onSubmit((data) => on.submitMfa(text(data, 'code').trim()))}>
        <p class="lead" id="mfa-hint" dir="auto">${lead}</p>
        ${errorNotice(state)}
        <div class="field">
          <label for="mfa-code">${t.verificationCode}</label>
          <input id="mfa-code" name="code" part="input" type="text" inputmode="numeric" autocomplete="one-time-code" required
            aria-invalid=${invalidIfError(state, 'code')} aria-describedby=${context.error ? 'step-error mfa-hint' : 'mfa-hint'} ?readonly=${busy} />
        </div>
        ${submitButton(busy, t.verify, t.verifying)}
      </form>`,
    ),
  };
}
