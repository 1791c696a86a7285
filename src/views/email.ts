import { html } from 'lit';
import { describedByError, errorNotice, invalidIfError, onSubmit, providerName, submitButton, text } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function emailView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, region } = state;
  const lead = t.emailIntro(providerName(state));
  return {
    heading: t.emailTitle(providerName(state)),
    lead,
    busy: busy ? t.sending : undefined,
    back: true,
    body: html`<form class="form" novalidate @submit=${onSubmit((data) => on.submitEmail({ email: text(data, 'email'), region: region || null }))}>
      <p class="lead">${lead}</p>
      ${errorNotice(state)}
      <div class="field">
        <label for="email">${t.email}</label>
        <input id="email" name="email" part="input" type="email" dir="auto" autocomplete="email" autocapitalize="none" spellcheck="false" required
          aria-invalid=${invalidIfError(state, 'email')} aria-describedby=${describedByError(state, 'email')} ?readonly=${busy} />
      </div>
      ${submitButton(busy, t.sendInvite, t.sending)}
    </form>`,
  };
}
