export { failure, linkMachine, linkMachineWith, OAUTH_AUTH_TYPES, stepOf } from './link-machine.js';
export type {
  ExitReason,
  LinkContext,
  LinkEmitted,
  LinkEvent,
  LinkFailure,
  LinkInput,
  LinkMachine,
  LinkSnapshot,
  SignInWindowCommand,
  SignInWindowInput,
  StateMeta,
} from './link-machine.js';
export { LINK_EVENT_STEPS } from './steps.js';
export type { LinkEventName, Step } from './steps.js';
export { callApi, requestFreshToken } from './link-actors.js';
