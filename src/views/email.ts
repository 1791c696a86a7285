import { html } from 'lit';
import { form, providerName, regionOf, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function emailView(state: ViewState, on: ViewActions): Screen {
  const { t, busy } = state;
  const lead = t.emailIntro(providerName(state));
  const submit = (data: FormData) => on.submitEmail({ email: text(data, 'email'), region: regionOf(state) });
  return {
    heading: t.emailTitle(providerName(state)),
    lead,
    busy: busy ? t.sending : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    body: html`<p class="lead">${lead}</p>
      ${form(state, submit, [textField(state, 'email', t.email, 'email', 'email')], t.sendInvite, t.sending)}`,
  };
}
