/**
 * A visit to the widget, from the element's first update to its removal, as one XState machine:
 * the settings the page gives (as events, in whatever order a framework sets them), when a flow
 * starts and starts again, every step of linking a provider, the fresh tokens, the visit's
 * secrets, and when its outcomes may be published. No DOM and no fetch: the calls, the sign-in
 * window and the page's readiness are actors given through `provide()` (`linkMachineWith`), and
 * outcomes leave through `emit()`. Each state says once, in `meta.step`, which screen it is.
 */
import { and, assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { AnyEventObject, CallbackActorLogic, DoneActorEvent, PromiseActorLogic, SnapshotFrom } from 'xstate';
import { unusableTokenReason, usableToken } from '../api/link-token.js';
import { asksForRegion } from '../api/region.js';
import { errorCode, flowSecrets } from '../api/secrets.js';
import type { FlowSecrets } from '../api/secrets.js';
import type { AuthType, EmailInvite, LinkProgress, MfaChallenge, OAuthResult, PasswordCredentials, Provider } from '../api/types.js';
import { failure, refusesToken } from './failure.js';
import type { LinkFailure } from './failure.js';
import { newLinkSessionId } from './link-session-id.js';
import { renewingRequest } from './renewing-request.js';
import type {
  ApiAnswers,
  ApiCall,
  ApiCallInput,
  ApiRequest,
  LinkHost,
  Renewal,
  RenewingRequestInput,
  RenewingRequestOutput,
  RenewingRequestReport,
  SignInWindowCommand,
  TokenRequestInput,
} from './renewing-request.js';
import { LINK_EVENT_STEPS } from '../../contract/steps.js';
import type { ConnectedProvider } from '../../contract/settings.js';
import type { ExitReason, LinkEventName, Step } from '../../contract/steps.js';

export type { LinkEventName, Step, LinkFailure, LinkHost, SignInWindowCommand };
export { failure };

/**
 * The settings a flow runs with, as the element was given them. The element sends the whole set
 * on every update (`SETTINGS`); the machine decides what a change means.
 */
export interface FlowSettings {
  /** '' for none yet. */
  linkToken: string;
  baseUrl: string;
  /** A provider to open straight away instead of the list ('' for the list). */
  provider: string;
  /** The partner's allowlist of slugs, in its order ([] for every provider, in the service's order). */
  providers: readonly string[];
  /** What the partner's backend says the person has connected already (taken as it comes, no restart). */
  connected: readonly Required<ConnectedProvider>[];
  /** The page gave `disconnectProvider`: a connected provider offers Disconnect. */
  disconnects: boolean;
  requestTimeout: number | undefined;
  /** The page gave `requestLinkToken` (read when it is called: which function is the element's business). */
  renewsToken: boolean;
  /**
   * With no token and no way to get one: `wait` on the loading screen for the page to set one (an
   * inline element: a slow backend must not flash an error), or `fail` at once with
   * `invalid_token` (a modal or the hosted page, which nothing else will give a token to).
   */
  withoutToken: 'wait' | 'fail';
}

export const DEFAULT_SETTINGS: FlowSettings = { linkToken: '', baseUrl: '', provider: '', providers: [], connected: [], disconnects: false, requestTimeout: undefined, renewsToken: false, withoutToken: 'wait' };

/** The provider this tab went to before a full-page redirect, and the result it came back with. */
export interface ReturnedFrom {
  provider: { slug: string; name: string; authType: string };
  result: OAuthResult;
}

export interface LinkInput {
  /** The settings to start with; without them, the machine waits for a `SETTINGS` event (the element's first update). */
  settings?: Partial<FlowSettings>;
  /** Back from a full-page redirect: the outcome is shown, with no API call (the token is spent). */
  returnedFrom?: ReturnedFrom | null;
  /** The element's way to the world; without it, the actors must be provided (`linkMachineWith`). */
  host?: LinkHost | null;
}

export interface LinkContext {
  // The visit: kept across restarts.
  /** The element's way to the world, which the machine's own actors ask (never read here). */
  host: LinkHost | null;
  /**
   * The visit's id, on every outcome: random, the same across restarts, fresh tokens and Connect
   * another, and new only when the person starts again after Close (after `link-exit`).
   */
  linkSessionId: string;
  /** The page's settings as they are now. */
  settings: FlowSettings;
  /** The input gave them: no wait for the element's first update. */
  settingsGiven: boolean;
  /** The visit's one set of secrets: every token, and all the person typed; every text that leaves is cleaned with it. */
  secrets: FlowSecrets;
  /** Every token `requestLinkToken` gave in this visit: the page passing one back is no change. */
  handedOut: string[];
  /**
   * A fresh token was asked for since the last answer the service gave: the next refusal is final
   * unless a person's action led to it. Counted for the visit, so no restart can make it loop.
   */
  renewalSpent: boolean;
  /**
   * The refusal of a fresh token ended the flow on the token screen: until the person acts,
   * nothing (no answer, no restart) may ask for another.
   */
  refusedForGood: boolean;
  /**
   * A `restart()` would do something new: the service answered, or the person acted, since the
   * last one. Else it is ignored, so that a page calling it from its `link-error` listener cannot
   * loop.
   */
  restartArmed: boolean;
  /**
   * A fresh token is on its way, or on its first request: a token the page sets meanwhile is
   * likely that one, and waits until the service has answered.
   */
  askingForToken: boolean;
  /** The page's code has had its turn to listen: outcomes are published, not held. */
  listening: boolean;
  /** Outcomes decided before the page could listen, published when it can. */
  held: LinkEmitted[];

  // The flow: started afresh on every restart.
  /** The settings this flow started with (a token that came since is in `linkToken`). */
  startedWith: FlowSettings;
  /** The token the API calls are made with: the page's, then each fresh one. Never in an event. */
  linkToken: string;
  /** The token held was refused (or spent by a link): the next call asks for a fresh one first. */
  tokenRefused: boolean;
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
  /** The result this page came back from a redirect with, while its outcome is on screen. */
  resumedOAuth: OAuthResult | null;
  /** What the sign-in or invitation in flight sends, kept to send again with a fresh token. */
  credentials: PasswordCredentials | null;
  invite: EmailInvite | null;
  /** Slugs of the providers linked in this visit ("Connect another" marks them in the list). */
  linked: string[];
  /** Slugs disconnected in this flow (`disconnectProvider`): no longer connected, whatever the page said. */
  disconnected: string[];
  /** The chosen provider was one to reconnect (`needs_reconnect`): its screens and its success say so. */
  reconnecting: boolean;
  /** The provider just disconnected, which the list says until the person does something else there. */
  justDisconnected: string | null;
  /** How the flow ended, once it has. */
  exitReason: ExitReason | null;
}

/** What a person does: a request it leads to may ask for a fresh token again. */
const PERSON_EVENTS: ReadonlySet<string> = new Set(['SELECT', 'SUBMIT_CREDENTIALS', 'SUBMIT_MFA', 'SUBMIT_EMAIL', 'OPEN_WINDOW', 'RETRY', 'BACK', 'CONNECT_ANOTHER', 'START_AGAIN', 'DISCONNECT', 'CONFIRM_DISCONNECT']);

export type LinkEvent =
  | { type: 'SELECT'; slug: string }
  | ({ type: 'SUBMIT_CREDENTIALS' } & PasswordCredentials)
  | { type: 'SUBMIT_MFA'; code: string }
  | ({ type: 'SUBMIT_EMAIL' } & EmailInvite)
  /** From any path (a popup, a redirect, a host, `completeOAuth`), as it came: the machine cleans it. */
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
  | { type: 'CONNECT_ANOTHER' }
  /** The page's settings, all of them, as they are now. */
  | { type: 'SETTINGS'; settings: FlowSettings }
  /** The page's `restart()`. */
  | { type: 'RESTART' }
  /** The person did something in the widget (a click, a key, a form sent): said before that event. */
  | { type: 'PERSON_ACTED' }
  /** The person's "Start again" after closing. */
  | { type: 'START_AGAIN' }
  /** From the list: disconnect this provider (asks first). */
  | { type: 'DISCONNECT'; slug: string }
  /** On the confirmation: yes, disconnect it. */
  | { type: 'CONFIRM_DISCONNECT' }
  | RenewingRequestReport;


/** An outcome, as the flow decides it; `publish` adds the visit's id. */
type LinkOutcomeDecided =
  | { type: 'success'; provider: string; authType: AuthType | null; redirectUrl: string | null; reconnected: boolean }
  | { type: 'disconnect'; provider: string }
  | { type: 'error'; errorType: string; debug: string | null; provider: string | null; recoverable: boolean }
  /** `errorType` only when the flow ended on an error. */
  | { type: 'exit'; reason: ExitReason; errorType?: string; provider: string | null; step: Step }
  | { type: 'step'; name: LinkEventName; step: Step; provider: string | null };

export type LinkEmitted =
  | (LinkOutcomeDecided & { linkSessionId: string })
  /** For the integrator's console, at once: never an outcome, never a secret. */
  | { type: 'hint'; text: string };

export interface SignInWindowInput {
  provider: Provider;
  host: LinkHost | null;
}

export interface StateMeta {
  step: Step;
}


/** How long a connected widget waits for its token before the console says so (set from code, it comes at once). */
export const TOKEN_GRACE_MS = 2000;

/** No token was given, and none is coming: as the service says of a token it does not know. */
const noToken = () => failure('invalid_token', 'No link token was given.');

/** A token no header can carry, from any door: the token screen, never a network error. */
const unusableToken = ({ context }: { context: LinkContext }) => failure('invalid_token', `The link token cannot be used: ${unusableTokenReason(context.linkToken)}.`);

const slugOf = (context: LinkContext) => context.provider?.slug ?? null;

/**
 * Whether the person has a provider connected, as far as this widget knows: linked in this flow,
 * else disconnected in it, else as the page's `connectedProviders` says; null when not.
 */
export function connectionOf(context: LinkContext, slug: string): Required<ConnectedProvider>['status'] | null {
  if (context.linked.includes(slug)) return 'connected';
  if (context.disconnected.includes(slug)) return null;
  return context.settings.connected.find((given) => given.slug === slug)?.status ?? null;
}

/** The screen a snapshot shows, from the innermost state's `meta.step`; null once the flow ended. */
export function stepOf(snapshot: LinkSnapshot): Step | null {
  const meta = Object.values(snapshot.getMeta()) as (StateMeta | undefined)[];
  return meta.at(-1)?.step ?? null;
}

/**
 * Closing, from any screen: the screen the user closed, and what that says about why. While a
 * transition runs, `self.getSnapshot()` is still the state being left. The list (or its loading)
 * after a provider was linked in this visit is `done` too: the person linked something and is
 * finished (Connect another offered more; choosing none is not cancelling what was done).
 */
function exitOf(context: LinkContext, self: { getSnapshot(): unknown }): { step: Step; reason: ExitReason } {
  const step = stepOf(self.getSnapshot() as LinkSnapshot) ?? 'loading';
  const finished = step === 'success' || ((step === 'providers' || step === 'loading') && context.linked.length > 0);
  return { step, reason: finished ? 'done' : step === 'error' ? 'error' : 'user_cancelled' };
}

export const OAUTH_AUTH_TYPES: readonly string[] = ['oauth', 'team_oauth'];

/** Whether this widget can link the provider here; the others connect from the mobile app (`unsupported`). */
export const canLink = (provider: Provider) => ['password', 'email', ...OAUTH_AUTH_TYPES].includes(provider.authType);

/**
 * The list as shown: the partner's allowlist in its order, when it gave one; else the providers
 * this widget can link first, each group in the service's order.
 */
function shownList(providers: Provider[], allowed: readonly string[]): Provider[] {
  if (allowed.length === 0) return [...providers].sort((a, b) => +canLink(b) - +canLink(a));
  return allowed.flatMap((slug) => providers.filter((provider) => provider.slug === slug));
}

/**
 * What the console says of an allowlist, a `provider` or `connectedProviders` that the service's
 * list does not bear out; null when all is well.
 */
function listHint(providers: Provider[], { providers: allowed, provider, connected }: FlowSettings): string | null {
  const unknown = (slugs: readonly string[]) => slugs.filter((slug) => !providers.some((p) => p.slug === slug)).map((slug) => JSON.stringify(slug.slice(0, 100)));
  const missing = unknown(allowed);
  const notListed = unknown(connected.map(({ slug }) => slug));
  const lines = [];
  if (missing.length) lines.push(`providers names ${missing.join(', ')}, which the service's list does not have; not shown.`);
  if (notListed.length) lines.push(`connectedProviders names ${notListed.join(', ')}, which the service's list does not have; ignored.`);
  if (provider && allowed.length && !allowed.includes(provider)) lines.push(`provider ${JSON.stringify(provider.slice(0, 100))} is not one of providers; the list is shown.`);
  return lines.length ? lines.join(' ') : null;
}

/** A flow's own context, fresh: what a restart forgets. */
function freshFlow(settings: FlowSettings) {
  return {
    startedWith: settings,
    linkToken: settings.linkToken,
    tokenRefused: false,
    providers: [],
    provider: null,
    preferredSlug: settings.provider || null,
    error: null,
    mfa: null,
    mfaRound: 0,
    redirectUrl: null,
    regionAsked: false,
    resumedOAuth: null,
    credentials: null,
    invite: null,
    linked: [],
    disconnected: [],
    reconnecting: false,
    justDisconnected: null,
    exitReason: null,
  } satisfies Partial<LinkContext>;
}

/** A provider known only by what the redirect kept of it: enough to name it and link it again. */
const returnedProvider = ({ slug, name, authType }: ReturnedFrom['provider']): Provider => ({
  id: null,
  slug,
  name,
  authType: authType as AuthType,
  description: '',
  logo: null,
  formComponents: {},
  supportedResources: [],
});

/**
 * A setting whose change means another flow: another service, or another provider to open. The
 * time limit and `requestLinkToken` are read as each call is made, so a change of them is taken
 * as it is; the token is decided apart (`newPageToken`).
 */
const otherService = (a: FlowSettings, b: FlowSettings) => a.baseUrl !== b.baseUrl || a.provider !== b.provider || a.providers.join() !== b.providers.join();

/**
 * The page's token is one the flow neither started with, holds, nor handed out. No token ('') is
 * never new: a framework passing `undefined` for a moment must not throw the person's flow away.
 */
const newPageToken = (context: LinkContext) => {
  const token = context.settings.linkToken;
  return token !== '' && token !== context.startedWith.linkToken && token !== context.linkToken && !context.handedOut.includes(token);
};

/**
 * The names of the states a transition may go to, so that a target is checked by the compiler
 * where it is written. (XState takes targets as strings; `test/core/machine/paths.test.ts` checks each
 * of these names a state of the machine.)
 */
export const TARGETS = {
  list: '#link.providers',
  disconnect: '#link.disconnect',
  loading: '#link.loading',
  loadFailed: '#link.loadFailed',
  credentials: '#link.password.credentials',
  mfa: '#link.password.mfa',
  emailForm: '#link.email.form',
  oauthWaiting: '#link.oauth.waiting',
  oauthFailed: '#link.oauthFailed',
  failed: '#link.failed',
  fatal: '#link.fatal',
  success: '#link.success',
  routing: '#link.routing',
} as const;

export type Target = (typeof TARGETS)[keyof typeof TARGETS];
/** The call a state makes, from the context and the event that entered it. */
type RequestOf<C extends ApiCall> = (args: { context: LinkContext; event: LinkEvent }) => Extract<ApiRequest, { call: C }>;

/** A call's answer, as the transitions after it read it. */
const answerOf =
  <C extends ApiCall>(_call: C) =>
  ({ event }: { event: AnyEventObject }) =>
    ((event as DoneActorEvent<RenewingRequestOutput>).output as { answer: ApiAnswers[C] }).answer;

/** Whether a fresh token may be asked for in the request a state starts, given what entered it. */
function renewalOf(context: LinkContext, event: AnyEventObject): Renewal {
  if (!context.settings.renewsToken) return 'none';
  return PERSON_EVENTS.has(event.type) || !context.renewalSpent ? 'allowed' : 'spent';
}

/** The child's input for a state's call (`renewingRequest`). */
const requestInput =
  <C extends ApiCall>(requestOf: RequestOf<C>, afterRenewal: 'send' | 'stop' = 'send') =>
  ({ context, event }: { context: LinkContext; event: LinkEvent }): RenewingRequestInput => ({
    request: requestOf({ context, event }),
    host: context.host,
    linkToken: context.linkToken,
    connection: { baseUrl: context.startedWith.baseUrl, timeoutMs: context.settings.requestTimeout, secrets: context.secrets },
    renewal: renewalOf(context, event),
    askFirst: context.linkToken === '' || context.tokenRefused,
    afterRenewal,
  });

/** The list the service gave, as it is shown (`shownList`). */
const shownAnswer = ({ context, event }: { context: LinkContext; event: AnyEventObject }) => shownList(answerOf('listProviders')({ event }), context.settings.providers);

/** The failure a REQUEST_FAILED report carries. */
const reported = ({ event }: { event: LinkEvent }) => {
  assertEvent(event, 'REQUEST_FAILED');
  return event.failure;
};

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
    /** Every call to the service, with the page's way to a fresh token when the service refuses one. */
    renewingRequest,
    /** The partner's `disconnectProvider` for one provider: nothing is disconnected without a host. */
    disconnectProvider: fromPromise<void, DisconnectInput>(({ input: { host, ...request }, signal }) =>
      host ? host.disconnectProvider(request, signal) : Promise.reject(new Error('No page to disconnect through.')),
    ),
    /** The way to the provider for one attempt: nothing opens without a host. */
    signInWindow: fromCallback<SignInWindowCommand, SignInWindowInput>(({ input, receive, sendBack }) => input.host?.openSignInWindow(input, receive, sendBack)),
    /** Resolves once the page's code has had its turn to listen; at once without a host (a machine run on its own). */
    pageListening: fromPromise<void, { host: LinkHost | null }>(({ input, signal }) => input.host?.pageListening(signal) ?? Promise.resolve()),
  },
  delays: { tokenGrace: TOKEN_GRACE_MS },
  guards: {
    isResuming: ({ context }) => context.resumedOAuth !== null,
    knownProvider: ({ context, event }) => {
      assertEvent(event, 'SELECT');
      return context.providers.some((p) => p.slug === event.slug);
    },
    hasPreferredProvider: ({ context }, providers: Provider[]) => providers.some((p) => p.slug === context.preferredSlug),
    isOAuth: ({ context }) => OAUTH_AUTH_TYPES.includes(context.provider?.authType ?? ''),
    /** The service says what the provider shares: the person reads it before its window opens. */
    sharesKnownData: ({ context }) => (context.provider?.supportedResources.length ?? 0) > 0,
    isPassword: ({ context }) => context.provider?.authType === 'password',
    isEmail: ({ context }) => context.provider?.authType === 'email',
    linked: (_, progress: LinkProgress) => progress.state === 'success',
    mfaRequested: (_, progress: LinkProgress) => progress.state === 'pending_provider_mfa',
    renewed: ({ event }) => 'output' in event && (event.output as RenewingRequestOutput) !== null && 'renewed' in (event.output as object),
    tokenRejected: (_, failure: LinkFailure) => refusesToken(failure),
    renewsToken: ({ context }) => context.settings.renewsToken,
    /** `requestLinkToken` came after this flow started (and no token of the page's own with it, which starts a flow of its own). */
    renewsSinceStart: ({ context }) => context.settings.renewsToken && !context.startedWith.renewsToken && !newPageToken(context),
    // Trying again can fix it, or it names a field of the form the user can change.
    recoverable: (_, failure: LinkFailure) => failure.recoverable || failure.field !== undefined,
    hasToken: ({ context }) => context.linkToken !== '',
    /** A token to call with, or the page's way to one. */
    canCallApi: ({ context }) => context.linkToken !== '' || context.settings.renewsToken,
    tokenUnusable: ({ context }) => context.linkToken !== '' && !usableToken(context.linkToken),
    /** No token: says so at once, or waits for one (`withoutToken`). */
    failsWithoutToken: ({ context }) => context.settings.withoutToken === 'fail',
    hasProviderList: ({ context }) => context.providers.length > 0,
    /** The page can disconnect, and the provider is one the person has. */
    canDisconnect: ({ context, event }) => {
      assertEvent(event, 'DISCONNECT');
      return context.settings.disconnects && context.providers.some((p) => p.slug === event.slug) && connectionOf(context, event.slug) !== null;
    },
    listening: ({ context }) => context.listening,
    givenSettings: ({ context }) => context.settingsGiven,
    restartArmed: ({ context }) => context.restartArmed,
    /**
     * The page changed what the flow is about (another service, another provider, a token of its
     * own), and no redirect's outcome is on screen (that stays, and takes the new settings).
     * A token set while a fresh one is on its way waits for it: it is most likely that one.
     */
    pageStartsAnotherFlow: ({ context }) =>
      context.resumedOAuth === null && (otherService(context.settings, context.startedWith) || (!context.askingForToken && newPageToken(context))),
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
    /** A new flow, with the settings as they are now; the visit (its secrets, its fresh tokens) goes on. */
    startFlow: assign(({ context }) => {
      const flow = freshFlow(context.settings);
      // The page's token as it was: the token the flow holds (a fresh one, perhaps) goes on, and
      // so does what is known of it; going back to a token refused already would waste the budget.
      const sameToken = context.settings.linkToken === context.startedWith.linkToken || context.settings.linkToken === '';
      const token = sameToken ? { linkToken: context.linkToken, tokenRefused: context.tokenRefused } : {};
      return { ...flow, ...token, askingForToken: false, held: [] };
    }),
    /** The first settings: the flow starts with them (a redirect's outcome, taken as the visit began, stays). */
    beginVisit: assign(({ context }) => ({ startedWith: context.settings, linkToken: context.settings.linkToken, preferredSlug: context.settings.provider || null })),
    /** The page's token is a secret from the moment it is given, call or no call (a return page makes none). */
    keepPageTokenSecret: ({ context }) => context.secrets.add(context.settings.linkToken),
    restarted: assign({ restartArmed: false }),
    personActed: assign({ restartArmed: true, refusedForGood: false }),
    assignSettings: assign(({ context, event }) => {
      assertEvent(event, 'SETTINGS');
      const { settings } = event;
      if (context.resumedOAuth === null) return { settings };
      // A redirect's outcome is on screen: what the page sets now (its fresh token, most likely)
      // is what Try again, Back and Connect another use.
      const given = settings.linkToken !== '' && usableToken(settings.linkToken) && settings.linkToken !== context.linkToken;
      return given ? { settings, startedWith: settings, linkToken: settings.linkToken, tokenRefused: false } : { settings, startedWith: settings };
    }),
    /** The outcome of a redirect is left behind: from now on the page's settings may start a flow again. */
    leaveReturn: assign({ resumedOAuth: null }),
    tokenAsked: assign({ renewalSpent: true, askingForToken: true, tokenRefused: true }),
    /** A fresh token: the next calls use it (never an event: the page hears only that one came). */
    tokenGiven: assign(({ context, event }) => {
      assertEvent(event, 'TOKEN_GIVEN');
      // Still `askingForToken` until the state that asked is left (its answer taken): a restart
      // now would cut off the request on its way with it, and what the person typed.
      return { linkToken: event.token, handedOut: [...context.handedOut, event.token], tokenRefused: false };
    }),
    tokenRequestEnded: assign({ askingForToken: false }),
    tokenAccepted: assign(({ context }) => ({ renewalSpent: context.refusedForGood, restartArmed: true })),
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
    emitError: enqueueActions(({ context, enqueue }, { code: errorType, debug, recoverable }: LinkFailure) =>
      publish(context, enqueue, { type: 'error', errorType, debug, provider: slugOf(context), recoverable }),
    ),
    assignLinked: assign({ linked: ({ context }) => [...context.linked, slugOf(context) as string] }),
    /** Whether the chosen provider is one to reconnect, before this flow links it. */
    assignReconnecting: assign({ reconnecting: ({ context }) => connectionOf(context, slugOf(context) ?? '') === 'needs_reconnect' }),
    emitSuccess: enqueueActions(({ context, enqueue }) =>
      publish(context, enqueue, {
        type: 'success',
        // Every way into `success` went through a chosen (or resumed) provider.
        provider: slugOf(context) as string,
        authType: context.provider?.authType ?? null,
        redirectUrl: context.redirectUrl,
        reconnected: context.reconnecting,
      }),
    ),
    /** The provider is no longer the person's: the list says so, the page hears it. */
    assignDisconnected: assign({
      linked: ({ context }) => context.linked.filter((slug) => slug !== slugOf(context)),
      disconnected: ({ context }) => [...context.disconnected, slugOf(context) as string],
      justDisconnected: ({ context }) => slugOf(context),
    }),
    emitDisconnect: enqueueActions(({ context, enqueue }) => publish(context, enqueue, { type: 'disconnect', provider: slugOf(context) as string })),
    /** Only in a click: browsers allow a window there and nowhere else. */
    openWindow: sendTo('signInWindow', { type: 'OPEN_WINDOW' }),
    showWindow: sendTo('signInWindow', { type: 'SHOW_WINDOW' }),
    emitStep: enqueueActions(({ context, enqueue }, name: LinkEventName) =>
      publish(context, enqueue, { type: 'step', name, step: LINK_EVENT_STEPS[name], provider: slugOf(context) }),
    ),
    /** What was decided before the page listened, now that it does; from now on, at once. */
    publishHeld: enqueueActions(({ context, enqueue }) => {
      for (const outcome of context.held) enqueue.emit(outcome);
      enqueue.assign({ held: [], listening: true });
    }),
    hint: emit((_, text: string) => ({ type: 'hint' as const, text })),
    hintAtList: enqueueActions(({ context, event, enqueue }) => {
      const text = listHint(answerOf('listProviders')({ event }), context.settings);
      if (text) enqueue.emit({ type: 'hint', text });
    }),
    assignExit: assign({ exitReason: ({ context, self }) => exitOf(context, self).reason }),
    emitExit: emit(({ context, self }) => {
      const { step, reason } = exitOf(context, self);
      const errorType = reason === 'error' ? context.error?.code : undefined;
      return { type: 'exit' as const, reason, provider: slugOf(context), step, ...(errorType ? { errorType } : {}), linkSessionId: context.linkSessionId };
    }),
    /** Started again after Close: the visit that ended with `link-exit` is over, and this is another. */
    newVisit: assign({ linkSessionId: () => newLinkSessionId() }),
    forgetSecrets: ({ context }) => context.secrets.clear(),
  },
}).createMachine({
  id: 'link',
  context: ({ input }) => {
    const settings = { ...DEFAULT_SETTINGS, ...input.settings };
    const returned = input.returnedFrom ?? null;
    return {
      host: input.host ?? null,
      linkSessionId: newLinkSessionId(),
      settings,
      secrets: flowSecrets([settings.linkToken]),
      handedOut: [],
      renewalSpent: false,
      refusedForGood: false,
      restartArmed: true,
      settingsGiven: input.settings !== undefined,
      askingForToken: false,
      listening: false,
      held: [],
      ...freshFlow(settings),
      provider: returned && returnedProvider(returned.provider),
      resumedOAuth: returned?.result ?? null,
    };
  },
  // Outcomes wait for the page's code to listen; the flow does not.
  invoke: { src: 'pageListening', input: ({ context }) => ({ host: context.host }), onDone: { actions: 'publishHeld' } },
  // The page's settings are the machine's to weigh: a change that means another flow starts one.
  always: { guard: 'pageStartsAnotherFlow', target: '.starting', actions: 'startFlow' },
  on: {
    SETTINGS: { actions: ['assignSettings', 'keepPageTokenSecret'] },
    // Before the page's code has had its turn, the flow has just started with what it set; and a
    // restart with nothing new since the last would only do the same again.
    RESTART: { guard: and(['listening', 'restartArmed']), target: '.starting', actions: ['startFlow', 'restarted'] },
    START_AGAIN: { target: '.starting', actions: ['startFlow', 'newVisit'] },
    PERSON_ACTED: { actions: 'personActed' },
    TOKEN_ASKED: { actions: 'tokenAsked' },
    TOKEN_GIVEN: { actions: ['tokenGiven', { type: 'emitStep', params: 'token_refreshed' }] },
    TOKEN_ACCEPTED: { actions: 'tokenAccepted' },
    // Close is on every screen, and ends the flow from wherever it is; the page hears it at once.
    EXIT: { target: '.exited', actions: ['publishHeld', 'emitExit', 'assignExit'] },
  },
  initial: 'configuring',
  states: {
    /**
     * Attached, and waiting for the element's first update to say what the page set (in the same
     * task as attaching, or the microtask after). Close works already.
     */
    configuring: {
      meta: { step: 'loading' },
      // Settings given as the input (a machine run on its own) need no wait.
      always: { guard: 'givenSettings', target: 'starting', actions: 'beginVisit' },
      on: { SETTINGS: { target: 'starting', actions: ['assignSettings', 'keepPageTokenSecret', 'beginVisit'] } },
    },

    starting: {
      meta: { step: 'loading' },
      always: [
        { guard: 'isResuming', target: 'returning' },
        { guard: 'tokenUnusable', target: 'fatal', actions: [...fail(unusableToken), { type: 'hint', params: 'the link token cannot be used: see link-error.debug.' }] },
        { guard: 'hasToken', target: 'loading' },
        // `loading` asks it for one first.
        { guard: 'renewsToken', target: 'loading' },
        { guard: 'failsWithoutToken', target: 'fatal', actions: fail(noToken) },
        { target: 'awaitingToken' },
      ],
    },

    /**
     * No token yet: the loading screen until the page sets one (which starts a new flow); Close
     * works. TOKEN_MISSING: whoever was to give one (a host app) had its chance.
     */
    awaitingToken: {
      meta: { step: 'loading' },
      tags: 'busy',
      // The page gave `requestLinkToken` since (and no token): it is asked for one now.
      always: { guard: 'renewsToken', target: 'starting', actions: 'startFlow' },
      after: { tokenGrace: { actions: { type: 'hint', params: 'still no link token; set linkToken or requestLinkToken from your code (a host of dist/link.html answers its ready message with link-token).' } } },
      on: { TOKEN_MISSING: { target: 'fatal', actions: fail(noToken) } },
    },

    loading: {
      meta: { step: 'loading' },
      tags: 'busy',
      // `open` once per visit: not again for the list after Connect another.
      entry: [
        enqueueActions(({ context, enqueue }) => {
          if (context.linked.length === 0) enqueue({ type: 'emitStep', params: 'open' });
        }),
        'clearError',
        'leaveReturn',
      ],
      exit: 'tokenRequestEnded',
      on: requestFailed(TARGETS.loadFailed, TARGETS.loadFailed),
      invoke: {
        src: 'renewingRequest',
        ...call('listProviders', () => ({ call: 'listProviders' })),
        onDone: [
          {
            guard: { type: 'hasPreferredProvider', params: shownAnswer },
            target: TARGETS.routing,
            actions: [
              'hintAtList',
              assign({
                providers: shownAnswer,
                provider: ({ context, event }) => shownAnswer({ context, event }).find((p) => p.slug === context.preferredSlug) ?? null,
                preferredSlug: null,
              }),
            ],
          },
          { target: TARGETS.list, actions: ['hintAtList', assign({ providers: shownAnswer, preferredSlug: null })] },
        ],
      },
    },

    loadFailed: {
      meta: { step: 'error' },
      entry: { type: 'emitStep', params: 'load_failed' },
      on: { RETRY: 'loading' },
    },

    providers: {
      meta: { step: 'providers' },
      entry: [assign({ provider: null, regionAsked: false, reconnecting: false }), { type: 'emitStep', params: 'providers_viewed' }, 'clearError', 'leaveReturn'],
      on: {
        SELECT: [{ guard: 'knownProvider', target: 'routing', actions: 'assignChosen' }],
        DISCONNECT: {
          guard: 'canDisconnect',
          target: 'disconnect',
          actions: assign({
            provider: ({ context, event }) => context.providers.find((p) => p.slug === event.slug) ?? null,
            justDisconnected: null,
          }),
        },
      },
    },

    /** Picks the flow for the chosen provider's auth type; unknown types cannot link here. */
    routing: {
      meta: { step: 'providers' },
      entry: [{ type: 'emitStep', params: 'provider_selected' }, 'clearError', 'assignReconnecting', assign({ justDisconnected: null })],
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
      invoke: { id: 'signInWindow', src: 'signInWindow', input: ({ context }) => ({ provider: context.provider as Provider, host: context.host }) },
      // Opened inside the click that chose the provider or tries again, before the address
      // arrives: after an await the browser would block it. A provider opened by the `provider`
      // attribute gets no window until the user clicks for one.
      entry: [
        'leaveReturn',
        enqueueActions(({ check, enqueue }) => {
          if (check('inClick')) enqueue('openWindow');
        }),
      ],
      on: { BACK: backToList() },
      states: {
        // The window opened in the click stays open, blank, while the address (and perhaps a fresh token) comes.
        fetchingUrl: {
          tags: 'busy',
          entry: 'clearError',
          exit: 'tokenRequestEnded',
          on: requestFailed(TARGETS.oauthFailed, TARGETS.failed),
          invoke: {
            src: 'renewingRequest',
            ...call('getOAuthUrl', ({ context }) => ({ call: 'getOAuthUrl', slug: context.provider?.slug ?? '' })),
            onDone: [
              {
                target: TARGETS.oauthWaiting,
                actions: [
                  sendTo('signInWindow', ({ event }) => ({ type: 'PROVIDER_URL' as const, url: answerOf('getOAuthUrl')({ event }).oauthUrl })),
                  { type: 'emitStep', params: 'oauth_opened' },
                ],
              },
            ],
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
            CANCEL: { target: TARGETS.list, actions: fail(() => failure('user_cancelled', 'The sign-in window was closed.')) },
          },
        },
      },
    },

    /**
     * Cancelled, denied or failed at the provider: the user can try again, once there is a token
     * to try with (after a redirect, the page may set its fresh one only now). Its window is gone.
     */
    oauthFailed: {
      meta: { step: 'oauth' },
      on: { RETRY: { guard: 'canCallApi', target: 'oauth' }, BACK: backToList() },
    },

    /** Back from a full-page redirect: the token is spent, so the URL's result is final. */
    returning: {
      meta: { step: 'oauth' },
      entry: 'assignReconnecting',
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
          // A new sign-in: its first code is the first one again. Kept only while it may be sent again.
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
          exit: ['tokenRequestEnded', assign({ credentials: null })],
          on: requestFailed(TARGETS.credentials, TARGETS.failed),
          invoke: {
            src: 'renewingRequest',
            ...call('signIn', ({ context }) => ({ call: 'signIn', slug: context.provider?.slug ?? '', credentials: context.credentials as PasswordCredentials })),
            onDone: progressTransitions(TARGETS.credentials),
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
          exit: 'tokenRequestEnded',
          on: requestFailed(TARGETS.mfa, TARGETS.failed),
          invoke: {
            // A fresh token is a new session at the service: the code belonged to the old one, so
            // the person signs in again, told why.
            src: 'renewingRequest',
            ...call(
              'completeMfa',
              ({ context, event }) => {
                assertEvent(event, 'SUBMIT_MFA');
                return { call: 'completeMfa', slug: context.provider?.slug ?? '', code: event.code };
              },
              'stop',
            ),
            onDone: [{ guard: 'renewed', target: TARGETS.credentials, actions: { type: 'refuse', params: 'session_expired' } }, ...progressTransitions(TARGETS.mfa)],
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
          exit: ['tokenRequestEnded', assign({ invite: null })],
          on: requestFailed(TARGETS.emailForm, TARGETS.failed),
          invoke: {
            src: 'renewingRequest',
            ...call('sendEmailInvite', ({ context }) => ({ call: 'sendEmailInvite', slug: context.provider?.slug ?? '', invite: context.invite as EmailInvite })),
            onDone: [{ target: TARGETS.success, actions: ['assignLinked', 'emitSuccess'] }],
          },
        },
      },
    },

    success: {
      meta: { step: 'success' },
      entry: { type: 'emitStep', params: 'success' },
      // The token is spent: the next provider needs a fresh one, which only the page can make, and
      // the list is asked again with it (a bad fresh token shows at once, and the list is current).
      // Nothing of the link just made carries over to the next one (its events, its header).
      on: {
        CONNECT_ANOTHER: {
          guard: 'renewsToken',
          target: 'loading',
          // The token that made the link is spent; after a redirect's return, the one the page gave
          // since made none, and is tried first.
          actions: assign(({ context }) => ({ tokenRefused: context.resumedOAuth === null, provider: null, redirectUrl: null, mfa: null, mfaRound: 0, regionAsked: false, error: null, credentials: null, invite: null })),
        },
      },
    },

    /**
     * Disconnecting a provider the person has, through the page's `disconnectProvider` (its
     * backend holds the API key). Asked first; Back or Cancel leaves it as it is.
     */
    disconnect: {
      meta: { step: 'disconnect' },
      initial: 'confirming',
      on: { BACK: TARGETS.list },
      states: {
        confirming: {
          entry: { type: 'emitStep', params: 'disconnect_viewed' },
          on: { CONFIRM_DISCONNECT: 'disconnecting', CANCEL: TARGETS.list },
        },
        disconnecting: {
          tags: 'busy',
          entry: [{ type: 'emitStep', params: 'disconnect_confirmed' }, 'clearError'],
          // Under way at the partner's backend: leaving now would leave the person not knowing.
          // Close still ends the visit (and aborts the call's signal).
          on: { BACK: {} },
          invoke: {
            src: 'disconnectProvider',
            input: ({ context }) => ({ host: context.host, slug: slugOf(context) ?? '', timeoutMs: context.settings.requestTimeout }),
            onDone: { target: TARGETS.list, actions: ['assignDisconnected', { type: 'emitStep', params: 'disconnected' }, 'emitDisconnect'] },
            onError: { target: 'failed', actions: fail(({ event }: { event: AnyEventObject }) => failure('disconnect_failed', (event as { error?: Error }).error?.message ?? null)) },
          },
        },
        /** It did not go through: Try again, or Back to the list. */
        failed: {
          meta: { step: 'error' },
          on: { RETRY: 'disconnecting' },
        },
      },
    },

    /** A provider error that trying again will not fix; another provider may still work. */
    failed: {
      meta: { step: 'error' },
      entry: { type: 'emitStep', params: 'failed' },
      on: { BACK: backToList() },
    },

    /**
     * The link token is bad or spent: only the app that made it can make a new one. When it can
     * (`requestLinkToken`), Try again asks it for one: a person's action, so never a loop.
     */
    fatal: {
      meta: { step: 'error' },
      entry: [{ type: 'emitStep', params: 'token_rejected' }, assign(({ context }) => ({ tokenRefused: true, refusedForGood: context.settings.renewsToken }))],
      // The page's `requestLinkToken` came after the refusal (a script further down than the
      // element's markup): the refusal gets its one fresh token now, in a flow that has the
      // function; what was not yet told of this one is dropped.
      always: { guard: 'renewsSinceStart', target: 'loading', actions: ['startFlow', assign({ tokenRefused: true })] },
      on: { RETRY: { guard: 'renewsToken', target: 'loading' } },
    },

    /**
     * Closed: the page heard `link-exit`, and the visit's secrets are forgotten. Not a final
     * state: the person may start again (START_AGAIN), with the page's settings as they are. A
     * second Close (or `exit()`) tells the page nothing more.
     */
    exited: { entry: 'forgetSecrets', on: { EXIT: {} } },
  },
});

/** An outcome goes out now, or waits with the others until the page listens. */
function publish(context: LinkContext, enqueue: { emit(outcome: LinkEmitted): void; assign(values: Partial<LinkContext>): void }, decided: LinkOutcomeDecided) {
  const outcome = { ...decided, linkSessionId: context.linkSessionId };
  if (context.listening) enqueue.emit(outcome);
  else enqueue.assign({ held: [...context.held, outcome] });
}

/**
 * A state's call, made by the `renewingRequest` child, which renews a refused token once and
 * tells the flow. The state says where its answer goes (`onDone`), and `requestFailed` where a
 * failure goes.
 */
function call<C extends ApiCall>(id: C, send: RequestOf<C>, afterRenewal: 'send' | 'stop' = 'send') {
  return { id, input: requestInput(send, afterRenewal) } as const;
}

/**
 * A failed call, by the error table: the token screen, `recoverable` (the form, with its
 * message) or `final`. And however the state is left (an answer, Back, Close), no fresh token is
 * on its way any more.
 */
function requestFailed(recoverable: Target, final: Target) {
  return { REQUEST_FAILED: failureRoutes(reported, recoverable, final) } as const;
}

/** Back to the list, loading it first when this flow never did (the return from a redirect). */
function backToList() {
  return [
    { guard: 'hasProviderList', target: TARGETS.list },
    { guard: 'canCallApi', target: TARGETS.loading },
  ] as const;
}

/** A failure is shown and reported: the one pair of actions every failing transition takes. */
function fail<T>(params: (args: T) => LinkFailure) {
  return [
    { type: 'assignError', params },
    { type: 'emitError', params },
  ] as const;
}

/** Token errors end the flow on the token screen; recoverable ones return to the form with a message. */
function failureRoutes<T>(params: (args: T) => LinkFailure, recoverableTarget: Target, finalTarget: Target) {
  const actions = fail(params);
  return [
    { guard: { type: 'tokenRejected', params }, target: TARGETS.fatal, actions },
    { guard: { type: 'recoverable', params }, target: recoverableTarget, actions },
    { target: finalTarget, actions },
  ] as const;
}

/** A password or MFA answer: linked, another MFA round, or a state this widget does not know. */
function progressTransitions(formState: typeof TARGETS.credentials | typeof TARGETS.mfa) {
  const progress = answerOf('signIn');
  // Its length, not its value: a state that repeats a password or a code must not reach `debug`.
  const unknownState = ({ event }: { event: AnyEventObject }) =>
    failure('bad_response', `The link result has a state this widget does not know (${progress({ event }).state.length} characters).`);
  return [
    { guard: { type: 'linked', params: progress }, target: TARGETS.success, actions: [{ type: 'assignRedirect', params: progress }, 'assignLinked', 'emitSuccess'] },
    { guard: { type: 'mfaRequested', params: progress }, target: TARGETS.mfa, actions: [{ type: 'assignMfa', params: progress }] },
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

/**
 * The outcome of the provider's page, however it came back (a popup, a redirect, a host,
 * `completeOAuth`): none of those paths went through the API client, so its code is checked and
 * its text cleaned here, with the visit's secrets, as the client checks and cleans the service's.
 */
function oauthResultTransitions() {
  const params = ({ context, event }: { context: LinkContext; event: LinkEvent }) => {
    const result = oauthResultOf(context, event);
    return failure(errorCode(result.errorType, context.secrets), result.error ? context.secrets.scrub(result.error, 500) : null);
  };
  return [
    { guard: 'oauthSucceeded', target: TARGETS.success, actions: ['assignLinked', 'emitSuccess'] },
    ...failureRoutes(params, TARGETS.oauthFailed, TARGETS.failed),
  ] as const;
}

/** The IO a test runs the machine with, in place of the host's. */
export interface LinkIO {
  apiCall: PromiseActorLogic<unknown, ApiCallInput>;
  requestLinkToken: PromiseActorLogic<string, TokenRequestInput>;
  signInWindow?: CallbackActorLogic<SignInWindowCommand, SignInWindowInput>;
  pageListening?: PromiseActorLogic<void, { host: LinkHost | null }>;
  disconnectProvider?: PromiseActorLogic<void, DisconnectInput>;
}

/** What the page's `disconnectProvider` is called for. */
export interface DisconnectInput {
  host: LinkHost | null;
  slug: string;
  timeoutMs: number | undefined;
}

/** The machine with its calls, its fresh tokens, its sign-in window and the page's readiness given. */
export function linkMachineWith({ apiCall, requestLinkToken, signInWindow, pageListening, disconnectProvider }: LinkIO) {
  return linkMachine.provide({
    actors: {
      renewingRequest: renewingRequest.provide({ actors: { apiCall, requestLinkToken } }),
      ...(signInWindow ? { signInWindow } : {}),
      ...(pageListening ? { pageListening } : {}),
      ...(disconnectProvider ? { disconnectProvider } : {}),
    },
  });
}

export type LinkMachine = typeof linkMachine;
export type LinkSnapshot = SnapshotFrom<LinkMachine>;
