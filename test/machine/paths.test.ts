import { expect } from '@open-wc/testing';
import { shortestPaths } from '../support/scripted-flow.js';
import { leafStates, MOMENTARY_STATES, PROVIDERS, statePath, STEPS } from './fixtures.js';

describe('link machine paths', () => {
  it('reaches every state that is not a momentary decision', async () => {
    // With a token, and without one (the widget waits for it, or gives up when told none is
    // coming); and each with requestLinkToken (a refused token is replaced, Connect another).
    const inputs = [{}, { canCallApi: false }, { renewsToken: true }, { canCallApi: false, renewsToken: true }];
    const paths = (await Promise.all(inputs.map((input) => shortestPaths(input, STEPS)))).flat();
    const reached = new Set(paths.map((path) => statePath(path.snapshot.value)));
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

  it('reaches the OAuth outcome of a resumed redirect without any event', async () => {
    const provider = PROVIDERS[0];
    const paths = await shortestPaths(provider ? { resumedOAuth: { provider, result: { state: 'success' } } } : {}, []);
    expect(paths.map((path) => statePath(path.snapshot.value))).to.deep.equal(['success']);
  });
});
