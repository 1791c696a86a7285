/**
 * Every step of linking a provider, as one XState machine. No DOM and no fetch: the API calls
 * are actors given through `provide()`, and outcomes leave through `emit()`.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent, SnapshotFrom } from 'xstate';
import { isLinkApiError, isTokenError } from '../api/errors.js';
import type { AuthType, LinkProgress, MfaChallenge, OAuthStart, Provider } from '../api/types.js';
import { isRecoverable } from './recoverable.js';

/** What the widget knows about a failure; the view turns `code` into words. */
export interface LinkFailure {
  code: string;
  debug: string | null;
  recoverable: boolean;
  /** The form field the failure is about, when it is about one. */
  field?: 'username' | 'password' | 'code' | 'email';
}

/** An OAuth outcome as the service appends it to the redirect URL. */
export interface OAuthResult {
  state: string;
  errorType?: string | null;
  error?: string | null;
}

export interface LinkInput {
  /** Open this provider straight away instead of the list, when the list has it. */
  providerSlug?: string | null;
  /** An OAuth result read from the page's own URL after a full-page redirect: no API call. */
  resumedOAuth?: { provider: Provider; result: OAuthResult } | null;
  /** False when there is no token to call the API with (a redirect's return page without one). */
  canCallApi?: boolean;
}

export interface LinkContext {
  providers: Provider[];
  provider: Provider | null;
  preferredSlug: string | null;
  error: LinkFailure | null;
  mfa: MfaChallenge | null;
  /** 1 for the first MFA code, 2 for the second… */
  mfaRound: number;
  oauthUrl: string | null;
  redirectUrl: string | null;
  resumedOAuth: OAuthResult | null;
  canCallApi: boolean;
  /** How the flow ended, once it has. */
  exitReason: ExitReason | null;
}

export type LinkEvent =
  | { type: 'SELECT'; slug: string }
  | { type: 'SUBMIT_CREDENTIALS'; username: string; password: string; region?: string | null }
  | { type: 'SUBMIT_MFA'; code: string }
  | { type: 'SUBMIT_EMAIL'; email: string; region?: string | null }
  | ({ type: 'OAUTH_RESULT' } & OAuthResult)
  | { type: 'POPUP_CLOSED' }
  | { type: 'POPUP_BLOCKED' }
  | { type: 'POPUP_OPENED' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'EXIT' };

/** The screen a state belongs to, as reported in `link-exit` and `link-event`. */
export type Step =
  | 'loading'
  | 'providers'
  | 'oauth'
  | 'credentials'
  | 'mfa'
  | 'email'
  | 'unsupported'
  | 'success'
  | 'error';

export type ExitReason = 'user_cancelled' | 'error' | 'done';

export type LinkEmitted =
  | { type: 'success'; provider: string | null; authType: AuthType | null; redirectUrl: string | null }
  | { type: 'error'; errorType: string; debug: string | null; provider: string | null; recoverable: boolean }
  | { type: 'exit'; reason: ExitReason; errorType: string | null; provider: string | null; step: Step }
  | { type: 'step'; name: string; step: Step; provider: string | null }
  | { type: 'oauth.open'; url: string };

export interface PasswordInput {
  slug: string;
  username: string;
  password: string;
  region: string | null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`The "${name}" actor was not provided.`));

const failureOf = (error: unknown): LinkFailure => {
  if (isLinkApiError(error)) return { code: error.code, debug: error.debug, recoverable: isRecoverable(error.code) };
  return { code: 'unknown_error', debug: error instanceof Error ? error.message : String(error), recoverable: true };
};

const slugOf = (context: LinkContext) => context.provider?.slug ?? null;

export const OAUTH_AUTH_TYPES: readonly string[] = ['oauth', 'team_oauth'];

export const linkMachine = setup({
  types: {
    context: {} as LinkContext,
    events: {} as LinkEvent,
    input: {} as LinkInput,
    emitted: {} as LinkEmitted,
    /** `busy`: a request is in flight; forms disable their submit button. */
    tags: {} as 'busy',
  },
  actors: {
    listProviders: fromPromise<Provider[]>(notProvided('listProviders')),
    getOAuthUrl: fromPromise<OAuthStart, { slug: string }>(notProvided('getOAuthUrl')),
    signIn: fromPromise<LinkProgress, PasswordInput>(notProvided('signIn')),
    completeMfa: fromPromise<LinkProgress, { slug: string; code: string }>(notProvided('completeMfa')),
    sendEmailInvite: fromPromise<void, { slug: string; email: string; region: string | null }>(
      notProvided('sendEmailInvite'),
    ),
  },
  guards: {
    isResuming: ({ context }) => context.resumedOAuth !== null,
    knownProvider: ({ context, event }) =>
      event.type === 'SELECT' && context.providers.some((p) => p.slug === event.slug),
    hasPreferredProvider: ({ context }, providers: Provider[]) => providers.some((p) => p.slug === context.preferredSlug),
    isOAuth: ({ context }) => OAUTH_AUTH_TYPES.includes(context.provider?.authType ?? ''),
    isPassword: ({ context }) => context.provider?.authType === 'password',
    isEmail: ({ context }) => context.provider?.authType === 'email',
    linked: (_, progress: LinkProgress) => progress.state === 'success',
    mfaRequested: (_, progress: LinkProgress) => progress.state === 'pending_provider_mfa',
    tokenRejected: (_, failure: LinkFailure) => isTokenError(failure.code),
    recoverable: ({ context }, failure: LinkFailure) => failure.recoverable && context.canCallApi,
    canCallApi: ({ context }) => context.canCallApi,
    hasProviderList: ({ context }) => context.providers.length > 0,
    credentialsComplete: ({ event }) => event.type === 'SUBMIT_CREDENTIALS' && event.username.trim() !== '' && event.password !== '',
    codeComplete: ({ event }) => event.type === 'SUBMIT_MFA' && event.code.trim() !== '',
    plausibleEmail: ({ event }) => event.type === 'SUBMIT_EMAIL' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(event.email.trim()),
    oauthSucceeded: ({ context, event }) => oauthResultOf(context, event).state === 'success',
  },
  actions: {
    clearError: assign({ error: null }),
    assignRedirect: assign({ redirectUrl: (_, progress: LinkProgress) => progress.redirectUrl }),
    assignMfa: assign({
      mfa: (_, progress: LinkProgress) => progress.mfa ?? { method: '', hint: '' },
      mfaRound: ({ context }) => context.mfaRound + 1,
    }),
    assignFailure: assign({ error: (_, failure: LinkFailure) => failure }),
    assignExit: assign({ exitReason: (_, reason: ExitReason) => reason }),
    emitError: emit(({ context }, failure: LinkFailure) => ({
      type: 'error' as const,
      errorType: failure.code,
      debug: failure.debug,
      provider: slugOf(context),
      recoverable: failure.recoverable,
    })),
    emitSuccess: emit(({ context }) => ({
      type: 'success' as const,
      provider: slugOf(context),
      authType: context.provider?.authType ?? null,
      redirectUrl: context.redirectUrl,
    })),
    emitStep: emit(({ context }, params: { name: string; step: Step }) => ({
      type: 'step' as const,
      ...params,
      provider: slugOf(context),
    })),
    emitExit: emit(({ context }, params: { step: Step; reason: ExitReason }) => ({
      type: 'exit' as const,
      ...params,
      errorType: params.reason === 'error' ? (context.error?.code ?? null) : null,
      provider: slugOf(context),
    })),
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
    oauthUrl: null,
    redirectUrl: null,
    resumedOAuth: input.resumedOAuth?.result ?? null,
    canCallApi: input.canCallApi ?? true,
    exitReason: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isResuming', target: 'oauth.returning' }, { target: 'loading' }],
    },

    loading: {
      tags: 'busy',
      entry: [{ type: 'emitStep', params: { name: 'open', step: 'loading' } }, 'clearError'],
      invoke: {
        id: 'listProviders',
        src: 'listProviders',
        onDone: [
          {
            guard: { type: 'hasPreferredProvider', params: ({ event }) => event.output },
            target: 'routing',
            actions: assign({
              providers: ({ event }) => event.output,
              provider: ({ context, event }) => event.output.find((p) => p.slug === context.preferredSlug) ?? null,
              preferredSlug: null,
            }),
          },
          { target: 'providers', actions: assign({ providers: ({ event }) => event.output, preferredSlug: null }) },
        ],
        onError: failureTransitions('loadFailed', 'loadFailed'),
      },
      on: exitFrom('loading', 'user_cancelled'),
    },

    loadFailed: {
      entry: { type: 'emitStep', params: { name: 'load_failed', step: 'error' } },
      on: { RETRY: 'loading', ...exitFrom('error', 'error') },
    },

    providers: {
      entry: [assign({ provider: null }), { type: 'emitStep', params: { name: 'providers_viewed', step: 'providers' } }, 'clearError'],
      on: {
        SELECT: {
          guard: 'knownProvider',
          target: 'routing',
          actions: assign({ provider: ({ context, event }) => context.providers.find((p) => p.slug === event.slug) ?? null }),
        },
        ...exitFrom('providers', 'user_cancelled'),
      },
    },

    /** Picks the flow for the chosen provider's auth type; unknown types cannot link here. */
    routing: {
      entry: [{ type: 'emitStep', params: { name: 'provider_selected', step: 'providers' } }, 'clearError'],
      always: [
        { guard: 'isOAuth', target: 'oauth' },
        { guard: 'isPassword', target: 'password' },
        { guard: 'isEmail', target: 'email' },
        { target: 'unsupported' },
      ],
    },

    unsupported: {
      entry: { type: 'emitStep', params: { name: 'unsupported_viewed', step: 'unsupported' } },
      on: { BACK: backToList(), ...exitFrom('unsupported', 'user_cancelled') },
    },

    oauth: {
      initial: 'fetchingUrl',
      on: { BACK: backToList(), ...exitFrom('oauth', 'user_cancelled') },
      states: {
        fetchingUrl: {
          tags: 'busy',
          entry: ['clearError', assign({ oauthUrl: null })],
          invoke: {
            id: 'getOAuthUrl',
            src: 'getOAuthUrl',
            input: ({ context }) => ({ slug: context.provider?.slug ?? '' }),
            onDone: {
              target: 'waiting',
              actions: [
                assign({ oauthUrl: ({ event }) => event.output.oauthUrl }),
                emit(({ event }) => ({ type: 'oauth.open' as const, url: event.output.oauthUrl })),
                { type: 'emitStep', params: { name: 'oauth_opened', step: 'oauth' } },
              ],
            },
            onError: failureTransitions('failed', '#link.failed'),
          },
        },
        /** The provider's page is open (popup, this page, or the system browser). */
        waiting: {
          on: {
            OAUTH_RESULT: oauthResultTransitions(),
            POPUP_BLOCKED: 'blocked',
            POPUP_CLOSED: {
              target: 'failed',
              actions: [
                {
                  type: 'assignFailure',
                  params: { code: 'user_cancelled', debug: 'The sign-in window was closed.', recoverable: true },
                },
                {
                  type: 'emitError',
                  params: { code: 'user_cancelled', debug: 'The sign-in window was closed.', recoverable: true },
                },
              ],
            },
          },
        },
        /** The browser refused the popup: the user opens it from a fresh click. */
        blocked: {
          on: { POPUP_OPENED: 'waiting', OAUTH_RESULT: oauthResultTransitions() },
        },
        /**
         * Cancelled, denied or failed. A result that still arrives wins: a popup that left for
         * the provider under Cross-Origin-Opener-Policy looks closed long before it is.
         */
        failed: {
          on: { RETRY: 'fetchingUrl', OAUTH_RESULT: oauthResultTransitions() },
        },
        /** Back from a full-page redirect: the token is spent, so the URL's result is final. */
        returning: {
          always: oauthResultTransitions(),
        },
      },
    },

    password: {
      initial: 'credentials',
      on: { BACK: backToList() },
      states: {
        credentials: {
          entry: { type: 'emitStep', params: { name: 'credentials_viewed', step: 'credentials' } },
          on: {
            SUBMIT_CREDENTIALS: [
              { guard: 'credentialsComplete', target: 'signingIn' },
              { actions: assign({ error: ({ event }) => missing(event.type === 'SUBMIT_CREDENTIALS' && !event.username.trim() ? 'username' : 'password') }) },
            ],
            ...exitFrom('credentials', 'user_cancelled'),
          },
        },
        signingIn: {
          tags: 'busy',
          entry: [{ type: 'emitStep', params: { name: 'credentials_submitted', step: 'credentials' } }, 'clearError'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context, event }) => {
              const credentials = event.type === 'SUBMIT_CREDENTIALS' ? event : { username: '', password: '', region: null };
              return {
                slug: context.provider?.slug ?? '',
                username: credentials.username,
                password: credentials.password,
                region: credentials.region ?? null,
              };
            },
            onDone: progressTransitions('credentials'),
            onError: failureTransitions('credentials', '#link.failed'),
          },
          on: exitFrom('credentials', 'user_cancelled'),
        },
        mfa: {
          entry: { type: 'emitStep', params: { name: 'mfa_viewed', step: 'mfa' } },
          on: {
            SUBMIT_MFA: [{ guard: 'codeComplete', target: 'verifying' }, { actions: assign({ error: missing('code') }) }],
            // The code belongs to this sign-in: going back means signing in again.
            BACK: { target: 'credentials', actions: 'clearError' },
            ...exitFrom('mfa', 'user_cancelled'),
          },
        },
        verifying: {
          tags: 'busy',
          entry: [{ type: 'emitStep', params: { name: 'mfa_submitted', step: 'mfa' } }, 'clearError'],
          invoke: {
            id: 'completeMfa',
            src: 'completeMfa',
            input: ({ context, event }) => ({
              slug: context.provider?.slug ?? '',
              code: event.type === 'SUBMIT_MFA' ? event.code : '',
            }),
            onDone: progressTransitions('mfa'),
            onError: failureTransitions('mfa', '#link.failed'),
          },
          on: exitFrom('mfa', 'user_cancelled'),
        },
      },
    },

    email: {
      initial: 'form',
      on: { BACK: backToList(), ...exitFrom('email', 'user_cancelled') },
      states: {
        form: {
          entry: { type: 'emitStep', params: { name: 'email_viewed', step: 'email' } },
          on: {
            SUBMIT_EMAIL: [
              { guard: 'plausibleEmail', target: 'sending' },
              { actions: assign({ error: { code: 'invalid_email', debug: null, recoverable: true, field: 'email' as const } }) },
            ],
          },
        },
        sending: {
          tags: 'busy',
          entry: [{ type: 'emitStep', params: { name: 'email_submitted', step: 'email' } }, 'clearError'],
          invoke: {
            id: 'sendEmailInvite',
            src: 'sendEmailInvite',
            input: ({ context, event }) => ({
              slug: context.provider?.slug ?? '',
              email: event.type === 'SUBMIT_EMAIL' ? event.email : '',
              region: event.type === 'SUBMIT_EMAIL' ? (event.region ?? null) : null,
            }),
            onDone: { target: '#link.success', actions: 'emitSuccess' },
            onError: failureTransitions('form', '#link.failed'),
          },
        },
      },
    },

    success: {
      entry: { type: 'emitStep', params: { name: 'success', step: 'success' } },
      on: exitFrom('success', 'done'),
    },

    /** A provider error that trying again will not fix; another provider may still work. */
    failed: {
      entry: { type: 'emitStep', params: { name: 'failed', step: 'error' } },
      on: { BACK: backToList(), ...exitFrom('error', 'error') },
    },

    /** The link token is bad or spent: only the app that made it can make a new one. */
    fatal: {
      entry: { type: 'emitStep', params: { name: 'token_rejected', step: 'error' } },
      on: exitFrom('error', 'error'),
    },

    exited: { type: 'final' },
  },
});

/** Closing the widget from a step: one `exit` outcome that names the step and the reason. */
function exitFrom(step: Step, reason: ExitReason) {
  return {
    EXIT: { target: '#link.exited', actions: [{ type: 'emitExit', params: { step, reason } }, { type: 'assignExit', params: reason }] },
  } as const;
}

/** Back to the list, loading it first when this flow never did (the return from a redirect). */
function backToList() {
  return [
    { guard: 'hasProviderList', target: '#link.providers' },
    { guard: 'canCallApi', target: '#link.loading' },
  ] as const;
}

/** A form sent with an empty field: said next to the field, no request made. */
function missing(field: 'username' | 'password' | 'code'): LinkFailure {
  return { code: `missing_${field}`, debug: null, recoverable: true, field };
}

/** A failed call: token errors end the flow; recoverable ones return to the form with a message. */
function failureTransitions(recoverableTarget: string, finalTarget: string) {
  const failure = ({ event }: { event: ErrorActorEvent }) => failureOf(event.error);
  return [
    {
      guard: { type: 'tokenRejected', params: failure },
      target: '#link.fatal',
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
    {
      guard: { type: 'recoverable', params: failure },
      target: recoverableTarget,
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
    {
      target: finalTarget,
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
  ] as const;
}

/** A password or MFA answer: linked, another MFA round, or a state this widget does not know. */
function progressTransitions(formState: 'credentials' | 'mfa') {
  const progress = ({ event }: { event: { output: LinkProgress } }) => event.output;
  const unknownState = ({ event }: { event: { output: LinkProgress } }): LinkFailure => ({
    code: 'bad_response',
    debug: `Unexpected link state "${event.output.state}".`,
    recoverable: true,
  });
  return [
    {
      guard: { type: 'linked', params: progress },
      target: '#link.success',
      actions: [{ type: 'assignRedirect', params: progress }, 'emitSuccess'],
    },
    {
      guard: { type: 'mfaRequested', params: progress },
      target: 'mfa',
      actions: { type: 'assignMfa', params: progress },
    },
    {
      target: formState,
      actions: [{ type: 'assignFailure', params: unknownState }, { type: 'emitError', params: unknownState }],
    },
  ] as const;
}

/** The result in an OAUTH_RESULT event, or the one this page came back from a redirect with. */
function oauthResultOf(context: LinkContext, event: LinkEvent): OAuthResult {
  return event.type === 'OAUTH_RESULT' ? event : (context.resumedOAuth ?? { state: '' });
}

/** The outcome of the provider's page, however it came back. */
function oauthResultTransitions() {
  const failure = ({ context, event }: { context: LinkContext; event: LinkEvent }): LinkFailure => {
    const result = oauthResultOf(context, event);
    const code = result.errorType || 'unknown_error';
    return { code, debug: result.error ?? null, recoverable: isRecoverable(code) };
  };
  return [
    // A late success after a closed popup: the earlier error is over.
    { guard: 'oauthSucceeded', target: '#link.success', actions: ['clearError', 'emitSuccess'] },
    {
      guard: { type: 'tokenRejected', params: failure },
      target: '#link.fatal',
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
    {
      guard: { type: 'recoverable', params: failure },
      target: '#link.oauth.failed',
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
    {
      target: '#link.failed',
      actions: [{ type: 'assignFailure', params: failure }, { type: 'emitError', params: failure }],
    },
  ] as const;
}

export type LinkMachine = typeof linkMachine;
export type LinkSnapshot = SnapshotFrom<LinkMachine>;
