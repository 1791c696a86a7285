import { html, nothing } from 'lit';
import { errorHeading } from '../i18n/index.js';
import type { Messages } from '../i18n/messages.js';
import { appNameOf, buttonRow, errorNotice, providerName } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/** Rows the loading screen shows in place of the list. */
const SKELETON_ROWS = 3;

/** The list's shape, grey, until it comes: the screen does not jump when it does. */
export function loadingView(t: Messages): Screen {
  return {
    heading: t.loadingTitle,
    busy: t.loadingText,
    back: false,
    top: html`<p class="lead">${t.loadingText}</p>`,
    body: html`<ul class="providers skeleton" role="list" aria-hidden="true">
      ${Array.from(
        { length: SKELETON_ROWS },
        () => html`<li><span class="provider"><span class="logo"></span><span class="text"><span class="line"></span><span class="line"></span><span class="line"></span></span></span></li>`,
      )}
    </ul>`,
  };
}

/**
 * After the flow ended. After a success the token is spent and after an error it was refused:
 * only a flow the user closed can start again.
 */
export function closedView(state: ViewState, on: ViewActions): Screen {
  const { t, context } = state;
  const done = context.exitReason === 'done';
  if (done && !state.hosted) return connectedView(state);
  // Only a webview or a frame has a window to close (its host closes it).
  const lead = done ? t.closedDoneText : t.closedText;
  return {
    heading: done ? outcomeWords(state).heading : t.closedTitle,
    lead,
    back: false,
    ended: true,
    body: html`<p class="lead">${lead}</p>
      ${context.exitReason === 'user_cancelled' ? buttonRow([t.startAgain, on.restart]) : nothing}`,
  };
}

/**
 * The success screen's words: a provider connected, or an email invitation sent. Closed on the
 * list after Connect another (no provider chosen): the last one linked in this visit.
 */
function outcomeWords({ t, context }: ViewState) {
  const provider = context.provider ?? context.providers.find((p) => p.slug === context.linked.at(-1));
  const name = provider?.name ?? '';
  return provider?.authType === 'email'
    ? { heading: t.emailSentTitle, lead: t.emailSentText(name) }
    : { heading: t.successTitle, lead: t.successText(name) };
}

/** The badge and the sentence of a success, on the success screen and on the state after Done. */
const outcome = (lead: string) => html`<div class="outcome success">
  <span class="badge" aria-hidden="true">✓</span>
  <p class="lead">${lead}</p>
</div>`;

/**
 * Inline, after Done: the page goes on around the widget, so it stays, saying what was
 * connected, with nothing left to press. (Buttons that start something new, such as
 * "Connect another", belong in its actions row, which is empty for now.)
 */
function connectedView(state: ViewState): Screen {
  const { heading, lead } = outcomeWords(state);
  return { heading, lead, back: false, ended: true, body: outcome(lead) };
}

export function unsupportedView(state: ViewState, on: ViewActions): Screen {
  const name = providerName(state);
  const lead = state.t.unsupportedText(name, appNameOf(state));
  return {
    heading: state.t.unsupportedTitle(name),
    lead,
    back: state.snapshot.can({ type: 'BACK' }),
    body: html`<p class="lead">${lead}</p>
      ${buttonRow([state.t.chooseAnother, on.back])}`,
  };
}

export function successView(state: ViewState, on: ViewActions): Screen {
  const { t } = state;
  const { heading, lead } = outcomeWords(state);
  const actions = state.snapshot.can({ type: 'CONNECT_ANOTHER' }) ? buttonRow([t.done, on.close], [t.connectAnother, on.connectAnother]) : buttonRow([t.done, on.close]);
  return { heading, lead, back: false, body: html`${outcome(lead)}${actions}` };
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
