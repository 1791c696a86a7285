import { stepOf } from '../machine/step.js';
import { credentialsView } from './credentials.js';
import { emailView } from './email.js';
import { mfaView } from './mfa.js';
import { oauthView } from './oauth.js';
import { errorView, loadingView, successView, unsupportedView } from './outcome.js';
import { providersView } from './providers.js';
import type { Screen, ViewActions, ViewState } from './types.js';

/** The screen for the machine's current state. */
export function screenFor(state: ViewState, on: ViewActions): Screen {
  switch (stepOf(state.state)) {
    case 'providers':
      return providersView(state, on);
    case 'credentials':
      return credentialsView(state, on);
    case 'mfa':
      return mfaView(state, on);
    case 'email':
      return emailView(state, on);
    case 'oauth':
      return oauthView(state, on);
    case 'unsupported':
      return unsupportedView(state, on);
    case 'success':
      return successView(state, on);
    case 'error':
      return errorView(state, on);
    case 'loading':
      return loadingView(state.t);
  }
}
