import { html } from 'lit';
import { consentBlock, consentSentence } from './consent.js';
import { form, providerName, regionField, regionOf, signInTitle, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function emailView(state: ViewState, on: ViewActions): Screen {
  const { t, busy } = state;
  const intro = t.emailIntro(providerName(state));
  const consent = consentSentence(state);
  const submit = (data: FormData) => on.submitEmail({ email: text(data, 'email'), region: regionOf(state, data) });
  return {
    heading: signInTitle(state, t.emailTitle),
    lead: consent ? `${intro} ${consent}` : intro,
    busy: busy ? t.sending : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    body: html`<p class="lead">${intro}</p>
      ${consentBlock(state)} ${form(state, submit, [textField(state, 'email', t.email, 'email', 'email'), regionField(state)], t.sendInvite, t.sending)}`,
  };
}
