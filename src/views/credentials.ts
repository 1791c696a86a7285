import { form, providerName, regionOf, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function credentialsView(state: ViewState, on: ViewActions): Screen {
  const { t, busy } = state;
  const submit = (data: FormData) => on.submitCredentials({ username: text(data, 'username'), password: text(data, 'password'), region: regionOf(state) });
  return {
    heading: t.credentialsTitle(providerName(state)),
    busy: busy ? t.signingIn : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    body: form(
      state,
      submit,
      [textField(state, 'username', t.username, 'text', 'username'), textField(state, 'password', t.password, 'password', 'current-password')],
      t.signIn,
      t.signingIn,
    ),
  };
}
