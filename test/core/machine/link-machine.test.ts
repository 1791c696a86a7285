import { expect } from '@open-wc/testing';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { LinkApiError } from '../../../src/core/api/api-error.js';
import type { LinkProgress, OAuthResult, OAuthStart, Provider } from '../../../src/core/api/types.js';
import { linkMachineWith, plausibleEmail } from '../../../src/core/machine/link-machine.js';
import type { FlowSettings, LinkEmitted, LinkEvent, LinkInput, LinkIO, SignInWindowCommand } from '../../../src/core/machine/link-machine.js';
import type { ApiCallInput, ApiRequest, TokenRequestInput } from '../../../src/core/machine/renewing-request.js';
import { PROVIDERS, statePath } from './fixtures.js';
import { WAIT_LIMIT_MS } from '../../support/wait.js';

type Answer<T> = T | LinkApiError;
const answer = <T>(value: Answer<T>) => (value instanceof LinkApiError ? Promise.reject(value) : Promise.resolve(value));

/** A promise a test settles when it says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

interface Script {
  providers?: Answer<Provider[]>;
  /** One answer per list call, before `providers` answers the rest. */
  lists?: Answer<Provider[]>[];
  oauth?: Answer<OAuthStart> | Answer<OAuthStart>[];
  signIn?: Answer<LinkProgress>[];
  mfa?: Answer<LinkProgress>[];
  /** One answer for every invitation, or one per invitation (none left: sent). */
  email?: Answer<void> | Answer<void>[];
  /** What the page's requestLinkToken gives, call after call (a promise: when the test settles it); null or none left: it never settles. */
  tokens?: (string | Error | null | Promise<string>)[];
}

const mfa = (method: string, hint: string): LinkProgress => ({ state: 'pending_provider_mfa', redirectUrl: null, mfa: { method, hint } });
const linked: LinkProgress = { state: 'success', redirectUrl: 'https://app.example/done', mfa: null };
const apiError = (code: string, status = 200) => new LinkApiError(code, status, `debug for ${code}`);

/** One `signInWindow` actor the machine started: what it was told, whether it still runs, its way back. */
interface SignInWindow {
  provider: string;
  commands: SignInWindowCommand[];
  open: boolean;
  sendBack(event: LinkEvent): void;
}

/** A call the machine made, under the name of the call (or `requestLinkToken`). */
interface Call {
  actor: string;
  /** What it sent, flat: the token it was sent with and the request's fields. */
  input: unknown;
  signal: AbortSignal;
  /** Where and with what time limit (API calls), or the time limit (requestLinkToken). */
  connection: { baseUrl?: string; timeoutMs: number | undefined };
}

/** What an API call sends, as one flat record (the token, the slug, what the person typed). */
function sentBy(request: ApiRequest, linkToken: string): Record<string, unknown> {
  switch (request.call) {
    case 'listProviders':
      return { linkToken };
    case 'getOAuthUrl':
      return { slug: request.slug, linkToken };
    case 'signIn':
      return { slug: request.slug, linkToken, ...request.credentials };
    case 'completeMfa':
      return { slug: request.slug, code: request.code, linkToken };
    case 'sendEmailInvite':
      return { slug: request.slug, linkToken, ...request.invite };
  }
}

/** What a test may give besides the scripted calls: the page's readiness. */
type PageIO = Pick<LinkIO, 'pageListening'>;

/**
 * Starts the machine with scripted actors; records calls, emitted outcomes, abort signals and
 * sign-in windows. The page gives a token (`page-token`) unless `input.settings` says otherwise.
 */
function start(script: Script = {}, input: LinkInput = {}, page: PageIO = {}) {
  const calls: Call[] = [];
  const windows: SignInWindow[] = [];
  const signIns = [...(script.signIn ?? [])];
  const codes = [...(script.mfa ?? [])];
  const tokens = [...(script.tokens ?? [])];
  const lists = [...(script.lists ?? [])];
  const oauth = Array.isArray(script.oauth) ? [...script.oauth] : null;
  const emails = Array.isArray(script.email) ? [...script.email] : null;
  const answerTo = (request: ApiRequest): Promise<unknown> => {
    switch (request.call) {
      case 'listProviders':
        return answer(lists.shift() ?? script.providers ?? PROVIDERS);
      case 'getOAuthUrl':
        return answer((oauth ? oauth.shift() : (script.oauth as Answer<OAuthStart> | undefined)) ?? { oauthUrl: 'https://provider.example/authorize' });
      case 'signIn':
        return answer(signIns.shift() ?? linked);
      case 'completeMfa':
        return answer(codes.shift() ?? linked);
      case 'sendEmailInvite':
        return answer(emails ? emails.shift() : (script.email as Answer<void> | undefined));
    }
  };
  const machine = linkMachineWith({
    apiCall: fromPromise(({ input: { request, linkToken, connection }, signal }: { input: ApiCallInput; signal: AbortSignal }) => {
      const sent = sentBy(request, linkToken);
      // As the API client does: the token and all that is sent (but the region) join the visit's secrets.
      const { region: _, ...secret } = sent;
      for (const value of Object.values(secret)) if (typeof value === 'string') connection.secrets.add(value);
      calls.push({ actor: request.call, input: sent, signal, connection: { baseUrl: connection.baseUrl, timeoutMs: connection.timeoutMs } });
      return answerTo(request);
    }),
    requestLinkToken: fromPromise(({ input, signal }: { input: TokenRequestInput; signal: AbortSignal }) => {
      calls.push({ actor: 'requestLinkToken', input: undefined, signal, connection: { timeoutMs: input.timeoutMs } });
      const token = tokens.shift();
      if (token === undefined || token === null) return new Promise<string>(() => {});
      if (token instanceof Error) return Promise.reject(token);
      // As the element's actor does: a fresh token joins the visit's secrets.
      return Promise.resolve(token).then((fresh) => {
        input.secrets.add(fresh);
        return fresh;
      });
    }),
    signInWindow: fromCallback(({ input, receive, sendBack }) => {
      const window: SignInWindow = { provider: input.provider.slug, commands: [], open: true, sendBack };
      windows.push(window);
      receive((command) => window.commands.push(command));
      return () => {
        window.open = false;
      };
    }),
    ...page,
  });
  const actor = createActor(machine, { input: { ...input, settings: { linkToken: 'page-token', ...input.settings } } });
  const emitted: LinkEmitted[] = [];
  /** Each outcome's visit id, in order: left out of `emitted`, so that a test states the rest as it is. */
  const visitIds: string[] = [];
  actor.on('*', (event) => {
    if (event.type === 'hint') {
      emitted.push(event);
      return;
    }
    const { linkSessionId, ...outcome } = event;
    visitIds.push(linkSessionId);
    emitted.push(outcome as LinkEmitted);
  });
  actor.start();
  const at = (path: string) => waitFor(actor, (snapshot) => statePath(snapshot.value) === path, { timeout: WAIT_LIMIT_MS });
  /** Until the page listens: outcomes decided so far are published by then. */
  const listening = () => waitFor(actor, (snapshot) => snapshot.context.listening, { timeout: WAIT_LIMIT_MS });
  const path = () => statePath(actor.getSnapshot().value);
  const of = <T extends LinkEmitted['type']>(type: T) => emitted.filter((e): e is Extract<LinkEmitted, { type: T }> => e.type === type);
  const callsTo = (name: string) => calls.filter((c) => c.actor === name);
  /** The page's settings as they are now, with `change`: what the element sends on an update. */
  const settings = (change: Partial<FlowSettings>): LinkEvent => ({ type: 'SETTINGS', settings: { ...actor.getSnapshot().context.settings, ...change } });
  return { actor, calls, callsTo, emitted, visitIds, at, listening, path, of, settings, windows };
}

type Flow = ReturnType<typeof start>;

/** The tokens the calls named `actor` were sent with, in order. */
const tokensUsed = (flow: Flow, actor: string) => flow.callsTo(actor).map((c) => (c.input as { linkToken?: string } | undefined)?.linkToken);

/** The service refuses the token (bad, spent, expired). */
const refused = (code = 'token_expired') => apiError(code, 401);

/** The page gives its token and a requestLinkToken. */
const renewing: LinkInput = { settings: { renewsToken: true } };

/** No emitted outcome holds a token. */
const expectNoToken = (flow: Flow) => expect(JSON.stringify(flow.emitted)).to.not.match(/page-token|fresh-/);

/** Back from a full-page redirect to `band`, with `result`. */
const returnedFrom = (result: OAuthResult): LinkInput['returnedFrom'] => ({ provider: PROVIDERS[0] as Provider, result });

describe('link machine', () => {
  describe('loading', () => {
    it('validates the token by listing providers, then shows them', async () => {
      const flow = start();
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(flow.actor.getSnapshot().context.providers).to.have.length(PROVIDERS.length);
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'providers_viewed']);
    });

    it('opens the requested provider directly when the list has it', async () => {
      const flow = start({}, { settings: { provider: 'meter' } });
      await flow.at('password.credentials');
      expect(flow.actor.getSnapshot().context.provider?.slug).to.equal('meter');
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('providers');
    });

    it('falls back to the list when the requested provider is not offered', async () => {
      const flow = start({}, { settings: { provider: 'nope' } });
      await flow.at('providers');
    });

    it('offers a retry when loading fails for a reason that may pass', async () => {
      const flow = start({ providers: apiError('network', 0) });
      await flow.at('loadFailed');
      expect(flow.actor.getSnapshot().context.error).to.deep.equal({ code: 'network', debug: 'debug for network', recoverable: true });
      expect(flow.of('error')[0]).to.include({ errorType: 'network', recoverable: true });
      flow.actor.send({ type: 'RETRY' });
      expect(flow.path()).to.equal('loading');
      expect(flow.callsTo('listProviders')).to.have.length(2);
    });

    for (const code of ['invalid_token', 'token_expired', 'token_consumed', 'token_not_validated']) {
      it(`ends on the token screen for ${code}, and Close exits with reason "error"`, async () => {
        const flow = start({ providers: apiError(code, 401) });
        await flow.at('fatal');
        expect(flow.of('error')[0]).to.include({ errorType: code, recoverable: false });
        flow.actor.send({ type: 'RETRY' }); // nothing to retry with a dead token, and no way to a fresh one
        expect(flow.path()).to.equal('fatal');
        expect(flow.callsTo('listProviders')).to.have.length(1);
        flow.actor.send({ type: 'EXIT' });
        expect(flow.path()).to.equal('exited');
        expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'error', errorType: code, provider: null, step: 'error' }]);
      });
    }
  });

  describe('choosing a provider', () => {
    it('ignores a slug that is not in the list', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'not-offered' });
      expect(flow.path()).to.equal('providers');
    });

    for (const slug of ['phone', 'ring', 'mystery']) {
      it(`shows "${slug}" (sdk, app, unknown) as not linkable here, with no API call`, async () => {
        const flow = start();
        await flow.at('providers');
        flow.actor.send({ type: 'SELECT', slug });
        expect(flow.path()).to.equal('unsupported');
        expect(flow.calls.map((c) => c.actor)).to.deep.equal(['listProviders']);
        flow.actor.send({ type: 'BACK' });
        expect(flow.path()).to.equal('providers');
      });
    }
  });

  describe('password and MFA', () => {
    async function atCredentials(script: Script) {
      const flow = start(script);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      expect(flow.path()).to.equal('password.credentials');
      return flow;
    }
    const submit = { type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret', region: 'eu' } as const;

    it('links after two MFA rounds, each with its own hint, and reports success', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '•••• 42')], mfa: [mfa('email', 'j•••@example.org'), linked] });
      flow.actor.send(submit);
      expect(flow.path()).to.equal('password.signingIn');
      expect(flow.actor.getSnapshot().hasTag('busy')).to.equal(true);
      await flow.at('password.mfa');
      expect(flow.actor.getSnapshot().context).to.deep.include({ mfaRound: 1, mfa: { method: 'sms', hint: '•••• 42' } });
      flow.actor.send({ type: 'SUBMIT_MFA', code: '111111' });
      await flow.at('password.mfa');
      await waitFor(flow.actor, (s) => s.context.mfaRound === 2);
      expect(flow.actor.getSnapshot().context.mfa).to.deep.equal({ method: 'email', hint: 'j•••@example.org' });
      flow.actor.send({ type: 'SUBMIT_MFA', code: '222222' });
      await flow.at('success');
      expect(flow.calls.map((c) => [c.actor, c.input])).to.deep.equal([
        ['listProviders', { linkToken: 'page-token' }],
        ['signIn', { slug: 'meter', linkToken: 'page-token', username: 'ada', password: 'secret', region: 'eu' }],
        ['completeMfa', { slug: 'meter', code: '111111', linkToken: 'page-token' }],
        ['completeMfa', { slug: 'meter', code: '222222', linkToken: 'page-token' }],
      ]);
      expect(flow.of('success')).to.deep.equal([
        { type: 'success', provider: 'meter', authType: 'password', redirectUrl: 'https://app.example/done', reconnected: false },
      ]);
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')[0]).to.include({ reason: 'done', step: 'success', provider: 'meter' });
    });

    it('never keeps what the user typed in its context', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')] });
      // Words no key of the context has in it (it has `secrets`, the visit's set, which is not serialized).
      flow.actor.send({ ...submit, username: 'ada.lovelace', password: 'tr0ub4dor&3' });
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '987654' });
      await flow.at('success');
      const serialized = JSON.stringify(flow.actor.getSnapshot().context) + JSON.stringify(flow.emitted);
      for (const secret of ['ada.lovelace', 'tr0ub4dor', '987654']) expect(serialized).not.to.include(secret);
    });

    it('returns to the form with a message after a wrong password', async () => {
      const flow = await atCredentials({ signIn: [apiError('provider_credential_error')] });
      flow.actor.send(submit);
      await flow.at('password.credentials');
      expect(flow.actor.getSnapshot().context.error?.code).to.equal('provider_credential_error');
      expect(flow.of('error')[0]).to.include({ errorType: 'provider_credential_error', provider: 'meter', recoverable: true });
      flow.actor.send(submit);
      await flow.at('success');
      expect(flow.actor.getSnapshot().context.error).to.equal(null);
    });

    it('names the empty field of a form sent half filled, without asking the service', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')] });
      flow.actor.send({ ...submit, username: '  ' });
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'missing_username', field: 'username' });
      flow.actor.send({ ...submit, password: '' });
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'missing_password', field: 'password' });
      expect(flow.path()).to.equal('password.credentials');
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: ' ' });
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'missing_code', field: 'code' });
      expect(flow.calls.map((c) => c.actor)).to.deep.equal(['listProviders', 'signIn']);
      expect(flow.of('error')).to.have.length(0);
    });

    it('goes back from the code to the sign-in form, not to the list', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')] });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: ' ' });
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('password.credentials');
      expect(flow.actor.getSnapshot().context.error, 'the code’s error stays with the code').to.equal(null);
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('providers');
      expect(flow.actor.getSnapshot().context.provider, 'nothing is chosen on the list').to.equal(null);
      expect(flow.of('step').at(-1)).to.deep.include({ name: 'providers_viewed', provider: null });
    });

    it('counts code rounds from one again for a new sign-in after going back', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42'), mfa('sms', '42')], mfa: [mfa('email', 'j@')] });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '1' });
      await waitFor(flow.actor, (s) => s.context.mfaRound === 2, { timeout: WAIT_LIMIT_MS });
      flow.actor.send({ type: 'BACK' });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      expect(flow.actor.getSnapshot().context.mfaRound, 'the first code of this sign-in').to.equal(1);
    });

    it('asks for the code again after a wrong one', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')], mfa: [apiError('incorrect_mfa_code'), linked] });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '000000' });
      await waitFor(flow.actor, (s) => s.context.error?.code === 'incorrect_mfa_code');
      expect(flow.path()).to.equal('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '123456' });
      await flow.at('success');
    });

    it('ignores a second submit while the first is in flight', async () => {
      const flow = await atCredentials({});
      flow.actor.send(submit);
      flow.actor.send(submit);
      await flow.at('success');
      expect(flow.callsTo('signIn')).to.have.length(1);
    });

    it('keeps the sign-in form for an expired password, with the error on the password, reported as not recoverable as it is', async () => {
      const flow = await atCredentials({ signIn: [apiError('provider_password_expired'), linked] });
      flow.actor.send(submit);
      await flow.at('password.credentials');
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'provider_password_expired', field: 'password' });
      expect(flow.of('error')[0]).to.include({ errorType: 'provider_password_expired', recoverable: false });
      flow.actor.send(submit); // after a reset at the provider
      await flow.at('success');
    });

    for (const code of ['duplicate_connection']) {
      it(`ends on the error screen for ${code}, from where another provider can be chosen`, async () => {
        const flow = await atCredentials({ signIn: [apiError(code)] });
        flow.actor.send(submit);
        await flow.at('failed');
        expect(flow.of('error')[0]).to.include({ errorType: code, recoverable: false });
        flow.actor.send({ type: 'BACK' });
        expect(flow.path()).to.equal('providers');
        expect(flow.actor.getSnapshot().context.error).to.equal(null);
      });
    }

    it('ends on the token screen when the token dies in the middle of MFA', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')], mfa: [apiError('token_consumed', 400)] });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '1' });
      await flow.at('fatal');
    });

    it('treats an unknown state as a recoverable error on the same form', async () => {
      const flow = await atCredentials({ signIn: [{ state: 'pending_review', redirectUrl: null, mfa: null }] });
      flow.actor.send(submit);
      await waitFor(flow.actor, (s) => s.context.error !== null);
      expect(flow.path()).to.equal('password.credentials');
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'bad_response', recoverable: true });
    });

    it('says only how long an unknown state was, never what it said (it may repeat a password or a code)', async () => {
      const flow = await atCredentials({ signIn: [{ state: 'hunter2-secret', redirectUrl: null, mfa: null }] });
      flow.actor.send(submit);
      await waitFor(flow.actor, (s) => s.context.error !== null);
      const { debug } = flow.actor.getSnapshot().context.error!;
      expect(debug).not.to.include('hunter2');
      expect(debug).to.include('14 characters');
    });

    it('treats an unknown error_type as recoverable', async () => {
      const flow = await atCredentials({ signIn: [apiError('cosmic_rays')] });
      flow.actor.send(submit);
      await waitFor(flow.actor, (s) => s.context.error !== null);
      expect(flow.path()).to.equal('password.credentials');
    });

    it('aborts the request in flight when the user goes back', async () => {
      const flow = await atCredentials({});
      flow.actor.send(submit);
      const signal = flow.callsTo('signIn')[0]?.signal;
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('providers');
      expect(signal?.aborted).to.equal(true);
    });

    it('exits from the MFA step with reason user_cancelled and step mfa', async () => {
      const flow = await atCredentials({ signIn: [mfa('sms', '42')] });
      flow.actor.send(submit);
      await flow.at('password.mfa');
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'user_cancelled', provider: 'meter', step: 'mfa' }]);
    });
  });

  describe('OAuth', () => {
    const AUTHORIZE = 'https://provider.example/authorize';
    const opening = { type: 'OPEN_WINDOW' } as const;
    const address = { type: 'PROVIDER_URL', url: AUTHORIZE } as const;

    async function atWaiting(script: Script = {}) {
      const flow = start(script);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      expect(flow.path()).to.equal('oauth.fetchingUrl');
      await flow.at('oauth.waiting');
      return flow;
    }

    it('opens the window in the click that chose the provider, sends it to the address, and links on the result it reports', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      expect(flow.windows.map((w) => [w.provider, w.commands]), 'opened before the address is asked for').to.deep.equal([['band', [opening]]]);
      await flow.at('oauth.waiting');
      const [window] = flow.windows as [SignInWindow];
      expect(window.commands).to.deep.equal([opening, address]);
      window.sendBack({ type: 'OAUTH_RESULT', state: 'success' });
      expect(flow.path()).to.equal('success');
      expect(flow.of('success')[0]).to.include({ provider: 'band', authType: 'oauth' });
      expect(window.open, 'leaving the OAuth step closes its window').to.equal(false);
    });

    it('takes team_oauth providers through the same flow', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'clinic' });
      await flow.at('oauth.waiting');
      expect(flow.windows.map((w) => w.provider)).to.deep.equal(['clinic']);
    });

    it('opens no window for a provider the provider attribute opened: there was no click', async () => {
      const flow = start({}, { settings: { provider: 'band' } });
      await flow.at('oauth.waiting');
      expect(flow.windows.map((w) => w.commands)).to.deep.equal([[address]]);
      flow.windows[0]?.sendBack({ type: 'POPUP_BLOCKED' });
      expect(flow.path()).to.equal('oauth.blocked');
    });

    it('lets the user try again after cancelling, in a new window opened by that click', async () => {
      const flow = await atWaiting();
      flow.windows[0]?.sendBack({ type: 'OAUTH_RESULT', state: 'error', errorType: 'user_cancelled', error: 'denied' });
      expect(flow.path()).to.equal('oauthFailed');
      expect(flow.of('error')[0]).to.include({ errorType: 'user_cancelled', debug: 'denied', recoverable: true });
      expect(flow.windows.map((w) => w.open)).to.deep.equal([false]);
      flow.actor.send({ type: 'RETRY' });
      expect(flow.windows.map((w) => w.commands.length), 'the new window opens in the click').to.deep.equal([2, 1]);
      await flow.at('oauth.waiting');
      expect(flow.windows[1]?.commands).to.deep.equal([opening, address]);
      expect(flow.callsTo('getOAuthUrl')).to.have.length(2);
    });

    it('closes the window it opened when the address cannot be fetched', async () => {
      const flow = start({ oauth: apiError('network', 0) });
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      await flow.at('oauthFailed');
      expect(flow.windows.map((w) => [w.commands, w.open])).to.deep.equal([[[opening], false]]);
    });

    it('loses sight of a closed popup without reporting anything, and a result that still arrives wins', async () => {
      const flow = await atWaiting();
      flow.windows[0]?.sendBack({ type: 'POPUP_CLOSED' });
      expect(flow.path()).to.equal('oauth.lost');
      expect(flow.of('error'), 'closed is no proof of cancellation (COOP)').to.deep.equal([]);
      flow.windows[0]?.sendBack({ type: 'OAUTH_RESULT', state: 'success' });
      expect(flow.path()).to.equal('success');
      expect(flow.of('error')).to.deep.equal([]);
      expect(flow.of('success')).to.have.length(1);
    });

    it('from a lost popup: Try again fetches a fresh URL in a new window, Cancel reports user_cancelled and goes back to the list', async () => {
      const flow = await atWaiting();
      flow.windows[0]?.sendBack({ type: 'POPUP_CLOSED' });
      flow.actor.send({ type: 'RETRY' });
      await flow.at('oauth.waiting');
      expect(flow.callsTo('getOAuthUrl')).to.have.length(2);
      expect(flow.windows.map((w) => [w.commands, w.open])).to.deep.equal([
        [[opening, address], false],
        [[opening, address], true],
      ]);
      flow.windows[0]?.sendBack({ type: 'OAUTH_RESULT', state: 'success' });
      expect(flow.path(), 'the first window’s attempt is over').to.equal('oauth.waiting');
      flow.windows[1]?.sendBack({ type: 'POPUP_CLOSED' });
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.path()).to.equal('providers');
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'user_cancelled', debug: 'The sign-in window was closed.', provider: 'band', recoverable: true }]);
      expect(flow.windows.map((w) => w.open)).to.deep.equal([false, false]);
    });

    it('asks the same window for itself again from waiting and blocked, at the same URL', async () => {
      const flow = await atWaiting();
      flow.actor.send({ type: 'OPEN_WINDOW' });
      flow.windows[0]?.sendBack({ type: 'POPUP_BLOCKED' });
      flow.actor.send({ type: 'OPEN_WINDOW' });
      expect(flow.windows.map((w) => w.commands)).to.deep.equal([[opening, address, opening, opening]]);
      expect(flow.callsTo('getOAuthUrl')).to.have.length(1);
    });

    it('waits for a fresh click when the browser blocked the popup, and still takes a result', async () => {
      const flow = await atWaiting();
      const [window] = flow.windows as [SignInWindow];
      window.sendBack({ type: 'POPUP_BLOCKED' });
      expect(flow.path()).to.equal('oauth.blocked');
      window.sendBack({ type: 'POPUP_OPENED' });
      expect(flow.path()).to.equal('oauth.windowOpen');
      window.sendBack({ type: 'POPUP_BLOCKED' });
      window.sendBack({ type: 'OAUTH_RESULT', state: 'success' });
      expect(flow.path()).to.equal('success');
    });

    it('while its window is open, a click brings that window back instead of opening another', async () => {
      const flow = await atWaiting();
      const [window] = flow.windows as [SignInWindow];
      window.sendBack({ type: 'POPUP_OPENED' });
      expect(flow.path()).to.equal('oauth.windowOpen');
      expect(flow.actor.getSnapshot().can({ type: 'OPEN_WINDOW' }), 'no second window').to.equal(false);
      flow.actor.send({ type: 'SHOW_WINDOW' });
      expect(window.commands).to.deep.equal([opening, address, { type: 'SHOW_WINDOW' }]);
      expect(flow.windows, 'the same window').to.have.length(1);
      window.sendBack({ type: 'POPUP_CLOSED' });
      expect(flow.path(), 'gone: the user may try again in a new one').to.equal('oauth.lost');
    });

    it('closes the window when the user goes back or closes the widget', async () => {
      const back = await atWaiting();
      back.actor.send({ type: 'BACK' });
      expect([back.path(), back.windows[0]?.open]).to.deep.equal(['providers', false]);
      const closed = await atWaiting();
      closed.actor.send({ type: 'EXIT' });
      expect([closed.path(), closed.windows[0]?.open]).to.deep.equal(['exited', false]);
      const stopped = await atWaiting();
      stopped.actor.stop();
      expect(stopped.windows[0]?.open, 'the element stops the flow when it is removed').to.equal(false);
    });

    it('shows missing scopes as recoverable and duplicate accounts as final', async () => {
      const scopes = await atWaiting();
      scopes.actor.send({ type: 'OAUTH_RESULT', state: 'error', errorType: 'required_scopes_not_granted' });
      expect(scopes.path()).to.equal('oauthFailed');
      const duplicate = await atWaiting();
      duplicate.actor.send({ type: 'OAUTH_RESULT', state: 'error', errorType: 'duplicate_connection' });
      expect(duplicate.path()).to.equal('failed');
    });

    it('ends on the token screen for a token error result', async () => {
      const flow = await atWaiting();
      flow.actor.send({ type: 'OAUTH_RESULT', state: 'error', errorType: 'token_expired' });
      expect(flow.path()).to.equal('fatal');
    });

    it('treats an unknown result state as a recoverable failure', async () => {
      const flow = await atWaiting();
      flow.actor.send({ type: 'OAUTH_RESULT', state: 'maybe' });
      expect(flow.path()).to.equal('oauthFailed');
      expect(flow.actor.getSnapshot().context.error?.code).to.equal('unknown_error');
    });

    it('refuses an unsafe URL for good (asking again gives the same), and Back returns to the list', async () => {
      const flow = start({ oauth: new LinkApiError('unsafe_oauth_url', 200, 'javascript:') });
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      await flow.at('failed');
      expect(flow.of('error')[0]).to.include({ errorType: 'unsafe_oauth_url', recoverable: false });
      expect(flow.windows.map((w) => [w.commands, w.open]), 'never sent anywhere, and closed').to.deep.equal([[[opening], false]]);
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('providers');
    });

    it('ignores results that arrive when nothing waits for one', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'OAUTH_RESULT', state: 'success' });
      expect(flow.path()).to.equal('providers');
    });

    it('resumes a full-page redirect from its result, without calling the API or opening a window', async () => {
      const flow = start({}, { returnedFrom: returnedFrom({ state: 'success' }) });
      expect(flow.path()).to.equal('success');
      expect(flow.calls).to.have.length(0);
      await flow.listening();
      expect(flow.of('success')[0]).to.include({ provider: 'band' });
      const denied = start({}, { returnedFrom: returnedFrom({ state: 'error', errorType: 'user_cancelled' }) });
      expect(denied.path()).to.equal('oauthFailed');
      expect(denied.calls).to.have.length(0);
      expect([...flow.windows, ...denied.windows]).to.deep.equal([]);
    });

    it('after a redirect with a token, Back loads the list it never had', async () => {
      const flow = start({}, { returnedFrom: returnedFrom({ state: 'error', errorType: 'user_cancelled' }) });
      flow.actor.send({ type: 'BACK' });
      await flow.at('providers');
      expect(flow.actor.getSnapshot().context.providers).to.have.length(PROVIDERS.length);
    });

    it('after a redirect without a token, the failure stays on screen until the page sets one: then Try again works, with the settings as they are', async () => {
      const flow = start({}, { settings: { linkToken: '' }, returnedFrom: returnedFrom({ state: 'error', errorType: 'user_cancelled' }) });
      expect(flow.path()).to.equal('oauthFailed');
      flow.actor.send({ type: 'BACK' });
      flow.actor.send({ type: 'RETRY' });
      expect(flow.path(), 'nothing to try again with').to.equal('oauthFailed');
      expect(flow.calls).to.have.length(0);
      // The page sets its fresh token (and, say, its service) only now: the outcome on screen stays.
      flow.actor.send(flow.settings({ linkToken: 'late-token', baseUrl: 'https://api.example' }));
      expect(flow.path(), 'a redirect’s outcome is not restarted away').to.equal('oauthFailed');
      expect(flow.calls).to.have.length(0);
      flow.actor.send({ type: 'RETRY' });
      await flow.at('oauth.waiting');
      expect(flow.callsTo('getOAuthUrl').map((c) => [c.input, c.connection.baseUrl])).to.deep.equal([[{ slug: 'band', linkToken: 'late-token' }, 'https://api.example']]);
      expect(flow.windows.map((w) => w.provider), 'opened in the click').to.deep.equal(['band']);
    });

    it('after a redirect without a token, Close says the person left the OAuth step', async () => {
      const flow = start({}, { settings: { linkToken: '' }, returnedFrom: returnedFrom({ state: 'error', errorType: 'user_cancelled' }) });
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'user_cancelled', provider: 'band', step: 'oauth' }]);
      expect(flow.actor.getSnapshot().context.exitReason).to.equal('user_cancelled');
    });

    it('checks the result’s errorType and cleans its error text with the visit’s secrets, from whatever path it came', async () => {
      const token = 'pagetoken1234';
      const flow = start({}, { settings: { linkToken: token } });
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      await flow.at('oauth.waiting');
      flow.windows[0]?.sendBack({ type: 'OAUTH_RESULT', state: 'error', errorType: token, error: `the token ${token} was refused` });
      expect(flow.path()).to.equal('oauthFailed');
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'unknown_error', debug: 'the token ••• was refused', provider: 'band', recoverable: true }]);
      flow.actor.send({ type: 'RETRY' });
      await flow.at('oauth.waiting');
      // A code of the documented shape that the list does not know yet is passed on as it is.
      flow.actor.send({ type: 'OAUTH_RESULT', state: 'error', errorType: 'provider_moved_house', error: 'x'.repeat(600) });
      expect(flow.of('error')[1]).to.include({ errorType: 'provider_moved_house', recoverable: true });
      expect(flow.of('error')[1]?.debug).to.have.length(500);
      expect(JSON.stringify(flow.emitted)).not.to.include(token);
    });
  });

  describe('email', () => {
    it('sends the invitation and reports success', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      expect(flow.path()).to.equal('email.form');
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org', region: null });
      await flow.at('success');
      expect(flow.calls.at(-1)?.input).to.deep.equal({ slug: 'invite', linkToken: 'page-token', email: 'ada@example.org', region: null });
      expect(flow.of('success')[0]).to.include({ provider: 'invite', authType: 'email' });
    });

    it('keeps the form with a message when the service rejects the address', async () => {
      const flow = start({ email: apiError('http_422', 422) });
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org' });
      await waitFor(flow.actor, (s) => s.context.error !== null);
      expect(flow.path()).to.equal('email.form');
    });

    it('says an address that cannot be one is invalid, without asking the service', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'not-an-address' });
      expect(flow.path()).to.equal('email.form');
      expect(flow.actor.getSnapshot().context.error).to.include({ code: 'invalid_email', field: 'email' });
      expect(flow.calls.map((c) => c.actor)).to.deep.equal(['listProviders']);
      expect(flow.of('error'), 'a typo is not an integration error').to.have.length(0);
    });
  });

  it('exits from the list with reason user_cancelled, once, and Start again starts a new flow', async () => {
    const flow = start();
    await flow.at('providers');
    flow.actor.send({ type: 'EXIT' });
    expect(flow.path()).to.equal('exited');
    expect(flow.actor.getSnapshot().status, 'not final: the person may start again').to.equal('active');
    flow.actor.send({ type: 'EXIT' });
    expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'user_cancelled', provider: null, step: 'providers' }]);
    flow.actor.send({ type: 'START_AGAIN' });
    expect(flow.path()).to.equal('loading');
    await flow.at('providers');
    expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'page-token']);
    expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'providers_viewed', 'open', 'providers_viewed']);
    expect(flow.actor.getSnapshot().context).to.deep.include({ exitReason: null, error: null });
    // The visit closed with its link-exit; the one started again is another.
    const [first, , closed, again] = flow.visitIds;
    expect(flow.visitIds.slice(0, 3), 'open, providers_viewed, exit').to.deep.equal([first, first, first]);
    expect(closed).to.equal(first);
    expect(again).to.not.equal(first);
    expect(flow.visitIds.slice(3)).to.deep.equal([again, again]);
  });

  it('gives each visit a random id, never one from the token, the same on every outcome across fresh tokens, Connect another and a restart', async () => {
    const flow = start({ lists: [refused()], signIn: [linked], tokens: ['fresh-1', 'fresh-2'] }, renewing);
    const other = start({}, renewing);
    await flow.at('providers');
    flow.actor.send({ type: 'SELECT', slug: 'meter' });
    flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
    await flow.at('success');
    flow.actor.send({ type: 'CONNECT_ANOTHER' });
    await flow.at('providers');
    flow.actor.send({ type: 'RESTART' });
    await flow.at('providers');
    flow.actor.send({ type: 'EXIT' });
    await other.at('providers');
    const [id] = flow.visitIds;
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(flow.emitted.map((e) => (e.type === 'step' ? e.name : e.type))).to.include.members(['token_refreshed', 'success', 'exit']);
    expect(new Set(flow.visitIds), 'one id from open to exit').to.deep.equal(new Set([id]));
    expect(other.visitIds[0], 'another visit, with the same token').to.not.equal(id);
    expect(id).to.not.include('page-token');
  });

  describe('fresh tokens (requestLinkToken)', () => {
    it('a refused list: one fresh token, the same request again with it, no error', async () => {
      const flow = start({ lists: [refused()], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'token_refreshed', 'providers_viewed']);
      expect(flow.of('error')).to.deep.equal([]);
      expectNoToken(flow);
    });

    it('a fresh token refused too ends on the token screen: one attempt, never a loop; there, Try again asks for another', async () => {
      const flow = start({ lists: [refused(), refused('token_consumed')], tokens: ['fresh-1', 'fresh-2'] }, renewing);
      await flow.at('fatal');
      expect(flow.callsTo('requestLinkToken')).to.have.length(1);
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'token_consumed', debug: 'debug for token_consumed', provider: null, recoverable: false }]);
      expect(flow.actor.getSnapshot().can({ type: 'RETRY' }), 'a person’s action: never a loop').to.equal(true);
      flow.actor.send({ type: 'RETRY' });
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders'), 'the refused one is not sent again').to.deep.equal(['page-token', 'fresh-1', 'fresh-2']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(2);
      expectNoToken(flow);
    });

    it('without requestLinkToken a refusal ends the flow as before', async () => {
      const flow = start({ lists: [refused()], tokens: ['fresh-1'] });
      await flow.at('fatal');
      expect(flow.callsTo('requestLinkToken')).to.deep.equal([]);
      expect(flow.actor.getSnapshot().can({ type: 'RETRY' }), 'no way to a fresh token').to.equal(false);
    });

    it('a function that fails: token_request_failed, recoverable, why in debug; Try again asks it again', async () => {
      const why = 'requestLinkToken() gave an empty string, not a non-empty string.';
      const flow = start({ lists: [refused()], tokens: [new Error(why), 'fresh-1'] }, renewing);
      await flow.at('loadFailed');
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'token_request_failed', debug: why, provider: null, recoverable: true }]);
      flow.actor.send({ type: 'RETRY' });
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders'), 'the refused token is not sent again').to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(2);
      expectNoToken(flow);
    });

    it('a function that fails during a sign-in: the form, with its message; sending it again asks for a token first', async () => {
      const flow = start({ signIn: [refused(), linked], tokens: [new Error('requestLinkToken() rejected (TypeError).'), 'fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('password.credentials');
      expect(flow.actor.getSnapshot().context.error).to.deep.include({ code: 'token_request_failed', recoverable: true });
      expect(flow.of('error')[0]).to.include({ errorType: 'token_request_failed', provider: 'meter', recoverable: true });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn')).to.deep.equal(['page-token', 'fresh-1']);
    });

    it('a function that fails during an invitation: the form, with its message; sending it again asks for a token first', async () => {
      const flow = start({ email: [refused('token_consumed')], tokens: [new Error('requestLinkToken() rejected.'), 'fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org' });
      await flow.at('email.form');
      expect(flow.actor.getSnapshot().context.error).to.deep.include({ code: 'token_request_failed', recoverable: true });
      expect(flow.of('error')[0]).to.include({ errorType: 'token_request_failed', provider: 'invite', recoverable: true });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org' });
      await flow.at('success');
      expect(tokensUsed(flow, 'sendEmailInvite')).to.deep.equal(['page-token', 'fresh-1']);
    });

    it('a function that fails during the OAuth lookup: the OAuth failure, its window closed; Try again asks for a token first, in a new window', async () => {
      const flow = start({ oauth: [refused()], tokens: [new Error('requestLinkToken() rejected.'), 'fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      await flow.at('oauthFailed');
      expect(flow.of('error')[0]).to.include({ errorType: 'token_request_failed', provider: 'band', recoverable: true });
      expect(flow.windows.map((w) => w.open)).to.deep.equal([false]);
      flow.actor.send({ type: 'RETRY' });
      await flow.at('oauth.waiting');
      expect(tokensUsed(flow, 'getOAuthUrl')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.windows.map((w) => [w.open, w.commands])).to.deep.equal([
        [false, [{ type: 'OPEN_WINDOW' }]],
        [true, [{ type: 'OPEN_WINDOW' }, { type: 'PROVIDER_URL', url: 'https://provider.example/authorize' }]],
      ]);
    });

    it('a sign-in refused for its token is sent again, as typed, with the fresh token', async () => {
      const flow = start({ signIn: [refused(), linked], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret', region: 'eu' });
      await flow.at('success');
      expect(flow.callsTo('signIn').map((c) => c.input)).to.deep.equal([
        { slug: 'meter', linkToken: 'page-token', username: 'ada', password: 'secret', region: 'eu' },
        { slug: 'meter', linkToken: 'fresh-1', username: 'ada', password: 'secret', region: 'eu' },
      ]);
      expect(flow.actor.getSnapshot().context.credentials, 'not kept after the sign-in').to.equal(null);
      expect(flow.of('success')).to.have.length(1);
      expectNoToken(flow);
    });

    it('an OAuth lookup refused for its token is asked again, the window opened in the click still waiting for it', async () => {
      const flow = start({ oauth: [refused(), { oauthUrl: 'https://provider.example/authorize' }], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'band' });
      await flow.at('oauth.waiting');
      expect(tokensUsed(flow, 'getOAuthUrl')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.windows.map((w) => [w.open, w.commands])).to.deep.equal([[true, [{ type: 'OPEN_WINDOW' }, { type: 'PROVIDER_URL', url: 'https://provider.example/authorize' }]]]);
      expect(flow.of('error')).to.deep.equal([]);
    });

    it('an email invitation refused for its token is sent again with the fresh token', async () => {
      const flow = start({ email: refused('token_consumed'), tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org', region: null });
      await flow.at('fatal'); // the scripted fake refuses every time: the fresh one too
      expect(tokensUsed(flow, 'sendEmailInvite')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.calls.filter((c) => c.input && (c.input as { email?: string }).email === 'ada@example.org')).to.have.length(2);
    });

    it('a code round refused for its token: back to the sign-in form with the fresh token, told the session expired', async () => {
      const flow = start({ signIn: [mfa('sms', '•••• 42'), linked], mfa: [refused()], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '123456' });
      await flow.at('password.credentials');
      expect(flow.actor.getSnapshot().context.error).to.deep.include({ code: 'session_expired', recoverable: true });
      expect(flow.callsTo('completeMfa'), 'the code is not sent again').to.have.length(1);
      expect(flow.of('error'), 'not a failure the page must act on').to.deep.equal([]);
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn')).to.deep.equal(['page-token', 'fresh-1']);
    });

    it('no token at the start: one is asked for as the flow opens, and the list is asked with it', async () => {
      const flow = start({ tokens: ['fresh-1'] }, { settings: { linkToken: '', renewsToken: true, withoutToken: 'fail' } });
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['fresh-1']);
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'token_refreshed', 'providers_viewed']);
    });

    it('no token at the start and the function fails: token_request_failed, and Try again asks it again', async () => {
      const flow = start({ tokens: [new Error('requestLinkToken() rejected.'), 'fresh-1'] }, { settings: { linkToken: '', renewsToken: true } });
      await flow.at('loadFailed');
      expect(flow.callsTo('listProviders'), 'nothing to send it with').to.deep.equal([]);
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'token_request_failed', debug: 'requestLinkToken() rejected.', provider: null, recoverable: true }]);
      flow.actor.send({ type: 'RETRY' });
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['fresh-1']);
    });

    it('no token at the start and the function never settles: waiting, Close ends it (the element bounds the wait)', async () => {
      const flow = start({}, { settings: { linkToken: '', renewsToken: true } });
      expect(flow.path()).to.equal('loading');
      expect(flow.callsTo('requestLinkToken')).to.have.length(1);
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'user_cancelled', provider: null, step: 'loading' }]);
      expect(flow.callsTo('requestLinkToken')[0]?.signal.aborted, 'its signal is aborted').to.equal(true);
    });

    it('Connect another: a fresh token, the list with what was linked marked, a success each, one exit', async () => {
      const flow = start({ signIn: [linked, linked], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(flow.actor.getSnapshot().can({ type: 'CONNECT_ANOTHER' })).to.equal(true);
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      expect(flow.actor.getSnapshot().context).to.deep.include({ linked: ['meter'], linkToken: 'fresh-1' });
      flow.actor.send({ type: 'SELECT', slug: 'invite' });
      flow.actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.org' });
      await flow.at('success');
      expect(tokensUsed(flow, 'sendEmailInvite')).to.deep.equal(['fresh-1']);
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('success').map((e) => e.provider)).to.deep.equal(['meter', 'invite']);
      expect(flow.of('success').map((e) => e.redirectUrl), 'the second carries none of the first’s').to.deep.equal(['https://app.example/done', null]);
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'done', provider: 'invite', step: 'success' }]);
      expect(flow.of('step').filter((e) => e.name === 'token_refreshed')).to.have.length(1);
      expectNoToken(flow);
    });

    it('Connect another whose token does not come: token_request_failed on the error screen, with Try again; Close there exits with reason "error"', async () => {
      const flow = start({ tokens: [new Error('requestLinkToken() rejected (TypeError).')] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('loadFailed');
      expect(flow.of('error')[0]).to.include({ errorType: 'token_request_failed', recoverable: true, provider: null });
      expect(flow.actor.getSnapshot().context.provider, 'the header shows no provider').to.equal(null);
      expect(flow.actor.getSnapshot().can({ type: 'RETRY' })).to.equal(true);
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'error', errorType: 'token_request_failed', provider: null, step: 'error' }]);
    });

    it('Connect another resets what belonged to the link made: code round, redirect, provider', async () => {
      const flow = start({ signIn: [mfa('sms', '•••• 42')], mfa: [linked], tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '123456' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      expect(flow.actor.getSnapshot().context).to.deep.include({ provider: null, redirectUrl: null, mfa: null, mfaRound: 0 });
    });

    it('Connect another asks the list again with the fresh token: a bad one shows at once', async () => {
      const flow = start({ lists: [PROVIDERS, refused('token_consumed')], tokens: ['fresh-1', 'fresh-2'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('fatal');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.callsTo('requestLinkToken'), 'one fresh token per action').to.have.length(1);
      expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'token_consumed', debug: 'debug for token_consumed', provider: null, recoverable: false }]);
      expect(flow.of('step').filter((e) => e.name === 'open'), 'open once per visit').to.have.length(1);
    });

    it('a fresh token that aged on the list after Connect another gets a fresh one of its own at the next request', async () => {
      const flow = start({ signIn: [linked, refused(), linked], tokens: ['fresh-1', 'fresh-2'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'bob', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn')).to.deep.equal(['page-token', 'fresh-1', 'fresh-2']);
      expect(flow.of('error')).to.deep.equal([]);
    });

    it('Back while a fresh token is on its way drops it; the next sign-in asks for one first (the one held was refused)', async () => {
      const flow = start({ signIn: [refused(), linked], tokens: [null, 'fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await waitFor(flow.actor, (s) => s.context.askingForToken, { timeout: WAIT_LIMIT_MS });
      expect(flow.path()).to.equal('password.signingIn');
      flow.actor.send({ type: 'BACK' });
      expect(flow.path()).to.equal('providers');
      expect(flow.callsTo('requestLinkToken')[0]?.signal.aborted, 'the first request is dropped').to.equal(true);
      expect(flow.actor.getSnapshot().context.askingForToken).to.equal(false);
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(2);
      expect(flow.of('error')).to.deep.equal([]);
    });

    it('after a code round sent the person back to sign in, a fresh token that aged meanwhile gets a fresh one', async () => {
      const flow = start({ signIn: [mfa('sms', '•••• 42'), refused(), linked], mfa: [refused()], tokens: ['fresh-1', 'fresh-2'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('password.mfa');
      flow.actor.send({ type: 'SUBMIT_MFA', code: '123456' });
      await flow.at('password.credentials');
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn')).to.deep.equal(['page-token', 'fresh-1', 'fresh-2']);
    });

    it('Close on the list after a success in this visit: link-exit reason done', async () => {
      const flow = start({ tokens: ['fresh-1'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      flow.actor.send({ type: 'EXIT' });
      expect(flow.of('exit')).to.deep.equal([{ type: 'exit', reason: 'done', provider: null, step: 'providers' }]);
      expect(flow.actor.getSnapshot().context.exitReason).to.equal('done');
    });

    it('no Connect another without requestLinkToken', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(flow.actor.getSnapshot().can({ type: 'CONNECT_ANOTHER' })).to.equal(false);
    });
  });

  describe('the page’s settings, restarts and readiness', () => {
    const opens = (flow: Flow) => flow.of('step').filter((e) => e.name === 'open').length;

    it('a token requestLinkToken handed out, set by the page later, is no change: no restart; a token of the page’s own starts a new flow', async () => {
      const flow = start({ lists: [refused()], tokens: ['fresh-1', 'fresh-2'] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      expect(flow.actor.getSnapshot().context.linkToken).to.equal('fresh-2');
      const before = flow.calls.length;
      // The page's framework passes back what its requestLinkToken gave, late: the first, then the one held, then its own first again.
      for (const linkToken of ['fresh-1', 'fresh-2', 'page-token']) {
        flow.actor.send(flow.settings({ linkToken }));
        expect(flow.path(), linkToken).to.equal('providers');
      }
      expect(flow.calls.length, 'no call').to.equal(before);
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      expect(tokensUsed(flow, 'signIn'), 'the token held is used').to.deep.equal(['fresh-1', 'fresh-2']);
      expect(opens(flow)).to.equal(1);
      // A token the page made itself: another flow.
      flow.actor.send(flow.settings({ linkToken: 'page-token-2' }));
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders').at(-1)).to.equal('page-token-2');
      expect(flow.actor.getSnapshot().context.linked, 'a new flow').to.deep.equal([]);
      expect(opens(flow)).to.equal(2);
      expectNoToken(flow);
    });

    it('a token set while a fresh one is on its way waits for it: when the request gives that same token, no restart', async () => {
      const fresh = deferred<string>();
      const flow = start({ lists: [refused()], tokens: [fresh.promise] }, renewing);
      await waitFor(flow.actor, (s) => s.context.askingForToken, { timeout: WAIT_LIMIT_MS });
      // The page's requestLinkToken sets the property before it returns.
      flow.actor.send(flow.settings({ linkToken: 'fresh-1' }));
      expect(flow.path()).to.equal('loading');
      expect(flow.callsTo('requestLinkToken')[0]?.signal.aborted, 'the request goes on').to.equal(false);
      fresh.resolve('fresh-1');
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'fresh-1']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(1);
      expect(flow.callsTo('listProviders').map((c) => c.signal.aborted), 'nothing was dropped').to.deep.equal([false, false]);
      expect(opens(flow), 'one flow').to.equal(1);
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'token_refreshed', 'providers_viewed']);
    });

    it('a token set while a fresh one is on its way, and then another one given: the fresh one’s request is answered first, then the page’s token starts a new flow', async () => {
      const fresh = deferred<string>();
      const flow = start({ lists: [refused()], tokens: [fresh.promise] }, renewing);
      await waitFor(flow.actor, (s) => s.context.askingForToken, { timeout: WAIT_LIMIT_MS });
      flow.actor.send(flow.settings({ linkToken: 'page-token-2' }));
      expect(flow.path()).to.equal('loading');
      fresh.resolve('fresh-1');
      await waitFor(flow.actor, (s) => s.context.linkToken === 'page-token-2', { timeout: WAIT_LIMIT_MS });
      await flow.at('providers');
      const live = flow.callsTo('listProviders').filter((c) => !c.signal.aborted);
      expect(live.map((c) => (c.input as { linkToken: string }).linkToken), 'the fresh token’s list, then the new flow’s').to.deep.equal(['page-token', 'fresh-1', 'page-token-2']);
      expect(flow.actor.getSnapshot().context.linkToken).to.equal('page-token-2');
      expect(opens(flow)).to.equal(2);
    });

    it('a sign-in sent again with a fresh token is not abandoned by a token the page sets meanwhile: its answer comes first', async () => {
      const fresh = deferred<string>();
      const flow = start({ signIn: [refused()], tokens: [fresh.promise] }, renewing);
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await waitFor(flow.actor, (s) => s.context.askingForToken, { timeout: WAIT_LIMIT_MS });
      flow.actor.send(flow.settings({ linkToken: 'page-token-2' }));
      fresh.resolve('fresh-1');
      await waitFor(flow.actor, (s) => s.context.linkToken === 'page-token-2', { timeout: WAIT_LIMIT_MS });
      expect(flow.callsTo('signIn').map((c) => [(c.input as { linkToken: string }).linkToken, c.signal.aborted]), 'each sign-in answered, none cut off').to.deep.equal([
        ['page-token', false],
        ['fresh-1', false],
      ]);
      expect(flow.of('success'), 'the person linked with the fresh token').to.have.length(1);
    });

    it('against a service refusing every token, neither RESTART nor a new token from the page asks for another: only a person’s action does', async () => {
      const flow = start({ providers: refused(), tokens: ['fresh-1', 'fresh-2', 'fresh-3'] }, renewing);
      await flow.at('fatal');
      expect(flow.callsTo('requestLinkToken')).to.have.length(1);
      // The flow goes on with the token it holds, known refused: no call with it, no fresh one.
      const lists = flow.callsTo('listProviders').length;
      flow.actor.send({ type: 'RESTART' });
      await flow.at('fatal');
      expect(flow.callsTo('listProviders'), 'no call with a token known refused').to.have.length(lists);
      flow.actor.send(flow.settings({ linkToken: 'page-token-2' }));
      expect(flow.path()).to.equal('loading');
      await flow.at('fatal');
      // Nothing new since the last restart (no answer, no person): ignored.
      flow.actor.send({ type: 'RESTART' });
      expect(flow.path()).to.equal('fatal');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'fresh-1', 'page-token-2']);
      expect(flow.callsTo('requestLinkToken'), 'no second fresh token without a person').to.have.length(1);
      expect(flow.of('error').map((e) => [e.errorType, e.recoverable])).to.deep.equal([
        ['token_expired', false],
        ['invalid_token', false],
        ['token_expired', false],
      ]);
      // Try again on the token screen is the person's: one fresh token more.
      flow.actor.send({ type: 'RETRY' });
      await flow.at('fatal');
      expect(flow.callsTo('requestLinkToken')).to.have.length(2);
      expect(tokensUsed(flow, 'listProviders').at(-1)).to.equal('fresh-2');
      expectNoToken(flow);
    });

    it('a new time limit is taken as it is, with no restart; another service starts the flow again', async () => {
      const flow = start({}, { settings: { baseUrl: 'https://one.example', requestTimeout: 5000, renewsToken: true } });
      await flow.at('providers');
      flow.actor.send(flow.settings({ requestTimeout: 9000 }));
      expect(flow.path()).to.equal('providers');
      expect(flow.calls).to.have.length(1);
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send({ type: 'SUBMIT_CREDENTIALS', username: 'ada', password: 'secret' });
      await flow.at('success');
      flow.actor.send(flow.settings({ baseUrl: 'https://two.example' }));
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(flow.calls.map((c) => [c.actor, c.connection])).to.deep.equal([
        ['listProviders', { baseUrl: 'https://one.example', timeoutMs: 5000 }],
        ['signIn', { baseUrl: 'https://one.example', timeoutMs: 9000 }],
        ['listProviders', { baseUrl: 'https://two.example', timeoutMs: 9000 }],
      ]);
      expect(flow.actor.getSnapshot().context.linked, 'a new flow').to.deep.equal([]);
      expect(opens(flow)).to.equal(2);
    });

    it('another provider from the page starts the flow again, straight to it (no window: there was no click)', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send(flow.settings({ provider: 'band' }));
      await flow.at('oauth.waiting');
      expect(flow.callsTo('listProviders')).to.have.length(2);
      expect(flow.windows.map((w) => w.commands)).to.deep.equal([[{ type: 'PROVIDER_URL', url: 'https://provider.example/authorize' }]]);
    });

    it('the same settings again (every update sends them all) change nothing', async () => {
      const flow = start({}, { settings: { baseUrl: 'https://one.example' } });
      await flow.at('providers');
      flow.actor.send(flow.settings({}));
      flow.actor.send(flow.settings({ withoutToken: 'fail' }));
      expect(flow.path()).to.equal('providers');
      expect(flow.calls).to.have.length(1);
    });

    it('ignores RESTART until the page listens (the flow has just started with what it set); after that, starts again', async () => {
      const listening = deferred<void>();
      const flow = start({}, {}, { pageListening: fromPromise(() => listening.promise) });
      flow.actor.send({ type: 'RESTART' });
      await flow.at('providers');
      expect(flow.callsTo('listProviders')).to.have.length(1);
      listening.resolve();
      await flow.listening();
      flow.actor.send({ type: 'RESTART' });
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(flow.callsTo('listProviders')).to.have.length(2);
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['open', 'providers_viewed', 'open', 'providers_viewed']);
    });

    it('holds outcomes until the page listens, then publishes them in order; console hints go at once', async () => {
      const listening = deferred<void>();
      const flow = start({}, { settings: { linkToken: 'no good' } }, { pageListening: fromPromise(() => listening.promise) });
      expect(flow.path()).to.equal('fatal');
      expect(flow.emitted.map((e) => e.type), 'the hint only').to.deep.equal(['hint']);
      listening.resolve();
      await flow.listening();
      expect(flow.of('error')).to.have.length(1);
      expect(flow.of('error')[0]).to.include({ errorType: 'invalid_token', recoverable: false, provider: null });
      expect(flow.of('error')[0]?.debug).to.include('7 characters').and.not.include('no good');
      expect(flow.of('step').map((e) => e.name)).to.deep.equal(['token_rejected']);
      expect(flow.calls, 'never sent').to.deep.equal([]);
    });

    it('Close before the page listens publishes what was held, then the exit', async () => {
      const flow = start({}, {}, { pageListening: fromPromise(() => new Promise<void>(() => {})) });
      await flow.at('providers');
      expect(flow.emitted).to.deep.equal([]);
      flow.actor.send({ type: 'EXIT' });
      expect(flow.emitted.map((e) => (e.type === 'step' ? e.name : e.type))).to.deep.equal(['open', 'providers_viewed', 'exit']);
    });

    it('with no token and no way to one: waits on the loading screen, and starts when the page sets one', async () => {
      const flow = start({}, { settings: { linkToken: '' } });
      expect(flow.path()).to.equal('awaitingToken');
      expect(flow.actor.getSnapshot().hasTag('busy')).to.equal(true);
      flow.actor.send(flow.settings({ linkToken: 'late-token' }));
      expect(flow.path()).to.equal('loading');
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['late-token']);
    });

    it('with no token and no way to one: the token screen when nothing will give one (withoutToken fail, or TOKEN_MISSING)', async () => {
      const told = start({}, { settings: { linkToken: '', withoutToken: 'fail' } });
      expect(told.path()).to.equal('fatal');
      const missing = start({}, { settings: { linkToken: '' } });
      missing.actor.send({ type: 'TOKEN_MISSING' });
      expect(missing.path()).to.equal('fatal');
      await Promise.all([told.listening(), missing.listening()]);
      for (const flow of [told, missing]) {
        expect(flow.of('error')).to.deep.equal([{ type: 'error', errorType: 'invalid_token', debug: 'No link token was given.', provider: null, recoverable: false }]);
        expect(flow.calls).to.deep.equal([]);
      }
    });
  });

  describe('plausibleEmail', () => {
    it('takes one @ between a local part and a domain with an inner dot, and no white space', () => {
      const verdicts = ['ada@example.org', ' ada@x.y ', 'a@.b.c', 'ada@example', 'ada@example.', '@example.org', 'a@b@c.d', 'a da@x.y', 'ada@.org'].map((e) => [e, plausibleEmail(e)]);
      expect(verdicts).to.deep.equal([
        ['ada@example.org', true],
        [' ada@x.y ', true],
        ['a@.b.c', true],
        ['ada@example', false],
        ['ada@example.', false],
        ['@example.org', false],
        ['a@b@c.d', false],
        ['a da@x.y', false],
        ['ada@.org', false],
      ]);
    });

    it('judges a hostile address of 240 000 characters at once (the old pattern froze the page for seconds at 120 000)', () => {
      const started = performance.now();
      expect(plausibleEmail(`a@${'.'.repeat(240_000)}@`)).to.equal(false);
      expect(plausibleEmail(`a@${'.'.repeat(240_000)}`)).to.equal(true);
      // Not a benchmark: a bound two orders of magnitude above the linear time, far below the quadratic.
      expect(performance.now() - started).to.be.below(200);
    });
  });

  describe('what a page alone cannot make it do', () => {
    it('no token, and requestLinkToken given after the flow began to wait: it asks for one', async () => {
      const flow = start({ tokens: ['fresh-1'] }, { settings: { linkToken: '' } });
      expect(flow.path()).to.equal('awaitingToken');
      flow.actor.send(flow.settings({ renewsToken: true }));
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['fresh-1']);
    });

    it('restart() from a link-error listener, on a failure that needs no request, does not loop', async () => {
      const flow = start({}, { settings: { linkToken: '', withoutToken: 'fail' } });
      await flow.listening();
      let restarts = 0;
      flow.actor.on('error', () => {
        if (++restarts < 50) flow.actor.send({ type: 'RESTART' });
      });
      flow.actor.send({ type: 'RESTART' });
      expect(flow.path()).to.equal('fatal');
      expect(restarts, 'the second restart is ignored: nothing new since the first').to.be.below(3);
    });

    it('restart() from a link-error listener, with the network down, makes one request more, not one per error', async () => {
      const flow = start({ providers: apiError('network', 0) });
      await flow.at('loadFailed');
      await flow.listening();
      flow.actor.on('error', () => flow.actor.send({ type: 'RESTART' }));
      flow.actor.send({ type: 'RESTART' });
      await flow.at('loadFailed');
      expect(flow.callsTo('listProviders')).to.have.length(2);
    });

    it('restart() after a fresh token worked goes on with it, not with the page’s refused one', async () => {
      const flow = start({ lists: [refused(), apiError('network', 0)], tokens: ['fresh-1'] }, renewing);
      await flow.at('loadFailed');
      await flow.listening();
      flow.actor.send({ type: 'PERSON_ACTED' });
      flow.actor.send({ type: 'RESTART' });
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token', 'fresh-1', 'fresh-1']);
    });

    it('a provider opened at once whose OAuth lookup refuses every token: restarts from the page ask for no second fresh token', async () => {
      const flow = start({ oauth: refused(), tokens: ['fresh-1', 'fresh-2', 'fresh-3'] }, { settings: { renewsToken: true, provider: 'band' } });
      await flow.at('fatal');
      await flow.listening();
      for (let round = 0; round < 5; round += 1) {
        flow.actor.send({ type: 'RESTART' });
        await flow.at('fatal');
      }
      expect(flow.callsTo('requestLinkToken'), 'one per person’s action, and none acted').to.have.length(1);
    });

    it('on a return page, the page’s token is a secret from the start: a result repeating it is no code, and its text is masked', async () => {
      const flow = start({}, { settings: { linkToken: 'page-token-secret' }, returnedFrom: returnedFrom({ state: 'error', errorType: 'page_token_secret', error: 'token page-token-secret was not accepted' }) });
      await flow.listening();
      const [error] = flow.of('error');
      expect(error).to.include({ errorType: 'page_token_secret' });
      const masked = start({}, { settings: { linkToken: 'page_token_secret' }, returnedFrom: returnedFrom({ state: 'error', errorType: 'page_token_secret', error: 'token page_token_secret was not accepted' }) });
      await masked.listening();
      expect(masked.of('error')[0]).to.include({ errorType: 'unknown_error', debug: 'token ••• was not accepted' });
    });

    it('a host’s token that comes after the widget gave up waiting starts the flow with it', async () => {
      const flow = start({ tokens: [] }, { settings: { linkToken: '' } });
      flow.actor.send({ type: 'TOKEN_MISSING' });
      expect(flow.path()).to.equal('fatal');
      flow.actor.send(flow.settings({ linkToken: 'host-token', renewsToken: true }));
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['host-token']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(0);
    });

    it('a token set to nothing for a moment (a framework passing undefined) keeps the person where they are', async () => {
      const flow = start();
      await flow.at('providers');
      flow.actor.send({ type: 'SELECT', slug: 'meter' });
      flow.actor.send(flow.settings({ linkToken: '' }));
      flow.actor.send(flow.settings({ linkToken: 'page-token' }));
      expect(flow.path()).to.equal('password.credentials');
      expect(flow.callsTo('listProviders')).to.have.length(1);
    });

    it('back from a redirect, Connect another tries the token the page gave since before asking for one', async () => {
      const flow = start({ tokens: ['fresh-1'] }, { settings: { linkToken: '', renewsToken: true }, returnedFrom: returnedFrom({ state: 'success' }) });
      expect(flow.path()).to.equal('success');
      flow.actor.send(flow.settings({ linkToken: 'page-token-2' }));
      expect(flow.path(), 'the outcome stays').to.equal('success');
      flow.actor.send({ type: 'CONNECT_ANOTHER' });
      await flow.at('providers');
      expect(tokensUsed(flow, 'listProviders')).to.deep.equal(['page-token-2']);
      expect(flow.callsTo('requestLinkToken')).to.have.length(0);
    });
  });
});
