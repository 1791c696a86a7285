import { html, nothing } from 'lit';
import { errorHeading } from '../i18n/index.js';
import type { Messages } from '../i18n/messages.js';
import type { Provider } from '../core/api/types.js';
import { consentBlock } from './consent.js';
import { appNameOf, buttonRow, errorNotice, logo, providerName } from './shared.js';
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
 * The provider a success is about: the chosen one, or, closed on the list after Connect another
 * (no provider chosen), the last one linked in this visit.
 */
const linkedProvider = ({ context }: ViewState): Provider | undefined => context.provider ?? context.providers.find((p) => p.slug === context.linked.at(-1));

/** The success screen's words: a provider connected, or an email invitation sent. */
function outcomeWords(state: ViewState) {
  const { t } = state;
  const provider = linkedProvider(state);
  const name = provider?.name ?? '';
  return provider?.authType === 'email'
    ? { heading: t.emailSentTitle, lead: t.emailSentText(name) }
    : { heading: t.successTitle, lead: state.context.reconnecting ? t.reconnectedText(name) : t.successText(name) };
}

/**
 * What a success shows, on the success screen and on the state after Done: the provider's logo
 * with the badge on its corner, the sentence that names it, and what the app will receive when the
 * provider says so, in the consent screen's words. The header then leaves its own small logo out.
 */
function outcome(state: ViewState, lead: string) {
  const provider = linkedProvider(state);
  const badge = html`<span class="badge" aria-hidden="true">✓</span>`;
  return html`<div class="outcome success">
    ${provider ? html`<span class="seal">${logo(provider)}${badge}</span>` : badge}
    <p class="lead">${lead}</p>
    ${consentBlock(state)}
  </div>`;
}

/**
 * Inline, after Done: the page goes on around the widget, so it stays, saying what was
 * connected, with nothing left to press. (Buttons that start something new, such as
 * "Connect another", belong in its actions row, which is empty for now.)
 */
function connectedView(state: ViewState): Screen {
  const { heading, lead } = outcomeWords(state);
  return { heading, lead, back: false, ended: true, providerInBody: true, body: outcome(state, lead) };
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
  return { heading, lead, back: false, providerInBody: true, body: html`${outcome(state, lead)}${actions}` };
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
  // Both (a disconnection that failed): Try again, or leave it as it is.
  const actions = snapshot.can({ type: 'RETRY' }) && snapshot.can({ type: 'BACK' }) ? buttonRow(action, [t.cancel, on.back]) : buttonRow(action);
  return {
    heading: errorHeading(t, context.error?.code ?? ''),
    // The ways on are the buttons below.
    back: false,
    body: html`${errorNotice(state)}${actions}`,
  };
}
