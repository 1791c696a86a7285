/** The views as pure functions of the machine's state: which screen, what it says, what it offers. */
import { expect } from '@open-wc/testing';
import { render } from 'lit';
import type { Provider } from '../../src/core/api/types.js';
import { en } from '../../src/i18n/en.js';
import { loadMessages } from '../../src/i18n/index.js';
import type { LinkSnapshot } from '../../src/core/machine/link-machine.js';
import { LIST_PAGE } from '../../src/views/providers.js';
import { announcementFor, screenFor } from '../../src/views/screen.js';
import type { ViewActions, WidgetState } from '../../src/views/types.js';
import { widgetView } from '../../src/views/widget.js';
import { stateSamples } from '../support/state-gallery.js';
import { PROVIDERS } from '../core/machine/fixtures.js';
import { answers, scriptedFlow, snapshotAfter as reached } from '../support/scripted-flow.js';
import type { Step } from '../support/scripted-flow.js';

const calls: string[] = [];
const on = new Proxy({} as ViewActions, { get: (_, name: string) => (...args: unknown[]) => calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`) });

const state = (snapshot: LinkSnapshot | null, extra: Partial<WidgetState> = {}): WidgetState => ({ snapshot, t: en, query: '', listLimit: LIST_PAGE, region: '', appName: '', hosted: false, debug: false, ...extra });

/** Renders the whole widget for a state into a fresh element; returns its root. */
function draw(widgetState: WidgetState): HTMLElement {
  const root = document.createElement('div');
  render(widgetView(screenFor(widgetState, on), en, on), root);
  return root;
}

/** A snapshot reached by the steps after the provider list answered `providers`. */
const snapshotAfter = (providers: Provider[], ...steps: Step[]): Promise<LinkSnapshot> => reached([answers('listProviders', providers), ...steps]);

const many = (count: number): Provider[] =>
  Array.from({ length: count }, (_, i) => ({ id: i, slug: `p${i}`, name: `Provider ${i}`, description: i % 2 ? 'Sleep ring' : 'Step counter', logo: `https://logos.example/${i}.svg`, authType: 'oauth', formComponents: {}, supportedResources: [] }));

describe('views', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('every state of the machine has a screen of its own, with a heading; only loading shows the spinner', () => {
    for (const sample of stateSamples()) {
      const screen = screenFor(state(sample.snapshot), on);
      expect(screen.heading, sample.name).to.be.a('string').and.not.equal('');
      const loading = ['no-token', 'awaitingToken', 'gettingToken', 'connectingAnother'].includes(sample.name) || sample.name.startsWith('loading');
      expect(screen.heading === en.loadingTitle, `${sample.name} shows the loading screen`).to.equal(loading);
    }
  });

  it('every text field of every state caps what can be typed: 254 for an email, 256 a username, 1 024 a password, 64 a code', () => {
    const caps = new Map<string, string | null>();
    for (const sample of stateSamples()) {
      for (const input of draw(state(sample.snapshot)).querySelectorAll<HTMLInputElement>('form input:not([type="search"])')) caps.set(input.name, input.getAttribute('maxlength'));
    }
    expect(Object.fromEntries(caps)).to.deep.equal({ username: '256', password: '1024', code: '64', email: '254' });
  });

  it('after the flow ended: done shows the outcome, an error only closes, the user’s own close can start again', () => {
    const closed = Object.fromEntries(stateSamples().filter((s) => s.name.startsWith('exited:')).map((s) => [s.name, draw(state(s.snapshot))]));
    const heading = (name: string) => closed[name]?.querySelector('h2')?.textContent;
    const startAgain = (name: string) => [...(closed[name]?.querySelectorAll('button') ?? [])].some((b) => b.textContent?.includes(en.startAgain));
    expect([heading('exited:done'), startAgain('exited:done')]).to.deep.equal([en.successTitle, false]);
    expect([heading('exited:error'), startAgain('exited:error')]).to.deep.equal([en.closedTitle, false]);
    expect([heading('exited:user_cancelled'), startAgain('exited:user_cancelled')]).to.deep.equal([en.closedTitle, true]);
    for (const root of Object.values(closed)) expect(root.querySelector('[aria-label="Close"]'), 'nothing left to close').to.equal(null);
  });

  it('the mobile-app screen takes app-name as consent does: trimmed and cut, white space alone the neutral words', async () => {
    const unsupported = await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'ring' });
    const name = PROVIDERS.find((p) => p.slug === 'ring')!.name;
    const lead = (appName: string) => screenFor(state(unsupported, { appName }), on).lead;
    expect(lead('   ')).to.equal(en.unsupportedText(name, ''));
    expect(lead('  Acme Health \n')).to.equal(en.unsupportedText(name, 'Acme Health'));
    expect(lead('A'.repeat(200))).to.equal(en.unsupportedText(name, 'A'.repeat(80)));
  });

  it('lists providers as buttons named after them, with private, sized logos and their own text direction', async () => {
    const root = draw(state(await snapshotAfter(PROVIDERS)));
    const rows = [...root.querySelectorAll<HTMLButtonElement>('button[part="provider"]')];
    expect(rows.map((row) => row.querySelector('.name')?.textContent)).to.deep.equal(PROVIDERS.map((p) => p.name));
    for (const row of rows) expect(row.querySelector('.name')?.getAttribute('dir')).to.equal('auto');

    const withLogos = draw(state(await snapshotAfter(many(3))));
    for (const logo of withLogos.querySelectorAll('img.logo')) {
      // When a logo loads is the element's business (test/element/logos-on-screen.test.ts).
      expect([logo.getAttribute('referrerpolicy'), logo.getAttribute('width'), logo.getAttribute('height'), logo.getAttribute('alt')]).to.deep.equal(['no-referrer', '40', '40', '']);
    }
    (withLogos.querySelector('button[part="provider"]') as HTMLButtonElement).click();
    expect(calls).to.deep.equal(['select("p0")']);
  });

  it('shows a long list a page at a time, and counts the matches of a search', async () => {
    const snapshot = await snapshotAfter(many(120));
    const rows = (root: HTMLElement) => root.querySelectorAll('button[part="provider"]').length;
    const first = draw(state(snapshot));
    expect(rows(first)).to.equal(LIST_PAGE);
    const more = [...first.querySelectorAll('button')].find((b) => b.textContent?.includes('more'))!;
    expect(more.textContent?.trim()).to.equal(`Show ${LIST_PAGE} more`);
    more.click();
    expect(calls.map((call) => call.split('(')[0])).to.deep.equal(['showMore']);
    expect(rows(draw(state(snapshot, { listLimit: 100 })))).to.equal(100);
    expect(draw(state(snapshot, { listLimit: 100 })).textContent).to.include('Show 20 more');
    expect([...draw(state(snapshot, { listLimit: 150 })).querySelectorAll('button')].some((b) => b.textContent?.includes('more'))).to.equal(false);

    const searched = draw(state(snapshot, { query: 'sleep' }));
    expect(rows(searched)).to.equal(LIST_PAGE);
    expect(searched.querySelector('.hint')?.textContent).to.equal('60 providers');
    expect(searched.querySelector('.hint')?.getAttribute('aria-live'), 'a screen reader hears the count').to.equal('polite');
  });

  it('hands typed values to its actions, not a form to parse', async () => {
    const root = draw(state(await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'meter' }), { region: 'eu' }));
    (root.querySelector('#username') as HTMLInputElement).value = 'ada';
    (root.querySelector('#password') as HTMLInputElement).value = 'pw';
    root.querySelector('form')!.dispatchEvent(new SubmitEvent('submit', { cancelable: true }));
    expect(calls).to.deep.equal(['submitCredentials({"username":"ada","password":"pw","region":"eu"})']);
  });

  it('starts every code round with a fresh, empty field', async () => {
    const { actor, take } = scriptedFlow();
    const codeRound = (hint: string) => take(answers('completeMfa', { state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint } }));
    await take(answers('listProviders', PROVIDERS));
    await take({ type: 'SELECT', slug: 'meter' });
    await take({ type: 'SUBMIT_CREDENTIALS', username: 'a', password: 'b' });
    await take(answers('signIn', { state: 'pending_provider_mfa', redirectUrl: null, mfa: { method: 'sms', hint: '•••• 42' } }));
    const root = document.createElement('div');
    const paint = () => render(widgetView(screenFor(state(actor.getSnapshot()), on), en, on), root);
    paint();
    root.querySelector<HTMLInputElement>('#code')!.value = '123456';
    await take({ type: 'SUBMIT_MFA', code: '123456' });
    paint();
    await codeRound('•••• 43');
    paint();
    expect(root.textContent).to.include('We sent another code by text message to •••• 43.');
    expect(root.querySelector<HTMLInputElement>('#code')!.value, 'the second round’s field is empty').to.equal('');
    actor.stop();
  });

  it('says what a screen reader hears: the step and its first line, what is happening, or the error', async () => {
    const list = await snapshotAfter(PROVIDERS);
    expect(announcementFor(screenFor(state(list), on), state(list)).text).to.equal('Connect a data source. Choose the device or app you want to connect.');
    const busy = await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'a', password: 'b' });
    const saying = announcementFor(screenFor(state(busy), on), state(busy));
    expect([saying.text, saying.busy]).to.deep.equal(['Signing in…', true]);
    const refused = await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'a', password: '' });
    expect(announcementFor(screenFor(state(refused), on), state(refused)).text).to.equal('Enter your password.');
  });

  it('offers Back, Try again and Choose another provider only where the machine takes that event', async () => {
    // A machine with nowhere to go back to: the views follow its rules, not a copy of them.
    const { actor, take } = scriptedFlow({}, { guards: { hasProviderList: () => false, canCallApi: () => false } });
    await take(answers('listProviders', PROVIDERS));
    await take({ type: 'SELECT', slug: 'band' });
    await take(answers('getOAuthUrl', { oauthUrl: 'https://p.example/' }));
    const buttons = () => [...draw(state(actor.getSnapshot())).querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim());
    expect(buttons()).to.deep.equal(['Close', 'Open Pulsewave Band sign-in']);
    await take({ type: 'OAUTH_RESULT', state: 'error', errorType: 'duplicate_connection' });
    expect(actor.getSnapshot().value).to.equal('failed');
    expect(buttons(), 'only Close on a dead end').to.deep.equal(['Close', 'Close']);
    actor.stop();

    const normal = await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'band' }, answers('getOAuthUrl', { oauthUrl: 'https://p.example/' }), { type: 'OAUTH_RESULT', state: 'error', errorType: 'duplicate_connection' });
    const labels = [...draw(state(normal)).querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(labels).to.include('Choose another provider');
  });

  it('reads a heading that ends in a question mark, Arabic’s too, without a stray full stop', async () => {
    const ar = await loadMessages('ar');
    const lost = await snapshotAfter(PROVIDERS, { type: 'SELECT', slug: 'band' }, answers('getOAuthUrl', { oauthUrl: 'https://p.example/' }), { type: 'POPUP_CLOSED' });
    for (const t of [en, ar]) {
      const view = { ...state(lost), t };
      const { text } = announcementFor(screenFor(view, on), view);
      expect(text.startsWith(`${t.oauthLostTitle} `), text).to.equal(true);
    }
  });
});
