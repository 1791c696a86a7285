/**
 * Every step of linking a provider, as one XState machine. No DOM and no fetch: the API calls
 * are actors given through `provide()` (`createLinkActors`), and outcomes leave through `emit()`.
 * Each state says once, in `meta.step`, which screen it is; everything else reads it from there.
 */
import { and, assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate';
import { errorInfo, isLinkApiError } from '../api/errors.js';
import { asksForRegion } from '../api/region.js';
import type { ErrorField } from '../api/errors.js';
import { errorCode } from '../api/secrets.js';
import type { AuthType, EmailInvite, LinkProgress, MfaChallenge, OAuthResult, OAuthStart, PasswordCredentials, Provider } from '../api/types.js';
import { LINK_EVENT_STEPS } from './steps.js';
import type { LinkEventName, Step } from './steps.js';

export type { LinkEventName, Step };

/** What the widget knows about a failure; the view turns `code` into words. */
export interface LinkFailure {
  code: string;
  debug: string | null;
  recoverable: boolean;
  /** The form field the failure is about, when it is about one. */
  field?: ErrorField | undefined;
}

export interface LinkInput {
  /** Open this provider straight away instead of the list, when the list has it. */
  providerSlug?: string | null;
  /** An OAuth result read from the page's own URL after a full-page redirect: no API call. */
  resumedOAuth?: { provider: Provider; result: OAuthResult } | null;
  /** False when there is no token to call the API with (a redirect's return page without one). */
  canCallApi?: boolean;
  /**
   * With no token and no redirect result to show: `wait` on the loading screen for the page to
   * set one (an inline element: a slow backend must not flash an error), or `fail` at once with
   * `invalid_token` (a modal or the hosted page, which nothing else will give a token to).
   */
  withoutToken?: 'wait' | 'fail';
  /** The token the flow starts with ('' for none); later tokens come from `requestLinkToken`. */
  linkToken?: string;
  /**
   * The page gave `requestLinkToken`: with no token, one is asked for at the start; a refused
   * one is replaced once; and a success offers "Connect another".
   */
  renewsToken?: boolean;
}

export interface LinkContext {
  providers: Provider[];
  provider: Provider | null;
  preferredSlug: string | null;
  error: LinkFailure | null;
  mfa: MfaChallenge | null;
  /** 1 for the first MFA code, 2 for the second… */
  mfaRound: number;
  redirectUrl: string | null;
  /**
   * The service refused the region a sign-in was sent with (`unsupported_region`): the chosen
   * provider's form asks for a region from then on, whatever its `form_components` say.
   */
  regionAsked: boolean;
  resumedOAuth: OAuthResult | null;
  canCallApi: boolean;
  withoutToken: 'wait' | 'fail';
  /** The token the API calls are made with: the page's, then each fresh one. Never in an event. */
  linkToken: string;
  renewsToken: boolean;
  /**
   * Why the last fresh token was asked for (the code of the refusal it replaces, `invalid_token`
   * when there was none, `token_consumed` for Connect another): what the token screen says when
   * the page gives none.
   */
  renewal: string | null;
  /**
   * The request in flight is the one sent again with a token just fetched: a refusal of it is
   * final. Set as that request starts, cleared as it ends however it ends (an answer, Back,
   * Close), so a later refusal (after Back, a retyped sign-in, a token that aged on the list)
   * gets its own fresh token. Each one follows a person's action: never a loop.
   */
  freshTokenSent: boolean;
  /** What the sign-in or invitation in flight sends, kept to send again with a fresh token. */
  credentials: PasswordCredentials | null;
  invite: EmailInvite | null;
  /** Slugs of the providers linked in this visit ("Connect another" marks them in the list). */
  linked: string[];
  /** How the flow ended, once it has. */
  exitReason: ExitReason | null;
}

export type LinkEvent =
  | { type: 'SELECT'; slug: string }
  | ({ type: 'SUBMIT_CREDENTIALS' } & PasswordCredentials)
  | { type: 'SUBMIT_MFA'; code: string }
  | ({ type: 'SUBMIT_EMAIL' } & EmailInvite)
  | ({ type: 'OAUTH_RESULT' } & OAuthResult)
  /** The user asks for the provider's sign-in window (again), from a click. */
  | { type: 'OPEN_WINDOW' }
  /** The user asks to see the sign-in window that is open, from a click. */
  | { type: 'SHOW_WINDOW' }
  // From the `signInWindow` actor:
  | { type: 'POPUP_OPENED' }
  | { type: 'POPUP_BLOCKED' }
  /** The popup is out of sight: closed by the user, or isolated by the provider's COOP. */
  | { type: 'POPUP_CLOSED' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  /** The user gives up on a sign-in window that is out of sight. */
  | { type: 'CANCEL' }
  | { type: 'EXIT' }
  | { type: 'TOKEN_MISSING' }
  /** On the success screen: a fresh token, and the list again for the next provider. */
  | { type: 'CONNECT_ANOTHER' };

export type ExitReason = 'user_cancelled' | 'error' | 'done';

export type LinkEmitted =
  | { type: 'success'; provider: string; authType: AuthType | null; redirectUrl: string | null }
  | { type: 'error'; errorType: string; debug: string | null; provider: string | null; recoverable: boolean }
  /** `errorType` only when the flow ended on an error. */
  | { type: 'exit'; reason: ExitReason; errorType?: string; provider: string | null; step: Step }
  | { type: 'step'; name: LinkEventName; step: Step; provider: string | null };

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

/** What every API actor is given: the link token to call with. */
export interface ApiInput {
  linkToken: string;
}

export interface SignInWindowInput {
  provider: Provider;
}

export interface StateMeta {
  step: Step;
}

/** Stands in for an API call until `provide()` gives the real one (`createLinkActors`). */
const notProvided = () => Promise.reject(new Error('No API actors: use provide().'));

/** Stands in for the sign-in window until the element provides one: nothing opens. */
const noWindow = () => {};

/** A failure with what the error table says about its code (server text cut to a sane length). */
export const failure = (fullCode: string, fullDebug: string | null = null): LinkFailure => {
  const code = fullCode.slice(0, 100);
  const debug = fullDebug?.slice(0, 500) ?? null;
  const { recoverable, field } = errorInfo(code);
  return field ? { code, debug, recoverable, field } : { code, debug, recoverable };
};

/** No token was given, and none is coming: as the service says of a token it does not know. */
const noToken = () => failure('invalid_token', 'No link token was given.');

/**
 * `requestLinkToken` gave no usable token: the refusal it was to answer stands (`invalid_token`
 * when there was none: no token at the start), not recoverable, and `debug` says why.
 */
const tokenRequestFailed = ({ context, event }: { context: LinkContext; event: ErrorActorEvent }) =>
  failure(context.renewal ?? 'invalid_token', `The request for a fresh link token failed: ${event.error instanceof Error ? event.error.message : 'it failed'}`);

const failureOf = (error: unknown): LinkFailure =>
  isLinkApiError(error) ? failure(error.code, error.debug) : failure('unknown_error', error instanceof Error ? error.message : String(error));

const slugOf = (context: LinkContext) => context.provider?.slug ?? null;

/** The screen a snapshot shows, from the innermost state's `meta.step`; null once the flow ended. */
export function stepOf(snapshot: LinkSnapshot): Step | null {
  const meta = Object.values(snapshot.getMeta()) as (StateMeta | undefined)[];
  return meta.at(-1)?.step ?? null;
}

/**
 * Closing, from any screen: the screen the user closed, and what that says about why. While a
 * transition runs, `self.getSnapshot()` is still the state being left. (A graph walk of the
 * machine runs actions with a stand-in actor, which has no meta.) The list (or its loading) after
 * a provider was linked in this visit is `done` too: the person linked something and is finished
 * (Connect another offered more; choosing none is not cancelling what was done).
 */
function exitOf(context: LinkContext, self: { getSnapshot(): unknown }): { step: Step; reason: ExitReason } {
  const left = self.getSnapshot() as Partial<LinkSnapshot>;
  const step = (left.getMeta && stepOf(left as LinkSnapshot)) ?? 'loading';
  const finished = step === 'success' || ((step === 'providers' || step === 'loading') && context.linked.length > 0);
  return { step, reason: finished ? 'done' : step === 'error' ? 'error' : 'user_cancelled' };
}

export const OAUTH_AUTH_TYPES: readonly string[] = ['oauth', 'team_oauth'];

/** Whether this widget can link the provider here; the others connect from the mobile app (`unsupported`). */
export const canLink = (provider: Provider) => ['password', 'email', ...OAUTH_AUTH_TYPES].includes(provider.authType);

/** The list as shown: the providers this widget can link first, each group in the service's order. */
const linkableFirst = (providers: Provider[]) => [...providers].sort((a, b) => +canLink(b) - +canLink(a));

export const linkMachine = setup({
  types: {} as {
    context: LinkContext;
    events: LinkEvent;
    input: LinkInput;
    emitted: LinkEmitted;
    meta: StateMeta;
    /** `busy`: a request is in flight; forms disable their submit button. */
    tags: 'busy';
  },
  actors: {
    // Each call is made with the token the machine holds when it starts.
    listProviders: fromPromise<Provider[], ApiInput>(notProvided),
    getOAuthUrl: fromPromise<OAuthStart, ApiInput & { slug: string }>(notProvided),
    signIn: fromPromise<LinkProgress, ApiInput & { slug: string } & PasswordCredentials>(notProvided),
    completeMfa: fromPromise<LinkProgress, ApiInput & { slug: string; code: string }>(notProvided),
    sendEmailInvite: fromPromise<void, ApiInput & { slug: string } & EmailInvite>(notProvided),
    /** A fresh link token from the page (`requestLinkToken`), or a rejection saying why there is none. */
    requestLinkToken: fromPromise<string>(notProvided),
    signInWindow: fromCallback<SignInWindowCommand, SignInWindowInput>(noWindow),
  },
  guards: {
    isResuming: ({ context }) => context.resumedOAuth !== null,
    knownProvider: ({ context, event }) => {
      assertEvent(event, 'SELECT');
      return context.providers.some((p) => p.slug === event.slug);
    },
    choosesOAuth: ({ context, event }) => {
      assertEvent(event, 'SELECT');
      return OAUTH_AUTH_TYPES.includes(context.providers.find((p) => p.slug === event.slug)?.authType ?? '');
    },
    hasPreferredProvider: ({ context }, providers: Provider[]) => providers.some((p) => p.slug === context.preferredSlug),
    isOAuth: ({ context }) => OAUTH_AUTH_TYPES.includes(context.provider?.authType ?? ''),
    /** The service says what the provider shares: the person reads it before its window opens. */
    sharesKnownData: ({ context }) => (context.provider?.supportedResources.length ?? 0) > 0,
    isPassword: ({ context }) => context.provider?.authType === 'password',
    isEmail: ({ context }) => context.provider?.authType === 'email',
    linked: (_, progress: LinkProgress) => progress.state === 'success',
    mfaRequested: (_, progress: LinkProgress) => progress.state === 'pending_provider_mfa',
    tokenRejected: (_, failure: LinkFailure) => errorInfo(failure.code).final === true,
    /** A refused token the page can replace: it is not itself a fresh one the service has not taken yet. */
    renewableRefusal: ({ context }, failure: LinkFailure) => errorInfo(failure.code).final === true && context.renewsToken && !context.freshTokenSent,
    renewsWithoutToken: ({ context }) => !context.canCallApi && context.renewsToken,
    renewsToken: ({ context }) => context.renewsToken,
    // Trying again can fix it, or it names a field of the form the user can change.
    recoverable: ({ context }, failure: LinkFailure) => (failure.recoverable || failure.field !== undefined) && context.canCallApi,
    canCallApi: ({ context }) => context.canCallApi,
    /** No token: says so at once, or waits for one (`withoutToken`). */
    failsWithoutToken: ({ context }) => !context.canCallApi && context.withoutToken === 'fail',
    waitsForToken: ({ context }) => !context.canCallApi && context.withoutToken === 'wait',
    hasProviderList: ({ context }) => context.providers.length > 0,
    credentialsComplete: ({ context, event }) => {
      assertEvent(event, 'SUBMIT_CREDENTIALS');
      return credentialsFault(context, event) === null;
    },
    codeComplete: ({ event }) => {
      assertEvent(event, 'SUBMIT_MFA');
      return event.code.trim() !== '';
    },
    emailComplete: ({ context, event }) => {
      assertEvent(event, 'SUBMIT_EMAIL');
      return emailFault(context, event) === null;
    },
    oauthSucceeded: ({ context, event }) => oauthResultOf(context, event).state === 'success',
    /**
     * The user's own click (choosing the provider, Continue on the consent screen, Try again), not
     * an answer that came later.
     */
    inClick: ({ event }) => event.type === 'SELECT' || event.type === 'OPEN_WINDOW' || event.type === 'RETRY',
  },
  actions: {
    clearError: assign({ error: null }),
    assignRedirect: assign({ redirectUrl: (_, progress: LinkProgress) => progress.redirectUrl }),
    assignMfa: assign({
      mfa: (_, progress: LinkProgress) => progress.mfa ?? { method: '', hint: '' },
      mfaRound: ({ context }) => context.mfaRound + 1,
    }),
    assignChosen: assign({
      provider: ({ context, event }) => {
        assertEvent(event, 'SELECT');
        return context.providers.find((p) => p.slug === event.slug) ?? null;
      },
      regionAsked: false,
    }),
    /** A form sent incomplete: said next to the field, no request made, no event. */
    refuse: assign({ error: (_, code: string) => failure(code) }),
    // Something failed: the screen shows it (assignError) and the page hears of it (emitError).
    assignError: assign({
      error: (_, failure: LinkFailure) => failure,
      regionAsked: ({ context }, failure: LinkFailure) => context.regionAsked || failure.code === 'unsupported_region',
    }),
    emitError: emit(({ context }, { code: errorType, debug, recoverable }: LinkFailure) => ({
      type: 'error' as const,
      errorType,
      debug,
      provider: slugOf(context),
      recoverable,
    })),
    /** A fresh token: the next calls use it, and the page hears of it (never the token itself). */
    assignToken: assign({ linkToken: (_, token: string) => token, canCallApi: true }),
    /** The request made with a fresh token ended: a later refusal may be answered with a fresh one again. */
    freshTokenDone: assign({ freshTokenSent: false }),
    freshTokenSending: assign({ freshTokenSent: true }),
    /** The refusal (or the reason) a fresh token is asked for. */
    assignRenewal: assign({ renewal: (_, code: string) => code }),
    assignLinked: assign({ linked: ({ context }) => [...context.linked, slugOf(context) as string] }),
    emitSuccess: emit(({ context }) => ({
      type: 'success' as const,
      // Every way into `success` went through a chosen (or resumed) provider.
      provider: slugOf(context) as string,
      authType: context.provider?.authType ?? null,
      redirectUrl: context.redirectUrl,
    })),
    /** Only in a click: browsers allow a window there and nowhere else. */
    openWindow: sendTo('signInWindow', { type: 'OPEN_WINDOW' }),
    showWindow: sendTo('signInWindow', { type: 'SHOW_WINDOW' }),
    emitStep: emit(({ context }, name: LinkEventName) => ({ type: 'step' as const, name, step: LINK_EVENT_STEPS[name], provider: slugOf(context) })),
    assignExit: assign({ exitReason: ({ context, self }) => exitOf(context, self).reason }),
    emitExit: emit(({ context, self }) => {
      const { step, reason } = exitOf(context, self);
      const errorType = reason === 'error' ? context.error?.code : undefined;
      return { type: 'exit' as const, reason, provider: slugOf(context), step, ...(errorType ? { errorType } : {}) };
    }),
  },
}).createMachine({
  id: 'link',
  context: ({ input }) => ({
    providers: [],
    provider: input.resumedOAuth?.provider ?? null,
    preferredSlug: input.providerSlug ?? null,
    error: null,
    mfa: null,
    mfaRound: 0,
    redirectUrl: null,
    regionAsked: false,
    resumedOAuth: input.resumedOAuth?.result ?? null,
    canCallApi: input.canCallApi ?? true,
    withoutToken: input.withoutToken ?? 'wait',
    linkToken: input.linkToken ?? '',
    renewsToken: input.renewsToken ?? false,
    renewal: null,
    freshTokenSent: false,
    credentials: null,
    invite: null,
    linked: [],
    exitReason: null,
  }),
  initial: 'starting',
  // Close is on every screen, and ends the flow from wherever it is.
  on: { EXIT: { target: '.exited', actions: ['emitExit', 'assignExit'] } },
  states: {
    starting: {
      meta: { step: 'loading' },
      always: [
        { guard: 'isResuming', target: 'returning' },
        { guard: 'renewsWithoutToken', target: 'gettingToken', actions: { type: 'assignRenewal', params: 'invalid_token' } },
        { guard: 'failsWithoutToken', target: 'fatal', actions: fail(noToken) },
        { guard: 'waitsForToken', target: 'awaitingToken' },
        { target: 'loading' },
      ],
    },

    /**
     * No token yet: the loading screen until the page sets one (which starts a new flow); Close
     * works. TOKEN_MISSING: whoever was to give one (a host app) had its chance.
     */
    awaitingToken: {
      meta: { step: 'loading' },
      tags: 'busy',
      on: { TOKEN_MISSING: { target: 'fatal', actions: fail(noToken) } },
    },

    /** No token yet, and the page can make one: asked for now that the widget is open. */
    gettingToken: {
      meta: { step: 'loading' },
      tags: 'busy',
      invoke: requestLinkToken('#link.loading'),
    },

    loading: {
      meta: { step: 'loading' },
      tags: 'busy',
      // `open` once per visit: not again for the list after Connect another.
      entry: [enqueueActions(({ context, enqueue }) => {
        if (context.linked.length === 0) enqueue({ type: 'emitStep', params: 'open' });
      }), 'clearError'],
      initial: 'request',
      states: {
        request: {
          exit: 'freshTokenDone',
          invoke: {
            id: 'listProviders',
            src: 'listProviders',
            input: ({ context }) => ({ linkToken: context.linkToken }),
            onDone: [
              {
                guard: { type: 'hasPreferredProvider', params: ({ event }) => event.output },
                target: '#link.routing',
                actions: [
                                    assign({
                    providers: ({ event }) => linkableFirst(event.output),
                    provider: ({ context, event }) => event.output.find((p) => p.slug === context.preferredSlug) ?? null,
                    preferredSlug: null,
                  }),
                ],
              },
              { target: '#link.providers', actions: [assign({ providers: ({ event }) => linkableFirst(event.output), preferredSlug: null })] },
            ],
            onError: renewableFailureTransitions('#link.loadFailed', '#link.loadFailed'),
          },
        },
        renewingToken: { invoke: requestLinkToken('request') },
      },
    },

    loadFailed: {
      meta: { step: 'error' },
      entry: { type: 'emitStep', params: 'load_failed' },
      on: { RETRY: 'loading' },
    },

    providers: {
      meta: { step: 'providers' },
      entry: [assign({ provider: null, regionAsked: false }), { type: 'emitStep', params: 'providers_viewed' }, 'clearError'],
      on: {
        SELECT: [
          { guard: 'knownProvider', target: 'routing', actions: 'assignChosen' },
        ],
      },
    },

    /** Picks the flow for the chosen provider's auth type; unknown types cannot link here. */
    routing: {
      meta: { step: 'providers' },
      entry: [{ type: 'emitStep', params: 'provider_selected' }, 'clearError'],
      always: [
        { guard: and(['isOAuth', 'sharesKnownData']), target: 'consent' },
        { guard: 'isOAuth', target: 'oauth' },
        { guard: 'isPassword', target: 'password' },
        { guard: 'isEmail', target: 'email' },
        { target: 'unsupported' },
      ],
    },

    /**
     * What the app will receive, before the provider's window opens. Its button opens that window
     * (OPEN_WINDOW, in the click), so consent costs no extra click and no popup is blocked. A
     * provider that does not say what it shares opens straight away; password and email providers
     * say it on their form.
     */
    consent: {
      meta: { step: 'consent' },
      entry: { type: 'emitStep', params: 'consent_viewed' },
      on: { OPEN_WINDOW: 'oauth', BACK: backToList() },
    },

    unsupported: {
      meta: { step: 'unsupported' },
      entry: { type: 'emitStep', params: 'unsupported_viewed' },
      on: { BACK: backToList() },
    },

    /**
     * The provider's own page, in its window, this page (redirect) or the system browser (a native
     * host). That window is the `signInWindow` actor: it lives as long as this state, and a new
     * attempt (Try again) is a new one.
     */
    oauth: {
      meta: { step: 'oauth' },
      initial: 'fetchingUrl',
      invoke: { id: 'signInWindow', src: 'signInWindow', input: ({ context }) => ({ provider: context.provider as Provider }) },
      // Opened inside the click that chose the provider or tries again, before the address
      // arrives: after an await the browser would block it. A provider opened by the `provider`
      // attribute gets no window until the user clicks for one.
      entry: enqueueActions(({ check, enqueue }) => {
        if (check('inClick')) enqueue('openWindow');
      }),
      on: { BACK: backToList() },
      states: {
        fetchingUrl: {
          tags: 'busy',
          entry: 'clearError',
          initial: 'request',
          states: {
            request: {
              exit: 'freshTokenDone',
              invoke: {
                id: 'getOAuthUrl',
                src: 'getOAuthUrl',
                input: ({ context }) => ({ slug: context.provider?.slug ?? '', linkToken: context.linkToken }),
                onDone: {
                  target: '#link.oauth.waiting',
                  actions: [
                                        sendTo('signInWindow', ({ event }) => ({ type: 'PROVIDER_URL' as const, url: event.output.oauthUrl })),
                    { type: 'emitStep', params: 'oauth_opened' },
                  ],
                },
                onError: renewableFailureTransitions('#link.oauthFailed', '#link.failed'),
              },
            },
            // The window opened in the click stays open, blank, meanwhile.
            renewingToken: { invoke: requestLinkToken('request') },
          },
        },
        /** The provider's page is open (this page, or the system browser), or on its way to a window. */
        waiting: {
          on: {
            OAUTH_RESULT: oauthResultTransitions(),
            OPEN_WINDOW: { actions: 'openWindow' },
            POPUP_OPENED: 'windowOpen',
            POPUP_BLOCKED: 'blocked',
            POPUP_CLOSED: 'lost',
          },
        },
        /**
         * The provider's page is in a window of this page's, open and in sight: a second click
         * brings that window to the front instead of opening another beside it.
         */
        windowOpen: {
          on: {
            OAUTH_RESULT: oauthResultTransitions(),
            SHOW_WINDOW: { actions: 'showWindow' },
            POPUP_BLOCKED: 'blocked',
            POPUP_CLOSED: 'lost',
          },
        },
        /** The browser refused the popup: the user opens it from a fresh click. */
        blocked: {
          on: {
            OPEN_WINDOW: { actions: 'openWindow' },
            POPUP_OPENED: 'windowOpen',
            OAUTH_RESULT: oauthResultTransitions(),
          },
        },
        /**
         * The popup is out of sight. The user may have closed it, or the provider's page may have
         * cut it off (Cross-Origin-Opener-Policy): nothing is reported until a result arrives
         * or the user decides.
         */
        lost: {
          on: {
            OAUTH_RESULT: oauthResultTransitions(),
            RETRY: { target: '#link.oauth', reenter: true },
            CANCEL: { target: '#link.providers', actions: fail(() => failure('user_cancelled', 'The sign-in window was closed.')) },
          },
        },
      },
    },

    /** Cancelled, denied or failed at the provider: the user can try again. Its window is gone. */
    oauthFailed: {
      meta: { step: 'oauth' },
      on: { RETRY: 'oauth', BACK: backToList() },
    },

    /** Back from a full-page redirect: the token is spent, so the URL's result is final. */
    returning: {
      meta: { step: 'oauth' },
      always: oauthResultTransitions(),
    },

    password: {
      initial: 'credentials',
      on: { BACK: backToList() },
      states: {
        credentials: {
          meta: { step: 'credentials' },
          entry: { type: 'emitStep', params: 'credentials_viewed' },
          on: {
            SUBMIT_CREDENTIALS: [
              { guard: 'credentialsComplete', target: 'signingIn' },
              { actions: { type: 'refuse', params: ({ context, event }) => credentialsFault(context, event) ?? '' } },
            ],
          },
        },
        signingIn: {
          meta: { step: 'credentials' },
          tags: 'busy',
          // A new sign-in: its first code is the first one again.
          entry: [
            { type: 'emitStep', params: 'credentials_submitted' },
            'clearError',
            assign({
              mfaRound: 0,
              credentials: ({ event }) => {
                assertEvent(event, 'SUBMIT_CREDENTIALS');
                return { username: event.username, password: event.password, region: event.region ?? null };
              },
            }),
          ],
          // Kept only while it may be sent again.
          exit: assign({ credentials: null }),
          initial: 'request',
          states: {
            request: {
              exit: 'freshTokenDone',
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => ({ slug: context.provider?.slug ?? '', linkToken: context.linkToken, ...(context.credentials as PasswordCredentials) }),
                onDone: progressTransitions('#link.password.credentials'),
                onError: renewableFailureTransitions('#link.password.credentials', '#link.failed'),
              },
            },
            renewingToken: { invoke: requestLinkToken('request') },
          },
        },
        mfa: {
          meta: { step: 'mfa' },
          entry: { type: 'emitStep', params: 'mfa_viewed' },
          on: {
            SUBMIT_MFA: [{ guard: 'codeComplete', target: 'verifying' }, { actions: { type: 'refuse', params: 'missing_code' } }],
            // The code belongs to this sign-in: going back means signing in again.
            BACK: { target: 'credentials', actions: 'clearError' },
          },
        },
        verifying: {
          meta: { step: 'mfa' },
          tags: 'busy',
          entry: [{ type: 'emitStep', params: 'mfa_submitted' }, 'clearError'],
          initial: 'request',
          states: {
            request: {
              exit: 'freshTokenDone',
              invoke: {
                id: 'completeMfa',
                src: 'completeMfa',
                input: ({ context, event }) => {
                  assertEvent(event, 'SUBMIT_MFA');
                  return { slug: context.provider?.slug ?? '', code: event.code, linkToken: context.linkToken };
                },
                onDone: progressTransitions('#link.password.mfa'),
                onError: renewableFailureTransitions('#link.password.mfa', '#link.failed'),
              },
            },
            /**
             * A fresh token is a new session at the service: the code belonged to the old one, so
             * the person signs in again, told why.
             */
            renewingToken: {
              invoke: requestLinkToken('#link.password.credentials', { sends: false, actions: [{ type: 'refuse', params: 'session_expired' }] }),
            },
          },
        },
      },
    },

    email: {
      meta: { step: 'email' },
      initial: 'form',
      on: { BACK: backToList() },
      states: {
        form: {
          entry: { type: 'emitStep', params: 'email_viewed' },
          on: {
            SUBMIT_EMAIL: [{ guard: 'emailComplete', target: 'sending' }, { actions: { type: 'refuse', params: ({ context, event }) => emailFault(context, event) ?? '' } }],
          },
        },
        sending: {
          tags: 'busy',
          entry: [
            { type: 'emitStep', params: 'email_submitted' },
            'clearError',
            assign({
              invite: ({ event }) => {
                assertEvent(event, 'SUBMIT_EMAIL');
                return { email: event.email.trim(), region: event.region ?? null };
              },
            }),
          ],
          exit: assign({ invite: null }),
          initial: 'request',
          states: {
            request: {
              exit: 'freshTokenDone',
              invoke: {
                id: 'sendEmailInvite',
                src: 'sendEmailInvite',
                input: ({ context }) => ({ slug: context.provider?.slug ?? '', linkToken: context.linkToken, ...(context.invite as EmailInvite) }),
                onDone: { target: '#link.success', actions: ['assignLinked', 'emitSuccess'] },
                onError: renewableFailureTransitions('#link.email.form', '#link.failed'),
              },
            },
            renewingToken: { invoke: requestLinkToken('request') },
          },
        },
      },
    },

    success: {
      meta: { step: 'success' },
      entry: { type: 'emitStep', params: 'success' },
      // The token is spent: the next provider needs a fresh one, which only the page can make.
      // Nothing of the link just made carries over to the next one (its events, its header).
      on: {
        CONNECT_ANOTHER: {
          guard: 'renewsToken',
          target: 'connectingAnother',
          actions: [{ type: 'assignRenewal', params: 'token_consumed' }, assign({ provider: null, redirectUrl: null, mfa: null, mfaRound: 0, regionAsked: false, error: null, credentials: null, invite: null })],
        },
      },
    },

    /**
     * "Connect another": a fresh token, then the list asked again with it (a bad fresh token shows
     * at once, not at the next provider; and the list is current), with this visit's providers marked.
     */
    connectingAnother: {
      meta: { step: 'loading' },
      tags: 'busy',
      invoke: requestLinkToken('#link.loading'),
    },

    /** A provider error that trying again will not fix; another provider may still work. */
    failed: {
      meta: { step: 'error' },
      entry: { type: 'emitStep', params: 'failed' },
      on: { BACK: backToList() },
    },

    /** The link token is bad or spent: only the app that made it can make a new one. */
    fatal: {
      meta: { step: 'error' },
      entry: { type: 'emitStep', params: 'token_rejected' },
    },

    exited: { type: 'final' },
  },
});

/** Back to the list, loading it first when this flow never did (the return from a redirect). */
function backToList() {
  return [
    { guard: 'hasProviderList', target: '#link.providers' },
    { guard: 'canCallApi', target: '#link.loading' },
  ] as const;
}

/**
 * A failed call: token errors end the flow; recoverable ones return to the form with a message.
 * With `requestLinkToken`, a refusal of the token
 * is answered once with a fresh token (`renewingToken`, beside the request, which sends the same
 * request again); anything else, or a refusal of a fresh token, as any failure.
 */
function renewableFailureTransitions(recoverableTarget: string, finalTarget: string) {
  const params = ({ event }: { event: ErrorActorEvent }) => failureOf(event.error);
  return [
    {
      guard: { type: 'renewableRefusal', params },
      target: 'renewingToken',
      actions: { type: 'assignRenewal', params: ({ event }: { event: ErrorActorEvent }) => failureOf(event.error).code },
    },
    ...failureRoutes(params, recoverableTarget, finalTarget),
  ] as const;
}

/**
 * Asks the page for a fresh token (`requestLinkToken`): with it, on to `target`, and the page
 * hears `token_refreshed`; without one (rejected, not a string, too slow), the token screen.
 * `sends`: the target sends a request with it at once, and a refusal of that one is final
 * (`freshTokenSent`); a form the person fills in again (after a code round) is not such a target.
 */
function requestLinkToken(target: string, { sends = true, actions = [] }: { sends?: boolean; actions?: readonly { type: 'refuse'; params: string }[] } = {}) {
  return {
    id: 'requestLinkToken',
    src: 'requestLinkToken',
    onDone: {
      target,
      actions: [
        { type: 'assignToken', params: ({ event }: { event: DoneActorEvent<string> }) => event.output },
        ...(sends ? (['freshTokenSending'] as const) : []),
        { type: 'emitStep', params: 'token_refreshed' },
        ...actions,
      ],
    },
    onError: { target: '#link.fatal', actions: fail(tokenRequestFailed) },
  } as const;
}

/** A failure is shown and reported: the one pair of actions every failing transition takes. */
function fail<T>(params: (args: T) => LinkFailure) {
  return [
    { type: 'assignError', params },
    { type: 'emitError', params },
  ] as const;
}

function failureRoutes<T>(params: (args: T) => LinkFailure, recoverableTarget: string, finalTarget: string) {
  const actions = fail(params);
  return [
    { guard: { type: 'tokenRejected', params }, target: '#link.fatal', actions },
    { guard: { type: 'recoverable', params }, target: recoverableTarget, actions },
    { target: finalTarget, actions },
  ] as const;
}

/** A password or MFA answer: linked, another MFA round, or a state this widget does not know. */
function progressTransitions(formState: '#link.password.credentials' | '#link.password.mfa') {
  const progress = ({ event }: { event: { output: LinkProgress } }) => event.output;
  // Its length, not its value: a state that repeats a password or a code must not reach `debug`.
  const unknownState = ({ event }: { event: { output: LinkProgress } }) =>
    failure('bad_response', `The link result has a state this widget does not know (${event.output.state.length} characters).`);
  return [
    { guard: { type: 'linked', params: progress }, target: '#link.success', actions: [{ type: 'assignRedirect', params: progress }, 'assignLinked', 'emitSuccess'] },
    { guard: { type: 'mfaRequested', params: progress }, target: '#link.password.mfa', actions: [{ type: 'assignMfa', params: progress }] },
    { target: formState, actions: [...fail(unknownState)] },
  ] as const;
}

/** Whether the chosen provider's form asks for a region: its `form_components` do, or the service refused one. */
export const regionWanted = (context: LinkContext) => context.regionAsked || asksForRegion(context.provider);

/** A sign-in form that cannot be sent yet: the code of its first empty field, else null. */
function credentialsFault(context: LinkContext, { username, password, region }: PasswordCredentials) {
  if (username.trim() === '') return 'missing_username';
  if (password === '') return 'missing_password';
  return regionFault(context, region);
}

function emailFault(context: LinkContext, { email, region }: EmailInvite) {
  return plausibleEmail(email) ? regionFault(context, region) : 'invalid_email';
}

const regionFault = (context: LinkContext, region: string | null | undefined) => (regionWanted(context) && !region ? 'missing_region' : null);

/**
 * One `@` between a local part and a domain with a dot inside it, no white space (the rule the
 * widget always had, as a pattern): the service
 * checks the rest. Linear by construction: a pattern like `[^@]+\.[^@]+` backtracks over a run
 * of dots, and `a@` with 120 000 dots froze the page for seconds.
 */
export function plausibleEmail(text: string): boolean {
  const email = text.trim();
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@') || /\s/.test(email)) return false;
  // A dot with something on each side of it.
  return email.slice(at + 2, -1).includes('.');
}

/** The result in an OAUTH_RESULT event, or the one this page came back from a redirect with. */
function oauthResultOf(context: LinkContext, event: LinkEvent): OAuthResult {
  return event.type === 'OAUTH_RESULT' ? event : (context.resumedOAuth ?? { state: '' });
}

/** The outcome of the provider's page, however it came back. */
function oauthResultTransitions() {
  const params = ({ context, event }: { context: LinkContext; event: LinkEvent }) => {
    const result = oauthResultOf(context, event);
    return failure(errorCode(result.errorType), result.error ?? null);
  };
  return [
    { guard: 'oauthSucceeded', target: '#link.success', actions: ['assignLinked', 'emitSuccess'] },
    ...failureRoutes(params, '#link.oauthFailed', '#link.failed'),
  ] as const;
}

export type LinkMachine = typeof linkMachine;
export type LinkSnapshot = SnapshotFrom<LinkMachine>;
