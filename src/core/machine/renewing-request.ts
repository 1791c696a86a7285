/**
 * One call to the service, as every step of the link machine makes it: sent with the token the
 * flow holds, and, when the service refuses that token and the page can make another
 * (`requestLinkToken`), one fresh token asked for and the same request sent again with it. The
 * link machine invokes this child for each of its calls, so the renewal is written once.
 *
 * It tells its parent as it goes (`TOKEN_ASKED`, `TOKEN_GIVEN`), so that the flow holds the fresh
 * token and knows a request for one is on its way; a failure is `REQUEST_FAILED`; an answer is
 * this machine's output.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import type { FlowSecrets } from '../api/secrets.js';
import type { EmailInvite, LinkProgress, OAuthResult, OAuthStart, PasswordCredentials, Provider } from '../api/types.js';
import { failure, failureOf, refusesToken } from './failure.js';
import type { LinkFailure } from './failure.js';

/** The calls of the link API, each with what it sends. */
export type ApiRequest =
  | { call: 'listProviders' }
  | { call: 'getOAuthUrl'; slug: string }
  | { call: 'signIn'; slug: string; credentials: PasswordCredentials }
  | { call: 'completeMfa'; slug: string; code: string }
  | { call: 'sendEmailInvite'; slug: string; invite: EmailInvite };

export type ApiCall = ApiRequest['call'];

/** What each call answers. */
export interface ApiAnswers {
  listProviders: Provider[];
  getOAuthUrl: OAuthStart;
  signIn: LinkProgress;
  completeMfa: LinkProgress;
  sendEmailInvite: void;
}

/** Where the calls go and how long they may take: the flow's settings, and the visit's one set of secrets. */
export interface Connection {
  baseUrl: string;
  /** The page's `requestTimeout`, as it is now (the client keeps it in range). */
  timeoutMs: number | undefined;
  /** Everything a call sends or a fresh token is added to it; every text that comes back is cleaned with it. */
  secrets: FlowSecrets;
}

/** What the `apiCall` actor is given: one request, the token to send it with, and where. */
export interface ApiCallInput {
  request: ApiRequest;
  linkToken: string;
  connection: Connection;
  host: LinkHost | null;
}

/** What the `requestLinkToken` actor is given: the time limit, and the set each fresh token joins. */
export interface TokenRequestInput {
  timeoutMs: number | undefined;
  secrets: FlowSecrets;
  host: LinkHost | null;
}

/**
 * The world around the machine, as the element gives it in the actor's input: the machine's own
 * actors ask it, so the element needs no `provide()` (a copy of the whole machine) before its first
 * request. A test may provide the actors instead (`linkMachineWith`).
 */
export interface LinkHost {
  /** One call to the service; rejects with the client's typed error. */
  apiCall(input: ApiCallInput, signal: AbortSignal): Promise<unknown>;
  /** A usable fresh token from the page, or a rejection saying why there is none. */
  requestLinkToken(input: TokenRequestInput, signal: AbortSignal): Promise<string>;
  /** Opens the way to the provider for one attempt; returns what closes it. */
  openSignInWindow(input: { provider: Provider }, commands: (listener: (command: SignInWindowCommand) => void) => void, report: (event: SignInWindowReport) => void): () => void;
  /** Resolves once the page's code has had its turn to listen. */
  pageListening(signal: AbortSignal): Promise<void>;
  /** The page's `disconnectProvider` for one provider, given the request timeout; a rejection says why (for `debug`). */
  disconnectProvider(request: { slug: string; timeoutMs: number | undefined }, signal: AbortSignal): Promise<void>;
}

/**
 * What the `signInWindow` actor is told. It answers with POPUP_OPENED, POPUP_BLOCKED,
 * POPUP_CLOSED and OAUTH_RESULT, and its window closes when the OAuth state is left.
 */
export type SignInWindowCommand =
  /** Inside a click: open a window now, at the provider's address, or blank until it comes. */
  | { type: 'OPEN_WINDOW' }
  /** The provider's address arrived (not in a click): send the user there. */
  | { type: 'PROVIDER_URL'; url: string }
  /** Inside a click: bring the open window to the front; open one if it is gone by now. */
  | { type: 'SHOW_WINDOW' };

/** What a sign-in window reports. */
export type SignInWindowReport = { type: 'POPUP_OPENED' } | { type: 'POPUP_BLOCKED' } | { type: 'POPUP_CLOSED' } | ({ type: 'OAUTH_RESULT' } & OAuthResult);

/**
 * Whether a fresh token may be asked for: `allowed` once, `spent` when one was asked for since the
 * person last acted (so no page behaviour can make the widget ask again and again), `none` when
 * the page gave no `requestLinkToken`.
 */
export type Renewal = 'allowed' | 'spent' | 'none';

export interface RenewingRequestInput {
  request: ApiRequest;
  host: LinkHost | null;
  linkToken: string;
  connection: Connection;
  renewal: Renewal;
  /** The token held is refused already, or there is none: ask for a fresh one before sending. */
  askFirst: boolean;
  /**
   * After a fresh token: `send` the same request with it, or `stop` (a code round: the code
   * belonged to the refused token's session, so sending it again cannot work).
   */
  afterRenewal: 'send' | 'stop';
}

/** The call's answer, or `renewed` when the request stopped at a fresh token (`afterRenewal: 'stop'`). */
export type RenewingRequestOutput = { answer: unknown } | { renewed: true };

/** What the child tells the link machine on the way. */
export type RenewingRequestReport =
  /** The service took the token: a later refusal may be answered with a fresh token again. */
  | { type: 'TOKEN_ACCEPTED' }
  | { type: 'TOKEN_ASKED' } | { type: 'TOKEN_GIVEN'; token: string } | { type: 'REQUEST_FAILED'; failure: LinkFailure };

export interface RenewingRequestContext extends RenewingRequestInput {
  output: RenewingRequestOutput | null;
}

const notProvided = () => Promise.reject(new Error('Not provided: use provide().'));

/**
 * A `requestLinkToken` that gave none: what it did instead (`debug`), never what it returned. Its
 * failure is its own code, recoverable: the person is in the app, which can try again.
 */
const tokenRequestFailed = (error: unknown) => failure('token_request_failed', error instanceof Error ? error.message : 'requestLinkToken() failed.');

/** No token to send, and none may be asked for: as the service says of a token it does not have. */
const noToken = () => failure('invalid_token', 'No usable link token, and no fresh one may be asked for until the person acts.');

export const renewingRequest = setup({
  types: {} as {
    context: RenewingRequestContext;
    input: RenewingRequestInput;
    output: RenewingRequestOutput;
  },
  actors: {
    apiCall: fromPromise<unknown, ApiCallInput>(({ input, signal }) => (input.host ? input.host.apiCall(input, signal) : notProvided())),
    /** The page's `requestLinkToken`: a usable token, or a rejection saying why there is none. */
    requestLinkToken: fromPromise<string, TokenRequestInput>(({ input, signal }) => (input.host ? input.host.requestLinkToken(input, signal) : notProvided())),
  },
  guards: {
    asksFirst: ({ context }) => context.askFirst && context.renewal === 'allowed',
    cannotSend: ({ context }) => context.askFirst,
    renewable: ({ context, event }) => context.renewal === 'allowed' && refusesToken(failureOf((event as ErrorActorEvent).error)),
    sendsAgain: ({ context }) => context.afterRenewal === 'send',
  },
  actions: {
    reportFailure: sendParent((_, failure: LinkFailure): RenewingRequestReport => ({ type: 'REQUEST_FAILED', failure })),
  },
}).createMachine({
  id: 'renewingRequest',
  context: ({ input }) => ({ ...input, output: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'asksFirst', target: 'renewing' },
        { guard: 'cannotSend', target: 'failed', actions: { type: 'reportFailure', params: noToken } },
        { target: 'sending' },
      ],
    },
    sending: {
      invoke: {
        src: 'apiCall',
        input: ({ context }) => ({ request: context.request, linkToken: context.linkToken, connection: context.connection, host: context.host }),
        onDone: { target: 'done', actions: [assign({ output: ({ event }) => ({ answer: event.output }) }), sendParent({ type: 'TOKEN_ACCEPTED' } satisfies RenewingRequestReport)] },
        onError: [
          { guard: 'renewable', target: 'renewing' },
          { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => failureOf(event.error) } },
        ],
      },
    },
    renewing: {
      // Once: a fresh token refused in its turn is final.
      entry: [assign({ renewal: 'spent' }), sendParent({ type: 'TOKEN_ASKED' } satisfies RenewingRequestReport)],
      invoke: {
        src: 'requestLinkToken',
        input: ({ context }) => ({ timeoutMs: context.connection.timeoutMs, secrets: context.connection.secrets, host: context.host }),
        onDone: [
          {
            guard: 'sendsAgain',
            target: 'sending',
            actions: [assign({ linkToken: ({ event }) => event.output }), sendParent(({ event }): RenewingRequestReport => ({ type: 'TOKEN_GIVEN', token: event.output }))],
          },
          {
            target: 'done',
            actions: [assign({ output: { renewed: true } }), sendParent(({ event }): RenewingRequestReport => ({ type: 'TOKEN_GIVEN', token: event.output }))],
          },
        ],
        onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => tokenRequestFailed(event.error) } },
      },
    },
    /** Told to the parent, which leaves the state that invoked this (stopping it). */
    failed: {},
    done: { type: 'final' },
  },
  output: ({ context }) => context.output as RenewingRequestOutput,
});

export type RenewingRequest = typeof renewingRequest;
