/**
 * The main demo page (demo/index.html with demo/demo.js and the built IIFE), loaded as a visitor
 * would, against the fake service: it shows a working widget at once, its settings form starts
 * a new one, and it is a return page that gives the widget its token again.
 */
import { expect } from '@open-wc/testing';
import { consentPage, decide, LINK_TOKEN_SHAPE, waitUntil } from '../helpers.js';
import { textContrast } from '../support/contrast.js';

const SETTINGS_KEY = 'provider-link-demo:settings';

type DemoWindow = Window & typeof globalThis;

/** The demo page in a frame of this page (same origin, so the test can look inside). */
async function openDemo(): Promise<{ frame: HTMLIFrameElement; win: () => DemoWindow }> {
  const frame = document.createElement('iframe');
  frame.style.width = '1200px';
  frame.style.height = '900px';
  frame.src = '/demo/';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return { frame, win: () => frame.contentWindow as DemoWindow };
}

const widgetIn = (win: DemoWindow) => win.document.querySelector('#mount provider-link');
const headingIn = (win: DemoWindow) => widgetIn(win)?.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';
const buttonsIn = (win: DemoWindow) => [...(widgetIn(win)?.shadowRoot?.querySelectorAll('button') ?? [])];
const buttonNames = (win: DemoWindow) => buttonsIn(win).map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim());
const logText = (win: DemoWindow) => win.document.querySelector('#log')?.textContent ?? '';

/**
 * No token in the address, in either storage, in the page's own text (the event log), or in its
 * markup (a `link-token` attribute). The fake's log names no token, so this looks for anything
 * shaped like one.
 */
async function expectNoTokenKept(win: DemoWindow): Promise<void> {
  const kept = [win.location.href, JSON.stringify({ ...win.sessionStorage }), JSON.stringify({ ...win.localStorage }), win.document.body.innerText, win.document.documentElement.outerHTML];
  for (const place of kept) expect(LINK_TOKEN_SHAPE.test(place), 'a link token was kept where it must not be').to.equal(false);
}

describe('demo page', () => {
  let frame: HTMLIFrameElement | undefined;
  beforeEach(() => sessionStorage.removeItem(SETTINGS_KEY));
  afterEach(() => {
    frame?.remove();
    frame = undefined;
    sessionStorage.removeItem(SETTINGS_KEY);
  });

  it('shows a working widget as soon as it opens, and the settings form starts a new one', async () => {
    const demo = await openDemo();
    frame = demo.frame;
    const win = demo.win();
    await waitUntil(() => headingIn(win) === 'Connect a data source', 'the widget lists providers without any click');
    expect(buttonNames(win).some((name) => name.includes('Pulsewave Band'))).to.equal(true);
    expect(logText(win)).to.include('page opened');
    const first = widgetIn(win);

    const scenario = win.document.querySelector<HTMLSelectElement>('#scenario')!;
    scenario.value = 'expired';
    win.document.querySelector<HTMLFormElement>('#setup')!.requestSubmit();
    await waitUntil(() => widgetIn(win) !== first && headingIn(win) === 'This link cannot be used', 'the form restarts it with its scenario');
    expect(logText(win)).to.include('"scenario": "expired"');

    // A reload starts with the settings last used in this tab.
    win.location.reload();
    await new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    await waitUntil(() => headingIn(demo.win()) === 'This link cannot be used', 'the saved scenario, at once');
    await expectNoTokenKept(demo.win());
  });

  it('is a return page that gives the widget its token again: a denied redirect sign-in offers Try again', async () => {
    const demo = await openDemo();
    frame = demo.frame;
    await waitUntil(() => headingIn(demo.win()) === 'Connect a data source', 'the first widget');
    const mode = demo.win().document.querySelector<HTMLSelectElement>('#oauth-mode')!;
    mode.value = 'redirect';
    const first = widgetIn(demo.win());
    demo.win().document.querySelector<HTMLFormElement>('#setup')!.requestSubmit();
    await waitUntil(() => widgetIn(demo.win()) !== first && headingIn(demo.win()) === 'Connect a data source', 'a widget in redirect mode');

    buttonsIn(demo.win()).find((b) => b.textContent?.includes('Pulsewave Band'))!.click();
    decide(await consentPage(demo.win()), 'deny');

    await waitUntil(
      () => demo.win().location.pathname === '/demo/' && headingIn(demo.win()) === 'Not connected',
      'back on the demo, the outcome shown',
    );
    const win = demo.win();
    expect(widgetIn(win)!.shadowRoot!.textContent).to.include('You can try again');
    expect(buttonNames(win)).to.include('Try again');
    expect(win.location.search, 'the result is gone from the address').to.equal('');
    // The event waits for the page's listeners (a task after the widget's first render).
    await waitUntil(() => logText(win).includes('user_cancelled'), 'the denial in the demo’s log');

    // As in popup mode, Try again goes back to the provider's sign-in, this time to allow it.
    buttonsIn(win).find((b) => b.textContent?.trim() === 'Try again')!.click();
    decide(await consentPage(demo.win()), 'allow');
    await waitUntil(
      () => demo.win().location.pathname === '/demo/' && headingIn(demo.win()) === 'Connected',
      'connected on the second try',
    );
    await waitUntil(() => logText(demo.win()).includes('link-success'), 'the success in the demo’s log');
    await expectNoTokenKept(demo.win());
  });
});

describe('webview demo (dist/link.html in a simulated app)', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  async function openWebviewDemo(): Promise<DemoWindow> {
    frame = document.createElement('iframe');
    frame.style.width = '1200px';
    frame.style.height = '1000px';
    frame.src = '/demo/webview.html';
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    return frame.contentWindow as DemoWindow;
  }
  const pageIn = (win: DemoWindow) => win.document.querySelector<HTMLIFrameElement>('#phone iframe')?.contentWindow as DemoWindow | undefined;
  const widgetInPage = (win: DemoWindow) => pageIn(win)?.document?.querySelector('provider-link');
  const headingInPage = (win: DemoWindow) => widgetInPage(win)?.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';
  const pageButton = (win: DemoWindow, name: string) =>
    [...(widgetInPage(win)?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').includes(name));
  const logged = (win: DemoWindow) => [...win.document.querySelectorAll('#log .type')].map((label) => label.textContent).reverse();

  it('the app hands the token over on ready, opens OAuth for the page, and dismisses it on close', async () => {
    const win = await openWebviewDemo();
    await waitUntil(() => headingInPage(win) === 'Connect a data source', 'the hosted page lists providers');
    expect(logged(win)[0]).to.equal('ready');
    pageButton(win, 'Pulsewave Band')!.click();
    await waitUntil(() => !win.document.querySelector<HTMLElement>('#browser')!.hidden, 'the app’s browser opens');
    win.document.querySelector<HTMLButtonElement>('#allow')!.click();
    await waitUntil(() => headingInPage(win) === 'Connected', 'connected');
    pageButton(win, 'Done')!.click();
    await waitUntil(() => !win.document.querySelector('#phone iframe'), 'the app dismissed the webview');
    expect(logged(win).slice(-2)).to.deep.equal(['link-exit', 'close']);
    await expectNoTokenKept(win);
  });

  it('a new page for new settings gets its token by message too, never in its address', async () => {
    const win = await openWebviewDemo();
    await waitUntil(() => headingInPage(win) === 'Connect a data source', 'the first page');
    const first = pageIn(win);
    expect(win.document.querySelector('#handoff'), 'no way to put the token in the address').to.equal(null);
    win.document.querySelector<HTMLSelectElement>('#locale')!.value = 'es';
    win.document.querySelector<HTMLFormElement>('#settings')!.requestSubmit();
    await waitUntil(() => pageIn(win) !== first && headingInPage(win) === 'Conecta una fuente de datos', 'a new page, in Spanish');
    const address = new URL(pageIn(win)!.location.href);
    expect(address.hash.includes('link-token')).to.equal(false);
    expect(address.hash).to.include('locale=es');
    await expectNoTokenKept(win);
    await expectNoTokenKept(pageIn(win)!);
  });

  it("theme playground: an untouched accent leaves each theme its own, a picked one applies, and the text on it stays readable", async () => {
    const demo = await openDemo();
    frame = demo.frame;
    const win = demo.win();
    await waitUntil(() => headingIn(win) === 'Connect a data source', 'the widget lists providers');
    const form = win.document.querySelector<HTMLFormElement>('#theme')!;
    const set = (name: string, value: string) => {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
      field.value = value;
      field.dispatchEvent(new win.Event('input', { bubbles: true }));
    };
    const accentOf = () => win.getComputedStyle(widgetIn(win)!).getPropertyValue('--provider-link-accent').trim();
    set('theme', 'dark');
    expect(widgetIn(win)!.getAttribute('theme')).to.equal('dark');
    expect(accentOf(), 'the colour input still shows the light default, but it is not forced on the dark theme').to.equal('');
    set('--provider-link-accent', '#b136f5');
    expect(accentOf()).to.equal('#b136f5');
    buttonsIn(win).find((b) => b.textContent?.includes('Scalewise'))!.click();
    await waitUntil(() => headingIn(win) === 'Sign in to Scalewise', 'the sign-in form');
    const signIn = widgetIn(win)!.shadowRoot!.querySelector('.primary')!;
    expect(textContrast(signIn), 'the Sign in button on the picked accent').to.be.at.least(4.5);
  });

  it('a visitor who types the password and code the page names gets connected', async () => {
    const demo = await openDemo();
    frame = demo.frame;
    const win = demo.win();
    await waitUntil(() => headingIn(win) === 'Connect a data source', 'the widget lists providers');
    const named = (credential: string) => win.document.querySelector(`.intro code[data-credential="${credential}"]`)?.textContent ?? '';
    const fill = (label: string, value: string) => {
      const shadow = widgetIn(win)!.shadowRoot!;
      const labelled = [...shadow.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label))!;
      const input = shadow.getElementById(labelled.htmlFor) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new win.Event('input', { bubbles: true }));
      input.form!.requestSubmit();
    };
    buttonsIn(win).find((b) => b.textContent?.includes('Glucomate'))!.click();
    await waitUntil(() => headingIn(win) === 'Sign in to Glucomate', 'the sign-in form');
    const shadow = widgetIn(win)!.shadowRoot!;
    shadow.querySelector<HTMLInputElement>('#username')!.value = 'visitor';
    fill('Password', named('DEMO_PASSWORD'));
    // Glucomate asks for a code twice; each round is a fresh field.
    for (const round of [1, 2]) {
      await waitUntil(() => shadow.querySelector('#code') && !shadow.querySelector<HTMLInputElement>('#code')!.value, `code round ${round}, not "${headingIn(win)}"`);
      fill('Verification code', named('DEMO_MFA_CODE'));
    }
    await waitUntil(() => headingIn(win) === 'Connected', `Connected, not "${headingIn(win)}"`);

    // The page gives the widget requestLinkToken: a second provider in the same visit.
    buttonsIn(win).find((b) => b.textContent?.trim() === 'Connect another')!.click();
    await waitUntil(() => headingIn(win) === 'Connect a data source', 'the list again');
    expect(buttonNames(win).find((name) => name.includes('Glucomate'))).to.match(/Connected/);
    expect(logText(win)).to.include('a fresh link token (requestLinkToken)');
    await expectNoTokenKept(win);
  });
});
