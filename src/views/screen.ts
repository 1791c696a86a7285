import { errorMessage } from '../i18n/index.js';
import { stepOf } from '../core/machine/link-machine.js';
import { consentView } from './consent.js';
import { disconnectView } from './disconnect.js';
import { credentialsView } from './credentials.js';
import { emailView } from './email.js';
import { mfaView } from './mfa.js';
import { oauthView } from './oauth.js';
import { closedView, errorView, loadingView, successView, unsupportedView } from './outcome.js';
import { providersView } from './providers.js';
import type { Screen, ViewActions, WidgetState } from './types.js';

/** The screen for the flow's state: the step its state names (`meta.step`), or the closed screen. */
export function screenFor(state: WidgetState, on: ViewActions): Screen {
  const { snapshot } = state;
  if (!snapshot) return loadingView(state.t);
  const view = { ...state, snapshot, context: snapshot.context, busy: snapshot.hasTag('busy') };
  switch (stepOf(snapshot)) {
    case 'loading':
      return loadingView(state.t);
    case 'providers':
      return providersView(view, on);
    case 'credentials':
      return credentialsView(view, on);
    case 'mfa':
      return mfaView(view, on);
    case 'email':
      return emailView(view, on);
    case 'consent':
      return consentView(view, on);
    case 'oauth':
      return oauthView(view, on);
    case 'unsupported':
      return unsupportedView(view, on);
    case 'success':
      return successView(view, on);
    case 'disconnect':
      return disconnectView(view, on);
    case 'error':
      return errorView(view, on);
    case null:
      return closedView(view, on);
  }
}

/** What a screen reader is told about a screen: what is happening, the error, or the step. */
export function announcementFor(screen: Screen, { snapshot, t }: WidgetState) {
  const error = snapshot?.context.error ?? null;
  return {
    // A language that arrives after the screen was said is said again, in that language.
    key: [JSON.stringify(snapshot?.value ?? null), error, t.lang],
    step: snapshot ? stepOf(snapshot) : 'loading',
    busy: screen.busy !== undefined,
    text: screen.busy ?? (error ? errorMessage(t, error.code) : [screen.heading, screen.lead].filter(Boolean).join(/[.?!…:؟]$/.test(screen.heading) ? ' ' : '. ')),
  };
}
