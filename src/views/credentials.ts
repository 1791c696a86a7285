import { html } from 'lit';
import { consentBlock, consentSentence } from './consent.js';
import { form, regionField, regionOf, signInTitle, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function credentialsView(state: ViewState, on: ViewActions): Screen {
  const { t, busy } = state;
  const submit = (data: FormData) => on.submitCredentials({ username: text(data, 'username'), password: text(data, 'password'), region: regionOf(state, data) });
  return {
    heading: signInTitle(state, t.credentialsTitle),
    // What the app will receive, on the form itself: no screen or click of its own.
    lead: consentSentence(state),
    busy: busy ? t.signingIn : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    body: html`${consentBlock(state)}${form(
      state,
      submit,
      [textField(state, 'username', t.username, 'text', 'username'), textField(state, 'password', t.password, 'password', 'current-password'), regionField(state)],
      t.signIn,
      t.signingIn,
    )}`,
  };
}
