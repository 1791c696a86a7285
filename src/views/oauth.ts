import { html, nothing } from 'lit';
import { buttonRow, errorNotice, providerName, signInTitle, spinner } from './shared.js';
import type { Screen, ViewActions, ViewState } from './types.js';

export function oauthView(state: ViewState, on: ViewActions): Screen {
  const { t, snapshot } = state;
  const name = providerName(state);
  const back = snapshot.can({ type: 'BACK' });
  if (snapshot.matches('oauthFailed')) {
    return {
      heading: t.oauthFailedTitle,
      back,
      body: html`${errorNotice(state)}${snapshot.can({ type: 'RETRY' }) ? buttonRow([t.tryAgain, on.retry]) : nothing}`,
    };
  }
  if (snapshot.matches({ oauth: 'lost' })) {
    const lead = t.oauthLostText(name);
    return {
      heading: t.oauthLostTitle,
      lead,
      back,
      body: html`<p class="lead">${lead}</p>
        ${buttonRow([t.tryAgain, on.retry], [t.cancel, on.cancel])}`,
    };
  }
  if (snapshot.matches({ oauth: 'waiting' }) || snapshot.matches({ oauth: 'blocked' }) || snapshot.matches({ oauth: 'windowOpen' })) {
    const lead = snapshot.matches({ oauth: 'blocked' }) ? t.oauthBlockedText(name) : t.oauthWaitingText(name);
    // While its window is open, the button brings that window back rather than opening another.
    const button: [string, () => void] = snapshot.can({ type: 'SHOW_WINDOW' }) ? [t.oauthShowWindow, on.showWindow] : [t.oauthOpenWindow(name), on.openWindow];
    return {
      heading: signInTitle(state, t.oauthWaitingTitle),
      lead,
      back,
      body: html`<p class="lead">${lead}</p>
        ${buttonRow(button)}`,
    };
  }
  const busy = t.oauthOpening(name);
  return {
    heading: signInTitle(state, t.oauthWaitingTitle),
    busy,
    back,
    body: html`<p class="lead busy" role="status">${spinner}${busy}</p>`,
  };
}
