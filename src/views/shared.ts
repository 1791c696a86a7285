import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ErrorField } from '../api/errors.js';
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

/** The error is about this field: it names it, or it is about the whole form. */
const concerns = (state: ViewState, field: ErrorField) => {
  const error = state.context.error;
  return error !== null && (!error.field || error.field === field);
};

/** Attributes tying a field to the form's error, when the error is about it. */
export const describedByError = (state: ViewState, field: ErrorField) => (concerns(state, field) ? ERROR_ID : nothing);
export const invalidIfError = (state: ViewState, field: ErrorField) => (concerns(state, field) ? 'true' : 'false');

/** Reads a submitted form into a typed action's argument, without letting the browser navigate. */
export const onSubmit = (submit: (data: FormData) => void) => (event: SubmitEvent) => {
  event.preventDefault();
  submit(new FormData(event.currentTarget as HTMLFormElement));
};

/** A form field's text ('' when absent). */
export const text = (data: FormData, name: string) => String(data.get(name) ?? '');

export const spinner = html`<span class="spinner" aria-hidden="true"></span>`;

export function submitButton(busy: boolean, label: string, busyLabel: string): TemplateResult {
  return html`<button class="primary" part="button" type="submit" ?disabled=${busy}>
    ${busy ? html`${spinner}${busyLabel}` : label}
  </button>`;
}

export const providerName = (state: ViewState) => state.context.provider?.name ?? '';

/** The actions row: one button per entry, the first the primary one. */
export function buttonRow(...buttons: [label: string, action: () => void][]): TemplateResult {
  return html`<div class="actions">
    ${buttons.map(
      ([label, action], i) => html`<button class=${i === 0 ? 'primary' : 'secondary'} part="button" type="button" @click=${action}>${label}</button>`,
    )}
  </div>`;
}
