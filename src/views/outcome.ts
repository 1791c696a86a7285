import { html, nothing } from 'lit';
import { errorHeading } from '../i18n/index.js';
import type { Messages } from '../i18n/messages.js';
import { buttonRow, errorNotice, providerName, spinner } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function loadingView(t: Messages): Screen {
  return {
    heading: t.loadingTitle,
    busy: t.loadingText,
    back: false,
    body: html`<p class="lead busy">${spinner}${t.loadingText}</p>`,
  };
}

/**
 * After the flow ended. After a success the token is spent and after an error it was refused:
 * only a flow the user closed can start again.
 */
export function closedView(state: ViewState, on: ViewActions): Screen {
  const { t, context } = state;
  const done = context.exitReason === 'done';
  const invited = context.provider?.authType === 'email';
  // Only a webview or a frame has a window to close; inline, the page goes on around the widget.
  const lead = !done ? t.closedText : state.hosted ? t.closedDoneText : (invited ? t.emailSentText : t.successText)(providerName(state));
  return {
    heading: !done ? t.closedTitle : invited ? t.emailSentTitle : t.successTitle,
    lead,
    back: false,
    ended: true,
    body: html`<p class="lead">${lead}</p>
      ${context.exitReason === 'user_cancelled' ? buttonRow([t.startAgain, on.restart]) : nothing}`,
  };
}

export function unsupportedView(state: ViewState, on: ViewActions): Screen {
  const name = providerName(state);
  const lead = state.t.unsupportedText(name);
  return {
    heading: state.t.unsupportedTitle(name),
    lead,
    back: state.snapshot.can({ type: 'BACK' }),
    body: html`<p class="lead">${lead}</p>
      ${buttonRow([state.t.chooseAnother, on.back])}`,
  };
}

export function successView(state: ViewState, on: ViewActions): Screen {
  const { t, context } = state;
  const name = providerName(state);
  const invited = context.provider?.authType === 'email';
  const lead = invited ? t.emailSentText(name) : t.successText(name);
  return {
    heading: invited ? t.emailSentTitle : t.successTitle,
    lead,
    back: false,
    body: html`<div class="outcome success">
        <span class="badge" aria-hidden="true">✓</span>
        <p class="lead">${lead}</p>
      </div>
      ${state.snapshot.can({ type: 'CONNECT_ANOTHER' }) ? buttonRow([t.done, on.close], [t.connectAnother, on.connectAnother]) : buttonRow([t.done, on.close])}`,
  };
}

/**
 * A failure the flow stopped on: trying again where the machine allows it (loading), another
 * provider where it allows going back, else only closing (a refused token).
 */
export function errorView(state: ViewState, on: ViewActions): Screen {
  const { t, snapshot, context } = state;
  const action: [string, () => void] = snapshot.can({ type: 'RETRY' })
    ? [t.tryAgain, on.retry]
    : snapshot.can({ type: 'BACK' })
      ? [t.chooseAnother, on.back]
      : [t.close, on.close];
  return {
    heading: errorHeading(t, context.error?.code ?? ''),
    // The one way on is the button below.
    back: false,
    body: html`${errorNotice(state)}${buttonRow(action)}`,
  };
}
