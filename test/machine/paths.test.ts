import { expect } from '@open-wc/testing';
import { getShortestPaths } from 'xstate/graph';
import { linkMachine } from '../../src/machine/link-machine.js';
import { EVENTS, leafStates, MOMENTARY_STATES, PROVIDERS, statePath } from './fixtures.js';

describe('link machine paths', () => {
  it('reaches every state that is not a momentary decision', () => {
    // With a token, and without one (the widget waits for it, or gives up when told none is
    // coming); and each with requestLinkToken (a refused token is replaced, Connect another).
    const inputs = [{}, { canCallApi: false }, { renewsToken: true }, { canCallApi: false, renewsToken: true }];
    const paths = inputs.flatMap((input) =>
      getShortestPaths(linkMachine, { events: EVENTS, serializeState: (snapshot) => JSON.stringify(snapshot.value), input }),
    );
    const reached = new Set(paths.map((path) => statePath(path.state.value)));
    const expected = leafStates().filter((state) => !MOMENTARY_STATES.includes(state));
    expect([...reached].sort()).to.deep.equal(expected);
    expect(expected).to.include.members([
      'gettingToken',
      'loading.renewingToken',
      'oauth.fetchingUrl.renewingToken',
      'password.signingIn.renewingToken',
      'password.verifying.renewingToken',
      'email.sending.renewingToken',
      'connectingAnother',
    ]);
    expect(expected).to.include.members(['awaitingToken', 'loading.request', 'providers', 'consent', 'password.mfa', 'password.verifying.request', 'oauthFailed', 'oauth.blocked', 'oauth.lost', 'fatal', 'exited']);
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
