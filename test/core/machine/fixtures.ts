import { LinkApiError } from '../../../src/core/api/api-error.js';
import type { Provider } from '../../../src/core/api/types.js';
import { linkMachine } from '../../../src/core/machine/link-machine.js';
import { answers, fails } from '../../support/scripted-flow.js';
import type { Call, Step } from '../../support/scripted-flow.js';

const NAMES: Record<string, [string, string]> = {
  band: ['Pulsewave Band', 'Heart rate and sleep from your wristband.'],
  clinic: ['Cardiotrack Clinics', 'Readings shared by your care team.'],
  meter: ['Glucomate', 'Glucose readings from your meter.'],
  invite: ['Sugarline Meter', 'We email you a link to connect it.'],
  phone: ['Stepkeeper Health', 'Steps from the phone app.'],
  ring: ['Ringlet', 'Sleep and readiness from your ring.'],
  mystery: ['Telepath Band', 'A kind of device this widget does not know.'],
  loop: ['Restwell Ring', 'Sleep, heart rate and readiness from your ring.'],
  scale: ['Tidemark Scale', 'Weight from your scale, in the region of your account.'],
};

const provider = (slug: string, authType: string, extra: Partial<Provider> = {}): Provider => ({
  id: null,
  slug,
  name: NAMES[slug]?.[0] ?? slug,
  description: NAMES[slug]?.[1] ?? '',
  logo: null,
  authType,
  formComponents: {},
  supportedResources: [],
  ...extra,
});

/** What Restwell shares: more kinds than the consent sentence names at once, one of them without a name of its own. */
export const RING_RESOURCES = ['sleep', 'activity', 'heartrate', 'hrv', 'steps', 'workouts', 'body_temperature', 'respiratory_rate', 'blood_oxygen', 'menstrual_cycle'];

export const PROVIDERS: Provider[] = [
  provider('band', 'oauth'),
  provider('clinic', 'team_oauth'),
  provider('meter', 'password', { supportedResources: ['glucose'] }),
  provider('invite', 'email'),
  // Says what it shares: a consent screen before its window.
  provider('loop', 'oauth', { supportedResources: RING_RESOURCES }),
  // Its form asks for a region, from these.
  provider('scale', 'password', { formComponents: { region: { options: ['eu', 'gb', 'us'] } }, supportedResources: ['weight', 'fat'] }),
  provider('phone', 'sdk'),
  provider('ring', 'app'),
  provider('mystery', 'telepathy'),
];

/** The innermost active state as a dotted path: `{password: 'mfa'}` → `password.mfa`. */
export function statePath(value: string | { [key: string]: unknown }): string {
  if (typeof value === 'string') return value;
  const [key] = Object.keys(value);
  if (key === undefined) return '';
  const child = value[key];
  return child && (typeof child === 'string' || typeof child === 'object') ? `${key}.${statePath(child as string)}` : key;
}

/** Every leaf state of the machine, as dotted paths. */
export function leafStates(): string[] {
  const leaves: string[] = [];
  const walk = (node: { key: string; states: Record<string, unknown> }, prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const childNode = child as { key: string; states: Record<string, unknown> };
      if (Object.keys(childNode.states).length === 0) leaves.push(path);
      else walk(childNode, path);
    }
  };
  walk(linkMachine.root as unknown as { key: string; states: Record<string, unknown> }, '');
  return leaves.sort();
}

const done = answers;
const failed = (call: Call, code: string) => fails(call, new LinkApiError(code, 200, null));

/** What a person, the page and the service can do, tried in every state. */
export const STEPS: Step[] = [
  ...['band', 'meter', 'invite', 'phone', 'loop'].map((slug) => ({ type: 'SELECT', slug }) as const),
  { type: 'SUBMIT_CREDENTIALS', username: 'u', password: 'p' },
  { type: 'SUBMIT_MFA', code: '1' },
  { type: 'SUBMIT_EMAIL', email: 'a@b.c' },
  { type: 'OAUTH_RESULT', state: 'success' },
  { type: 'OAUTH_RESULT', state: 'error', errorType: 'user_cancelled' },
  { type: 'POPUP_CLOSED' },
  { type: 'POPUP_BLOCKED' },
  { type: 'POPUP_OPENED' },
  { type: 'OPEN_WINDOW' },
  { type: 'SHOW_WINDOW' },
  { type: 'CANCEL' },
  { type: 'BACK' },
  { type: 'RETRY' },
  { type: 'EXIT' },
  { type: 'TOKEN_MISSING' },
  done('listProviders', PROVIDERS),
  failed('listProviders', 'network'),
  failed('listProviders', 'invalid_token'),
  done('getOAuthUrl', { oauthUrl: 'https://p.example/' }),
  done('signIn', { state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint: '•••• 42' } }),
  failed('signIn', 'provider_password_expired'),
  failed('signIn', 'duplicate_connection'),
  failed('getOAuthUrl', 'provider_unavailable'),
  failed('signIn', 'provider_credential_error'),
  failed('signIn', 'unsupported_region'),
  failed('completeMfa', 'incorrect_mfa_code'),
  done('completeMfa', { state: 'success', redirectUrl: null, mfa: null }),
  done('sendEmailInvite', undefined),
  // The service refuses the token at each call; the page's requestLinkToken gives one, or fails.
  failed('getOAuthUrl', 'token_expired'),
  failed('signIn', 'token_expired'),
  failed('completeMfa', 'token_expired'),
  failed('sendEmailInvite', 'token_consumed'),
  { type: 'CONNECT_ANOTHER' },
  done('requestLinkToken', 'fresh-token'),
  fails('requestLinkToken', new Error('requestLinkToken() rejected.')),
  // A provider the person has, disconnected through the page's disconnectProvider.
  { type: 'DISCONNECT', slug: 'meter' },
  { type: 'CONFIRM_DISCONNECT' },
  done('disconnectProvider', undefined),
  fails('disconnectProvider', new Error('disconnectProvider() rejected.')),
];


/** Decision points the machine passes through in the same step they are entered. */
export const MOMENTARY_STATES = ['returning', 'routing', 'starting', 'configuring'];
