import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { form, text, textField } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/**
 * Each code round is a new form: the previous code must not linger in the field. Lit keeps the
 * DOM of a template that renders again and replaces it when another template comes; these two
 * wrappers are the same markup from two different templates, and rounds take turns with them,
 * so every round starts from fresh fields. (Lit's `keyed` does the same, at ~180 B of gzip for
 * its directive code.)
 */
const roundWrappers = [(body: TemplateResult) => html`${body}`, (body: TemplateResult) => html`${body}`] as const;

export function mfaView(state: ViewState, on: ViewActions): Screen {
  const { t, busy, context } = state;
  const challenge = context.mfa ?? { method: '', hint: '' };
  const lead = t.mfaSent(challenge.method, challenge.hint, context.mfaRound);
  return {
    heading: t.mfaTitle,
    lead,
    busy: busy ? t.verifying : undefined,
    back: state.snapshot.can({ type: 'BACK' }),
    body: roundWrappers[context.mfaRound % 2](
      html`<p class="lead" id="mfa-hint" dir="auto">${lead}</p>
        ${form(state, (data) => on.submitMfa(text(data, 'code').trim()), textField(state, 'code', t.verificationCode, 'text', 'one-time-code', 'mfa-hint'), t.verify, t.verifying)}`,
    ),
  };
}
