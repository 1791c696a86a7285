import { html, nothing } from 'lit';
import { isTokenError } from '../api/errors.js';
import { errorNotice, providerName, spinner } from './shared.js';
import type { Messages } from '../i18n/messages.js';
import type { LinkContext } from '../machine/link-machine.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function loadingView(t: Messages): Screen {
  return {
    heading: t.loadingTitle,
    back: false,
    body: html`<p class="lead busy">${spinner}${t.loadingText}</p>`,
  };
}

/**
 * After the flow ended. After a success the token is spent and after an error it was refused:
 * only a flow the user closed can start again.
 */
export function closedView(context: LinkContext, t: Messages, on: ViewActions): Screen {
  const done = context.exitReason === 'done';
  return {
    heading: !done ? t.closedTitle : context.provider?.authType === 'email' ? t.emailSentTitle : t.successTitle,
    back: false,
    body: html`<p class="lead">${done ? t.closedDoneText : t.closedText}</p>
      ${context.exitReason === 'user_cancelled'
        ? html`<div class="actions">
            <button class="secondary" part="button" type="button" @click=${on.restart}>${t.startAgain}</button>
          </div>`
        : nothing}`,
  };
}

export function unsupportedView(state: ViewState, on: ViewActions): Screen {
  const name = providerName(state);
  return {
    heading: state.t.unsupportedTitle(name),
    back: true,
    body: html`<p class="lead">${state.t.unsupportedText(name)}</p>
      <div class="actions">
        <button class="secondary" part="button" type="button" @click=${on.back}>${state.t.chooseAnother}</button>
      </div>`,
  };
}

export function successView(state: ViewState, on: ViewActions): Screen {
  const { t, context } = state;
  const name = providerName(state);
  const invited = context.provider?.authType === 'email';
  return {
    heading: invited ? t.emailSentTitle : t.successTitle,
    back: false,
    body: html`<div class="outcome success">
        <span class="badge" aria-hidden="true">✓</span>
        <p class="lead">${invited ? t.emailSentText(name) : t.successText(name)}</p>
      </div>
      <div class="actions">
        <button class="primary" part="button" type="button" @click=${on.close}>${t.done}</button>
      </div>`,
  };
}

/** Load failures (retry), provider failures (another provider), token failures (only close). */
export function errorView(state: ViewState, on: ViewActions): Screen {
  const { t, context } = state;
  const tokenRejected = isTokenError(context.error?.code ?? '');
  const canRetry = state.state === 'loadFailed';
  const canChooseAnother = state.state === 'failed' && context.canCallApi;
  return {
    heading: tokenRejected ? t.tokenErrorTitle : t.errorTitle,
    back: false,
    body: html`${errorNotice(state)}
      <div class="actions">
        ${canRetry ? html`<button class="primary" part="button" type="button" @click=${on.retry}>${t.tryAgain}</button>` : nothing}
        ${canChooseAnother ? html`<button class="primary" part="button" type="button" @click=${on.back}>${t.chooseAnother}</button>` : nothing}
        ${!canRetry && !canChooseAnother ? html`<button class="secondary" part="button" type="button" @click=${on.close}>${t.close}</button>` : nothing}
      </div>`,
  };
}
