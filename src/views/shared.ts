import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { errorMessage } from '../i18n/index.js';
import type { LinkFailure } from '../machine/link-machine.js';
import type { ViewState } from './types.js';

export const ERROR_ID = 'step-error';

/** The error beside the form that caused it; the raw code and debug text only behind Details. */
export function errorNotice(state: ViewState, error: LinkFailure | null = state.context.error): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<div class="error" part="error" id=${ERROR_ID}>
    <p>${errorMessage(state.t, error.code)}</p>
    ${error.debug
      ? html`<details class="details">
          <summary>${state.t.details}</summary>
          <code dir="ltr">${error.code}: ${error.debug}</code>
        </details>`
      : nothing}
  </div>`;
}

type Field = NonNullable<LinkFailure['field']>;

/** The error is about this field: it names it, or it is about the whole form. */
const concerns = (state: ViewState, field: Field) => {
  const error = state.context.error;
  return error !== null && (!error.field || error.field === field);
};

/** Attributes tying a field to the form's error, when the error is about it. */
export const describedByError = (state: ViewState, field: Field) => (concerns(state, field) ? ERROR_ID : nothing);
export const invalidIfError = (state: ViewState, field: Field) => (concerns(state, field) ? 'true' : 'false');

/** Hands the submitted form to an action without letting the browser navigate. */
export const onSubmit = (action: (form: HTMLFormElement) => void) => (event: SubmitEvent) => {
  event.preventDefault();
  action(event.currentTarget as HTMLFormElement);
};

export const spinner = html`<span class="spinner" aria-hidden="true"></span>`;

export function submitButton(busy: boolean, label: string, busyLabel: string): TemplateResult {
  return html`<button class="primary" part="button" type="submit" ?disabled=${busy}>
    ${busy ? html`${spinner}${busyLabel}` : label}
  </button>`;
}

export const providerName = (state: ViewState) => state.context.provider?.name ?? '';
