/**
 * The vocabulary of the public events: the screens (`step`) and the analytics events
 * (`link-event` names), each event belonging to the step it happens in. Which screen a machine
 * state is, is said on the state itself (`meta.step`).
 */

/** The screen a state belongs to, as reported in `link-exit` and `link-event`. */
export type Step = 'loading' | 'providers' | 'consent' | 'oauth' | 'credentials' | 'mfa' | 'email' | 'unsupported' | 'success' | 'disconnect' | 'error';

/** Every `link-event` name (docs/embedding.md, "Events"), with the step it is reported in. */
export const LINK_EVENT_STEPS = {
  open: 'loading',
  load_failed: 'error',
  providers_viewed: 'providers',
  provider_selected: 'providers',
  unsupported_viewed: 'unsupported',
  consent_viewed: 'consent',
  oauth_opened: 'oauth',
  credentials_viewed: 'credentials',
  credentials_submitted: 'credentials',
  mfa_viewed: 'mfa',
  mfa_submitted: 'mfa',
  email_viewed: 'email',
  email_submitted: 'email',
  success: 'success',
  failed: 'error',
  token_rejected: 'error',
  // A fresh token from `requestLinkToken` (never the token itself), fetched while the widget waits.
  token_refreshed: 'loading',
  // Disconnecting a provider the person has (`disconnectProvider`): asked to confirm, confirmed, done.
  disconnect_viewed: 'disconnect',
  disconnect_confirmed: 'disconnect',
  disconnected: 'disconnect',
} as const satisfies Record<string, Step>;

export type LinkEventName = keyof typeof LINK_EVENT_STEPS;

/** Why a visit ended, as `link-exit` says. */
export type ExitReason = 'user_cancelled' | 'error' | 'done';
