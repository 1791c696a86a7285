import { expect } from '@open-wc/testing';
import { createActor } from 'xstate';
import { DEFAULT_SETTINGS, linkMachine, TARGETS } from '../../../src/core/machine/link-machine.js';
import type { LinkSnapshot } from '../../../src/core/machine/link-machine.js';
import { shortestPaths } from '../../support/scripted-flow.js';
import { leafStates, MOMENTARY_STATES, PROVIDERS, statePath, STEPS } from './fixtures.js';

describe('link machine paths', () => {
  it('reaches every state that is not a momentary decision', async () => {
    // With a token, and without one (the widget waits for it, or gives up when told none is
    // coming); and each with requestLinkToken (a refused token is replaced, Connect another).
    // And with a provider the person has, which the page can disconnect.
    const inputs = [
      {},
      { settings: { linkToken: '' } },
      { settings: { renewsToken: true } },
      { settings: { linkToken: '', renewsToken: true } },
      { settings: { connected: [{ slug: 'meter', status: 'connected' as const }], disconnects: true } },
    ];
    // Keyed on whether a fresh token is on its way too: every request state is reached asking for one.
    const keyOf = (snapshot: LinkSnapshot) => `${statePath(snapshot.value)}${snapshot.context.askingForToken ? ' (asking for a token)' : ''}`;
    const paths = (await Promise.all(inputs.map((input) => shortestPaths(input, STEPS, keyOf)))).flat();
    const reached = new Set(paths.map((path) => keyOf(path.snapshot)));
    const expected = leafStates().filter((state) => !MOMENTARY_STATES.includes(state));
    expect([...new Set(paths.map((path) => statePath(path.snapshot.value)))].sort()).to.deep.equal(expected);
    expect(expected).to.include.members(['awaitingToken', 'loading', 'providers', 'consent', 'password.mfa', 'password.verifying', 'oauthFailed', 'oauth.blocked', 'oauth.lost', 'fatal', 'exited', 'disconnect.confirming', 'disconnect.disconnecting', 'disconnect.failed']);
    // The one renewal, in each of the five calls' states.
    for (const state of ['loading', 'oauth.fetchingUrl', 'password.signingIn', 'password.verifying', 'email.sending']) {
      expect(reached, `${state}, asking for a fresh token`).to.include(`${state} (asking for a token)`);
    }
  });

  it('waits in configuring for the element’s first settings, and Close works there', () => {
    const actor = createActor(linkMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).to.equal('configuring');
    expect(actor.getSnapshot().can({ type: 'EXIT' })).to.equal(true);
    actor.send({ type: 'SETTINGS', settings: { ...DEFAULT_SETTINGS, linkToken: '' } });
    expect(actor.getSnapshot().value).to.equal('awaitingToken');
    actor.stop();
  });

  it('names only states of the machine as targets', () => {
    for (const target of Object.values(TARGETS)) expect(() => linkMachine.getStateNodeById(target.slice(1)), target).not.to.throw();
  });

  it('reaches the OAuth outcome of a resumed redirect without any event', async () => {
    const provider = PROVIDERS[0];
    const paths = await shortestPaths(provider ? { returnedFrom: { provider, result: { state: 'success' } } } : {}, []);
    expect(paths.map((path) => statePath(path.snapshot.value))).to.deep.equal(['success']);
  });
});
