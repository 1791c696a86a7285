import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ErrorField } from '../contract/errors.js';
import type { Provider } from '../core/api/types.js';
import { errorMessage } from '../i18n/index.js';
import { regionCode } from '../core/api/client.js';
import { presetRegion, regionOptions } from '../core/api/region.js';
import { regionWanted } from '../core/machine/link-machine.js';
import type { LinkFailure } from '../core/machine/link-machine.js';
import { nearScreenSrc } from './near-screen-src.js';
import type { ViewState } from './types.js';

export const ERROR_ID = 'step-error';

/** The longest app name a sentence takes: a partner's product name, not a paragraph. */
const APP_NAME_MAX = 80;

/**
 * The `app-name` setting as every sentence uses it (consent, the mobile-app screen): trimmed and
 * cut; '' (white space only too) means the sentence's neutral wording ("This app", "the mobile app").
 */
export const appNameOf = (state: ViewState) => state.appName.trim().slice(0, APP_NAME_MAX);

/**
 * The error beside the form that caused it. The raw code and the service's developer text are
 * for the partner, not the person: behind Details only with the `debug` setting (`link-error`
 * carries them always).
 */
export function errorNotice(state: ViewState, error: LinkFailure | null = state.context.error): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<div class="error" part="error" id=${ERROR_ID}>
    <p>${errorMessage(state.t, error.code)}</p>
    ${state.debug && error.debug
      ? html`<details class="details">
          <summary>${state.t.details}</summary>
          <code dir="ltr">${error.code}: ${error.debug}</code>
        </details>`
      : nothing}
  </div>`;
}

/**
 * The error names this field. One that names none (the network, the provider, the region) marks
 * no field: what the user typed is not what went wrong.
 */
const concerns = (state: ViewState, field: ErrorField) => state.context.error?.field === field;


/** Reads a submitted form into a typed action's argument, without letting the browser navigate. */
export const onSubmit = (submit: (data: FormData) => void) => (event: SubmitEvent) => {
  event.preventDefault();
  submit(new FormData(event.currentTarget as HTMLFormElement));
};

/** A form field's text ('' when absent). */
export const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/**
 * What a person can type into each field (an email address is at most 254 characters by its RFC):
 * a pasted megabyte never reaches a check or a request.
 */
export const FIELD_MAX_LENGTH: Record<TextFieldName, number> = { username: 256, password: 1024, code: 64, email: 254 };

/** The fields a person types into (the region is chosen from a list). */
type TextFieldName = Exclude<ErrorField, 'region'>;

/**
 * A labelled field of a form (its name is its id), tied to the form's error when the error is
 * about it: marked invalid, and described by the error (then by `describedBy`).
 */
export function textField(state: ViewState, name: TextFieldName, label: string, type: string, autocomplete: string, describedBy = '') {
  const invalid = concerns(state, name);
  return html`<div class="field">
    <label for=${name}>${label}</label>
    <input id=${name} name=${name} part="input" type=${type} dir="auto" autocomplete=${autocomplete} autocapitalize="none" spellcheck="false" maxlength=${FIELD_MAX_LENGTH[name]}
      inputmode=${name === 'code' ? 'numeric' : nothing} required aria-invalid=${invalid} aria-describedby=${`${invalid ? ERROR_ID : ''} ${describedBy}`.trim() || nothing}
      ?readonly=${state.busy} />
  </div>`;
}

export const spinner = html`<span class="spinner" aria-hidden="true"></span>`;

/** A screen's form: its error first, then its fields, then its button (busy while the request is in flight). */
export function form(state: ViewState, submit: (data: FormData) => void, fields: unknown, label: string, busyLabel: string): TemplateResult {
  return html`<form class="form" novalidate @submit=${onSubmit(submit)}>${errorNotice(state)} ${fields} ${submitButton(state.busy, label, busyLabel)}</form>`;
}

function submitButton(busy: boolean, label: string, busyLabel: string): TemplateResult {
  return html`<button class="primary" part="button" type="submit" ?disabled=${busy}>
    ${busy ? html`${spinner}${busyLabel}` : label}
  </button>`;
}

export const providerName = (state: ViewState) => state.context.provider?.name ?? '';

/** A sign-in screen's heading: its own words, or "Reconnect <Provider>" for a provider whose connection needs a new sign-in. */
export const signInTitle = (state: ViewState, title: (provider: string) => string) =>
  state.context.reconnecting ? state.t.reconnectTitle(providerName(state)) : title(providerName(state));

/**
 * A provider's logo, or its initial on a tile when it has none (names arrive trimmed: `guards.ts`).
 * A third-party image: it learns nothing of the page it is on. In a list (`'on-screen'`) it is
 * fetched only once its row is seen: a long list's rows below the fold cost no requests.
 */
export function logo(provider: Provider, load: 'now' | 'on-screen' = 'now') {
  if (!provider.logo) return html`<span class="logo placeholder" aria-hidden="true">${provider.name.charAt(0).toUpperCase() || '?'}</span>`;
  return load === 'now'
    ? html`<img class="logo" src=${provider.logo} alt="" width="40" height="40" referrerpolicy="no-referrer" />`
    : html`<img class="logo" ${nearScreenSrc(provider.logo)} alt="" width="40" height="40" referrerpolicy="no-referrer" />`;
}

/**
 * The region a form is sent with: the picker's choice where the form shows one, else the `region`
 * setting's.
 */
export const regionOf = (state: ViewState, data: FormData) => (regionWanted(state.context) ? text(data, 'region') || null : state.region || null);

/**
 * The region picker, on a form whose provider asks for a region (`form_components`) or whose
 * region the service refused: the provider's regions, or common ones, named in the widget's
 * language; the `region` setting chosen at first when it is one of them.
 */
export function regionField(state: ViewState) {
  if (!regionWanted(state.context)) return nothing;
  const { t } = state;
  const preset = regionCode(state.region);
  const options = regionOptions(state.context.provider, preset, t.lang);
  const selected = presetRegion(options, preset);
  const invalid = concerns(state, 'region');
  return html`<div class="field">
    <label for="region">${t.region}</label>
    <select id="region" name="region" part="input" required aria-invalid=${invalid} aria-describedby=${invalid ? ERROR_ID : nothing}>
      <option value="" ?selected=${selected === ''}>${t.regionPlaceholder}</option>
      ${options.map(({ code, name }) => html`<option value=${code} ?selected=${code === selected}>${name}</option>`)}
    </select>
  </div>`;
}

/** The actions row: one button per entry, the first the primary one. */
export function buttonRow(...buttons: [label: string, action: () => void][]): TemplateResult {
  return html`<div class="actions">
    ${buttons.map(
      ([label, action], i) => html`<button class=${i === 0 ? 'primary' : 'secondary'} part="button" type="button" @click=${action}>${label}</button>`,
    )}
  </div>`;
}
