import { html } from 'lit';
import { describedByError, errorNotice, invalidIfError, onSubmit, providerName, submitButton } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function emailView(state: ViewState, on: ViewActions): Screen {
  const { t, busy } = state;
  return {
    heading: t.emailTitle(providerName(state)),
    back: true,
    body: html`<form class="form" novalidate @submit=${onSubmit(on.submitEmail)}>
      <p class="lead">${t.emailIntro(providerName(state))}</p>
      ${errorNotice(state)}
      <div class="field">
        <label for="email">${t.email}</label>
        <input id="email" name="email" part="input" type="email" autocomplete="email" autocapitalize="none" spellcheck="false" required
          aria-invalid=${invalidIfError(state, 'email')} aria-describedby=${describedByError(state, 'email')} ?readonly=${busy} />
      </div>
      ${submitButton(busy, t.sendInvite, t.sending)}
    </form>`,
  };
}
