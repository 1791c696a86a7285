import { html } from 'lit';
import { errorNotice, providerName, spinner } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function oauthView(state: ViewState, on: ViewActions): Screen {
  const { t } = state;
  const name = providerName(state);
  if (state.state === 'oauth.failed') {
    return {
      heading: t.oauthFailedTitle,
      back: state.context.canCallApi,
      body: html`${errorNotice(state)}
        <div class="actions">
          <button class="primary" part="button" type="button" @click=${on.retry}>${t.tryAgain}</button>
        </div>`,
    };
  }
  if (state.state === 'oauth.waiting' || state.state === 'oauth.blocked') {
    const blocked = state.state === 'oauth.blocked';
    return {
      heading: t.oauthWaitingTitle(name),
      back: state.context.canCallApi,
      body: html`<p class="lead">${blocked ? t.oauthBlockedText(name) : t.oauthWaitingText(name)}</p>
        <div class="actions">
          <button class="primary" part="button" type="button" @click=${on.openOAuthWindow}>${t.oauthOpenWindow(name)}</button>
        </div>`,
    };
  }
  return {
    heading: t.oauthWaitingTitle(name),
    back: true,
    body: html`<p class="lead busy" role="status">${spinner}${t.oauthOpening(name)}</p>`,
  };
}
