import { html } from 'lit';
import { errorNotice, invalidIfError, onSubmit, submitButton } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function mfaView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, context } = state;
  const challenge = context.mfa ?? { method: '', hint: '' };
  return {
    heading: t.mfaTitle,
    back: true,
    // The element empties the field for each new round (see its `updated`).
    body: html`<form class="form" novalidate @submit=${onSubmit(on.submitMfa)}>
        <p class="lead" id="mfa-hint">${t.mfaSent(challenge.method, challenge.hint, context.mfaRound)}</p>
        ${errorNotice(state)}
        <div class="field">
          <label for="mfa-code">${t.verificationCode}</label>
          <input id="mfa-code" name="code" part="input" type="text" inputmode="numeric" autocomplete="one-time-code" required
            aria-invalid=${invalidIfError(state, 'code')} aria-describedby=${context.error ? 'step-error mfa-hint' : 'mfa-hint'} ?readonly=${busy} />
        </div>
        ${submitButton(busy, t.verify, t.verifying)}
      </form>`,
  };
}
