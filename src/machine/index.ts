export { linkMachine, OAUTH_AUTH_TYPES } from './link-machine.js';
export type {
  ExitReason,
  LinkContext,
  LinkEmitted,
  LinkEvent,
  LinkFailure,
  LinkInput,
  LinkMachine,
  OAuthResult,
  Step,
} from './link-machine.js';
export { isRecoverable } from './recoverable.js';
export { statePath, stepOf } from './step.js';
