import { html } from 'lit';
import { buttonRow, errorNotice, providerName, spinner } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function oauthView(state: ViewState, on: ViewActions): Screen {
  const { t, snapshot, context } = state;
  const name = providerName(state);
  if (snapshot.matches('oauthFailed')) {
    return {
      heading: t.oauthFailedTitle,
      back: context.canCallApi,
      body: html`${errorNotice(state)}${buttonRow([t.tryAgain, on.retry])}`,
    };
  }
  if (snapshot.matches({ oauth: 'lost' })) {
    const lead = t.oauthLostText(name);
    return {
      heading: t.oauthLostTitle,
      lead,
      back: true,
      body: html`<p class="lead">${lead}</p>
        ${buttonRow([t.tryAgain, on.retry], [t.cancel, on.cancel])}`,
    };
  }
  if (snapshot.matches({ oauth: 'waiting' }) || snapshot.matches({ oauth: 'blocked' })) {
    const lead = snapshot.matches({ oauth: 'blocked' }) ? t.oauthBlockedText(name) : t.oauthWaitingText(name);
    return {
      heading: t.oauthWaitingTitle(name),
      lead,
      back: context.canCallApi,
      body: html`<p class="lead">${lead}</p>
        ${buttonRow([t.oauthOpenWindow(name), on.openWindow])}`,
    };
  }
  const busy = t.oauthOpening(name);
  return {
    heading: t.oauthWaitingTitle(name),
    busy,
    back: true,
    body: html`<p class="lead busy" role="status">${spinner}${busy}</p>`,
  };
}
