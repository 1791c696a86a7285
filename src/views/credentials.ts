import { html } from 'lit';
import { describedByError, errorNotice, invalidIfError, onSubmit, providerName, submitButton, text } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function credentialsView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, region } = state;
  return {
    heading: t.credentialsTitle(providerName(state)),
    busy: busy ? t.signingIn : undefined,
    back: true,
    body: html`<form
      class="form"
      novalidate
      @submit=${onSubmit((data) => on.submitCredentials({ username: text(data, 'username'), password: text(data, 'password'), region: region || null }))}
    >
      ${errorNotice(state)}
      <div class="field">
        <label for="username">${t.username}</label>
        <input id="username" name="username" part="input" type="text" dir="auto" autocomplete="username" autocapitalize="none" spellcheck="false" required
          aria-invalid=${invalidIfError(state, 'username')} aria-describedby=${describedByError(state, 'username')} ?readonly=${busy} />
      </div>
      <div class="field">
        <label for="password">${t.password}</label>
        <input id="password" name="password" part="input" type="password" autocomplete="current-password" required
          aria-invalid=${invalidIfError(state, 'password')} aria-describedby=${describedByError(state, 'password')} ?readonly=${busy} />
      </div>
      ${submitButton(busy, t.signIn, t.signingIn)}
    </form>`,
  };
}
