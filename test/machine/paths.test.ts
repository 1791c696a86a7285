import { expect } from '@open-wc/testing';
import { getShortestPaths } from 'xstate/graph';
import { LinkApiError } from '../../src/api/errors.js';
import { linkMachine } from '../../src/machine/link-machine.js';
import type { LinkEvent } from '../../src/machine/link-machine.js';
import { statePath } from '../../src/machine/step.js';
import { PROVIDERS } from './fixtures.js';

/** Every leaf state of the machine, as dotted paths. */
function leafStates(): string[] {
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

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as LinkEvent;
const failed = (id: string, code: string) =>
  ({ type: `xstate.error.actor.${id}`, error: new LinkApiError(code, 200, null) }) as unknown as LinkEvent;

/** The events a person and the service can cause, tried in every state. */
const EVENTS: LinkEvent[] = [
  ...['band', 'meter', 'invite', 'phone'].map((slug) => ({ type: 'SELECT', slug }) as const),
  { type: 'SUBMIT_CREDENTIALS', username: 'u', password: 'p' },
  { type: 'SUBMIT_MFA', code: '1' },
  { type: 'SUBMIT_EMAIL', email: 'a@b.c' },
  { type: 'OAUTH_RESULT', state: 'success' },
  { type: 'OAUTH_RESULT', state: 'error', errorType: 'user_cancelled' },
  { type: 'POPUP_CLOSED' },
  { type: 'POPUP_BLOCKED' },
  { type: 'POPUP_OPENED' },
  { type: 'BACK' },
  { type: 'RETRY' },
  { type: 'EXIT' },
  done('listProviders', PROVIDERS),
  failed('listProviders', 'network'),
  failed('listProviders', 'invalid_token'),
  done('getOAuthUrl', { oauthUrl: 'https://p.example/' }),
  done('signIn', { state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint: '1' } }),
  failed('signIn', 'provider_password_expired'),
  done('completeMfa', { state: 'success', redirectUrl: null, mfa: null }),
  done('sendEmailInvite', {}),
];

describe('link machine paths', () => {
  it('reaches every state that is not a momentary decision', () => {
    const paths = getShortestPaths(linkMachine, {
      events: EVENTS,
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
      input: {},
    });
    const reached = new Set(paths.map((path) => statePath(path.state.value)));
    // Decision points the machine passes through in the same step they are entered.
    const momentary = ['oauth.returning', 'routing', 'starting'];
    const expected = leafStates().filter((state) => !momentary.includes(state));
    expect([...reached].sort()).to.deep.equal(expected);
    expect(expected).to.include.members(['loading', 'providers', 'password.mfa', 'password.verifying', 'oauth.failed', 'oauth.blocked', 'fatal', 'exited']);
  });

  it('reaches the OAuth outcome of a resumed redirect without any event', () => {
    const provider = PROVIDERS[0];
    const paths = getShortestPaths(linkMachine, {
      events: [],
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
      input: provider ? { resumedOAuth: { provider, result: { state: 'success' } } } : {},
    });
    expect(paths.map((path) => statePath(path.state.value))).to.deep.equal(['success']);
  });
});
