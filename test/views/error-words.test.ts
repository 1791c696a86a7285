/**
 * Words that match: every error screen's text and buttons say the same thing,
 * in every language. Each code of the error table is classified by what its words ask the person
 * to do (`PROPOSES`: the file does not compile until a new code is); each is then driven through
 * the machine from every call that can answer it, its screen drawn, and checked:
 * - the screen offers that action: "Try again" (or the form's own button, which sends it again),
 *   "Choose another provider", only Close for "go back to the app", the field the words name;
 * - in each of the ten languages, the words name that action as the catalogue's button does.
 */
import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { LinkApiError } from '../../src/core/api/api-error.js';
import type { ErrorCode } from '../../src/contract/errors.js';
import { errorMessage, LANGUAGES, loadMessages } from '../../src/i18n/index.js';
import type { Language, Messages } from '../../src/i18n/index.js';
import type { LinkSnapshot } from '../../src/core/machine/link-machine.js';
import { LIST_PAGE } from '../../src/views/providers.js';
import { screenFor } from '../../src/views/screen.js';
import type { ViewActions } from '../../src/views/types.js';
import { widgetView } from '../../src/views/widget.js';
import { PROVIDERS } from '../core/machine/fixtures.js';
import { answers, fails, snapshotAfter } from '../support/scripted-flow.js';
import type { Step } from '../support/scripted-flow.js';

/** The codes a form refuses before any request. */
type Refusal = Extract<ErrorCode, `missing_${string}` | 'invalid_email'>;
/**
 * Codes the widget sets itself, never the service: a code round whose token was replaced, and the
 * page's `requestLinkToken` giving no usable token.
 */
type OwnCode = Extract<ErrorCode, 'session_expired' | 'token_request_failed' | 'disconnect_failed'>;

type Proposal =
  /** Try again, here and now. */
  | 'retry'
  /** Choose another provider (this one will not work for now). */
  | 'another'
  /** Go back to the app for a new link. */
  | 'app'
  /** Correct a field of the form (and send it again). */
  | 'field'
  /** Choose the region of the account. */
  | 'region'
  /** Nothing: it says what happened, the screen offers the way on. */
  | 'none';

/** What each code's words ask for; `generic` stands for every code without words of its own. */
const PROPOSES: Record<ErrorCode | 'generic', Proposal> = {
  invalid_token: 'app',
  token_expired: 'app',
  token_consumed: 'app',
  token_not_validated: 'app',
  provider_credential_error: 'field',
  provider_password_expired: 'field',
  provider_api_error: 'retry',
  unsupported_region: 'region',
  duplicate_connection: 'none',
  required_scopes_not_granted: 'retry',
  incorrect_mfa_code: 'field',
  // It says why the sign-in form is back; the form's own button is the way on.
  session_expired: 'none',
  user_cancelled: 'retry',
  unsafe_oauth_url: 'another',
  provider_unavailable: 'another',
  missing_username: 'field',
  missing_password: 'field',
  missing_code: 'field',
  missing_region: 'region',
  invalid_email: 'field',
  // Not the link: trying again asks the page's function again.
  token_request_failed: 'retry',
  // The page's disconnectProvider did not go through: trying again calls it again.
  disconnect_failed: 'retry',
  generic: 'retry',
  network: 'retry',
  timeout: 'retry',
};

/** How each language says the actions in an error's words (its button says it its own way). */
const SAYS: Record<Language, Record<'retry' | 'another' | 'app' | 'region', RegExp>> = {
  en: { retry: /try again/i, another: /choose another provider/i, app: /go back to the app/i, region: /choose the region/i },
  ar: { retry: /المحاولة/, another: /اختيار مزوّد آخر/, app: /العودة إلى التطبيق/, region: /اختيار منطقة/ },
  de: { retry: /versuchen/i, another: /anderen Anbieter/, app: /zur App zurück/, region: /Wählen Sie die Region/ },
  es: { retry: /inténtalo|intentarlo/i, another: /elige otro proveedor/i, app: /vuelve a la app/i, region: /elige la región/i },
  fr: { retry: /réessay/i, another: /choisissez un autre fournisseur/i, app: /revenez dans l’application/i, region: /choisissez la région/i },
  it: { retry: /riprov/i, another: /scegli un altro fornitore/i, app: /torna all’app/i, region: /scegli la regione/i },
  ja: { retry: /もう一度お試し/, another: /別の連携先を選/, app: /アプリに戻/, region: /地域を選択/ },
  nl: { retry: /probeer het|het opnieuw proberen/i, another: /kies een andere aanbieder/i, app: /ga terug naar de app/i, region: /kies de regio/i },
  pt: { retry: /tente novamente|tentar novamente/i, another: /escolha outro provedor/i, app: /volte ao app/i, region: /escolha a região/i },
  zh: { retry: /重试/, another: /选择其他提供商/, app: /返回应用/, region: /选择.*地区/ },
};

const error = (code: string) => new LinkApiError(code, 200, null);
const listed = answers('listProviders', PROVIDERS);
const signIn: Step[] = [listed, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'u', password: 'p' }];

/** Every way the service can answer a code, as the steps that lead to its screen. */
const ORIGINS: Record<string, (code: string) => Step[]> = {
  'the provider list': (code) => [fails('listProviders', error(code))],
  'the OAuth lookup': (code) => [listed, { type: 'SELECT', slug: 'band' }, fails('getOAuthUrl', error(code))],
  'the OAuth result': (code) => [
    listed,
    { type: 'SELECT', slug: 'band' },
    answers('getOAuthUrl', { oauthUrl: 'https://p.example/' }),
    { type: 'OAUTH_RESULT', state: 'error', errorType: code },
  ],
  'the sign-in': (code) => [...signIn, fails('signIn', error(code))],
  'the MFA code': (code) => [
    ...signIn,
    answers('signIn', { state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint: '42' } }),
    { type: 'SUBMIT_MFA', code: '1' },
    fails('completeMfa', error(code)),
  ],
  'the email invitation': (code) => [listed, { type: 'SELECT', slug: 'invite' }, { type: 'SUBMIT_EMAIL', email: 'a@b.example' }, fails('sendEmailInvite', error(code))],
};

/** Where each code comes from (every call for the token and transport codes). */
const ANSWERED_BY: Record<Exclude<ErrorCode, Refusal | OwnCode> | 'generic', (keyof typeof ORIGINS)[]> = {
  invalid_token: Object.keys(ORIGINS),
  token_expired: Object.keys(ORIGINS),
  token_consumed: Object.keys(ORIGINS),
  token_not_validated: Object.keys(ORIGINS),
  provider_credential_error: ['the sign-in'],
  provider_password_expired: ['the sign-in'],
  provider_api_error: ['the provider list', 'the OAuth lookup', 'the OAuth result', 'the sign-in', 'the MFA code', 'the email invitation'],
  // The API answers it for the region a password or email body carries.
  unsupported_region: ['the sign-in', 'the email invitation'],
  duplicate_connection: ['the OAuth result', 'the sign-in'],
  required_scopes_not_granted: ['the OAuth result'],
  incorrect_mfa_code: ['the MFA code'],
  user_cancelled: ['the OAuth result'],
  unsafe_oauth_url: ['the OAuth lookup'],
  provider_unavailable: ['the OAuth lookup'],
  generic: Object.keys(ORIGINS),
  network: Object.keys(ORIGINS),
  timeout: Object.keys(ORIGINS),
};

/** The form checks made before any request. */
const REFUSALS: Record<Refusal, Step[]> = {
  missing_username: [listed, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: ' ', password: 'p' }],
  missing_password: [listed, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'u', password: '' }],
  missing_region: [listed, { type: 'SELECT', slug: 'scale' }, { type: 'SUBMIT_CREDENTIALS', username: 'u', password: 'p' }],
  missing_code: [...signIn, answers('signIn', { state: 'pending_provider_mfa', redirectUrl: null, mfa: null }), { type: 'SUBMIT_MFA', code: '' }],
  invalid_email: [listed, { type: 'SELECT', slug: 'invite' }, { type: 'SUBMIT_EMAIL', email: 'nope' }],
};

/** The field each field-naming code is about, by its element's id. */
const FIELD_OF: Partial<Record<ErrorCode, string>> = {
  provider_credential_error: 'password',
  provider_password_expired: 'password',
  incorrect_mfa_code: 'code',
  missing_username: 'username',
  missing_password: 'password',
  missing_code: 'code',
  invalid_email: 'email',
};

const noActions = new Proxy({} as ViewActions, { get: () => () => {} });

function draw(snapshot: LinkSnapshot, t: Messages) {
  const root = document.createElement('div');
  const state = { snapshot, t, query: '', listLimit: LIST_PAGE, region: '', appName: '', hosted: false, debug: false };
  render(widgetView(screenFor(state, noActions), t, noActions), root);
  const buttons = [...root.querySelectorAll('button')].map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/\s+/g, ' ').trim());
  const submit = root.querySelector('form button[type="submit"]')?.textContent?.trim() ?? null;
  return { root, buttons, submit, text: root.querySelector('.error p')?.textContent ?? '' };
}

/** Every screen an error can be shown on: `[code, where, snapshot]`. */
async function errorScreens(): Promise<[ErrorCode | 'generic', string, LinkSnapshot][]> {
  const screens: [ErrorCode | 'generic', string, LinkSnapshot][] = [];
  for (const [code, origins] of Object.entries(ANSWERED_BY) as [keyof typeof ANSWERED_BY, (keyof typeof ORIGINS)[]][]) {
    // `generic` stands for codes without words of their own: an HTTP status, an unknown error_type.
    const sent = code === 'generic' ? 'http_500' : code;
    for (const origin of origins) screens.push([code, origin, await snapshotAfter(ORIGINS[origin]!(sent))]);
  }
  for (const [code, steps] of Object.entries(REFUSALS) as [keyof typeof REFUSALS, Step[]][]) screens.push([code, 'the form', await snapshotAfter(steps)]);
  const codeRound = ORIGINS['the MFA code']!('token_expired');
  screens.push(['session_expired', 'a code round whose token was replaced', await snapshotAfter([...codeRound, answers('requestLinkToken', 'fresh')], { settings: { renewsToken: true } })]);
  const noToken = fails('requestLinkToken', new Error('requestLinkToken() rejected.'));
  screens.push(['token_request_failed', 'requestLinkToken with no token at the start', await snapshotAfter([noToken], { settings: { linkToken: '', renewsToken: true } })]);
  const refused = [fails('listProviders', error('token_expired')), noToken];
  screens.push(['token_request_failed', 'requestLinkToken after a refused token', await snapshotAfter(refused, { settings: { linkToken: 'page-token', renewsToken: true } })]);
  const disconnecting = [listed, { type: 'DISCONNECT', slug: 'meter' } as const, { type: 'CONFIRM_DISCONNECT' } as const, fails('disconnectProvider', new Error('disconnectProvider() rejected.'))];
  screens.push(['disconnect_failed', 'disconnectProvider', await snapshotAfter(disconnecting, { settings: { connected: [{ slug: 'meter', status: 'connected' }], disconnects: true } })]);
  return screens;
}

describe('error words and buttons say the same thing', () => {
  let screens: Awaited<ReturnType<typeof errorScreens>> = [];
  before(async () => {
    screens = await errorScreens();
  });

  it('reaches a screen showing each code of the error table', () => {
    expect(new Set(screens.map(([code]) => code))).to.have.keys(Object.keys(PROPOSES));
    for (const [code, where, snapshot] of screens) {
      const expected = code === 'generic' ? 'http_500' : code;
      expect(snapshot.context.error?.code, `${code} from ${where}`).to.equal(expected);
    }
  });

  for (const language of LANGUAGES) {
    it(`offers what the words propose, and the words name it, in ${language}`, async () => {
      const t = await loadMessages(language);
      const says = SAYS[language];
      const problems: string[] = [];
      for (const [code, where, snapshot] of screens) {
        const proposal = PROPOSES[code];
        const { root, buttons, submit, text } = draw(snapshot, t);
        const at = `${code} from ${where}`;
        if (text !== errorMessage(t, snapshot.context.error!.code)) problems.push(`${at}: the screen does not show its words`);
        const offers = {
          retry: buttons.includes(t.tryAgain) || submit !== null,
          another: buttons.includes(t.chooseAnother),
          app: buttons.includes(t.close) && !buttons.includes(t.tryAgain) && !buttons.includes(t.chooseAnother) && submit === null,
          field: root.querySelector(`#${FIELD_OF[code as ErrorCode] ?? 'none'}[aria-invalid="true"]`) !== null && submit !== null,
          region: root.querySelector('select#region[aria-invalid="true"]') !== null && submit !== null,
          none: buttons.includes(t.tryAgain) || buttons.includes(t.chooseAnother) || submit !== null,
        };
        if (!offers[proposal]) problems.push(`${at}: words propose "${proposal}", buttons are ${JSON.stringify(buttons)}`);
        // A screen whose only way on is Try again shows words that say so.
        if (buttons.includes(t.tryAgain) && submit === null && !['retry', 'none'].includes(proposal)) problems.push(`${at}: "${t.tryAgain}" under words that propose "${proposal}"`);
        const words = errorMessage(t, snapshot.context.error!.code);
        if (proposal !== 'field' && proposal !== 'none' && !says[proposal].test(words)) problems.push(`${at}: "${words}" does not say ${proposal} (${says[proposal]})`);
        if (proposal === 'app' && says.retry.test(words)) problems.push(`${at}: "${words}" invites a retry the screen does not offer`);
      }
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  }
});
