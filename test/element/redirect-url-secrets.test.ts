/**
 * A `redirect_url` that carries a secret of the visit (the token, the username, the password, a
 * code) in its host name. A URL parser writes the host in lower case and a non-ASCII label in
 * Punycode, so the address the widget would pass on reads differently from the secret: these
 * sign-ins go through the real element against the fake service, with a native host listening and
 * the console recorded, and no secret may come out in `link-success`, a host message or a line.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { createWidget, DEMO_MFA_CODE, DEMO_PASSWORD, mintToken, oneVisit, pressEnter, recordEvents, type, waitForHeading, waitUntil, recordConsole } from '../helpers.js';
import type { MintOptions } from '../helpers.js';

type HostWindow = Window & { ReactNativeWebView?: { postMessage(message: string): void } };

/** What a native app around the widget received, as the strings it gets. */
let hostMessages: string[];
const consoleLines = recordConsole(['log', 'info', 'warn', 'error', 'debug'], { echo: true });

beforeEach(() => {
  hostMessages = [];
  (window as HostWindow).ReactNativeWebView = { postMessage: (message) => hostMessages.push(message) };
});
afterEach(() => {
  delete (window as HostWindow).ReactNativeWebView;
});

/** Mounts a widget on `provider` with this token (and `requestLinkToken`), recording its events. */
async function widgetOn(provider: string, linkToken: string, requestLinkToken?: ProviderLinkElement['requestLinkToken']) {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const widget = createWidget({ 'link-token': linkToken, provider });
  if (requestLinkToken) widget.requestLinkToken = requestLinkToken;
  container.append(widget);
  return widget;
}

/** Signs in on the form shown, and answers the one code round of a provider that asks for one. */
async function signIn(widget: ProviderLinkElement, username: string, password: string, { codeRound = false } = {}) {
  await waitForHeading(widget, /^Sign in to /);
  await type(widget, 'Username', username);
  await type(widget, 'Password', password);
  await pressEnter();
  if (codeRound) {
    await waitForHeading(widget, 'Enter the verification code');
    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();
  }
  await waitForHeading(widget, 'Connected');
}

/**
 * The secret in every form it could be passed on in: as typed, in lower case, and as a host name
 * writes it (Punycode, for a non-ASCII one).
 */
function formsOf(secret: string): string[] {
  const host = new URL(`https://${secret}.example/`).hostname.replace(/\.example$/, '');
  return [...new Set([secret, secret.toLowerCase(), host])];
}

/** The link succeeded with no address to go to, and no form of `secret` went anywhere. */
async function expectDroppedWithout(widget: ProviderLinkElement, secret: string) {
  const log = recordEvents(widget);
  await waitUntil(() => hostMessages.some((message) => message.includes('"link-success"')), 'the host heard of the success');
  expect(log.of('link-success').map((detail) => detail['redirectUrl']), 'link-success').to.deep.equal([null]);
  const success = hostMessages.map((message) => JSON.parse(message) as { type: string; detail: Record<string, unknown> }).find((message) => message.type === 'link-success');
  expect(success?.detail['redirectUrl'], 'the host message').to.equal(null);
  expect(consoleLines.some((line) => line.includes('redirect_url that holds a secret')), 'the console says an address was dropped').to.equal(true);
  const places = { events: JSON.stringify(log.events), host: hostMessages.join('\n'), console: consoleLines.join('\n') };
  for (const [place, text] of Object.entries(places)) {
    for (const form of formsOf(secret)) expect(text.includes(form), `"${form}" is in the ${place}`).to.equal(false);
  }
}

describe('<provider-link> drops a redirect_url with a secret in its host name', () => {
  for (const [written, what] of [
    ['https://Hunter2SecretPw.evil.example/done', 'as typed'],
    ['https://hUNTER2sECRETpW.evil.example/done', 'in another mix of cases'],
  ] as const) {
    it(`the password, ${what}: the parser writes the host in lower case`, async () => {
      // Pigeon Post Scale (the hostile scenario) takes any password, then one code round.
      const widget = await widgetOn('pigeon', await mintToken('hostile', { redirect_url: written }));
      await signIn(widget, 'ada', 'Hunter2SecretPw', { codeRound: true });
      await expectDroppedWithout(widget, 'Hunter2SecretPw');
    });
  }

  for (const [written, what] of [
    ['https://xn--psswortgeheim-bfb.evil.example/done', 'sent in Punycode'],
    ['https://PÄSSWORTGEHEIM.evil.example/done', 'sent in capitals'],
  ] as const) {
    it(`a non-ASCII password, ${what}: the parser writes the host in Punycode`, async () => {
      const widget = await widgetOn('pigeon', await mintToken('hostile', { redirect_url: written }));
      await signIn(widget, 'ada', 'pässwortgeheim', { codeRound: true });
      await expectDroppedWithout(widget, 'pässwortgeheim');
    });
  }

  it('the username', async () => {
    const widget = await widgetOn('scalewise', await mintToken('default', { redirect_url: 'https://AdaLovelace.evil.example/done' }));
    await signIn(widget, 'AdaLovelace', DEMO_PASSWORD);
    await expectDroppedWithout(widget, 'AdaLovelace');
  });

  it('the page’s token, refused, in the address of the fresh token’s sign-in', async () => {
    // The page's token is refused at once; the fresh one from requestLinkToken links, and its
    // redirect_url names the first, which is still a secret of the visit.
    const first = await mintToken('default', { expire_after_calls: 0 });
    const fresh: MintOptions = { redirect_url: `https://${first}.evil.example/done` };
    const widget = await widgetOn('scalewise', first, () => mintToken('default', fresh));
    await signIn(widget, 'ada', DEMO_PASSWORD);
    await expectDroppedWithout(widget, first);
  });

  it('passes a harmless address on as the parser writes it, with non-ASCII and capitals in its host', async () => {
    const written = 'https://Bücher.App.example/linked?from=Pigeon';
    const widget = await widgetOn('pigeon', await mintToken('hostile', { redirect_url: written }));
    const log = recordEvents(widget);
    await signIn(widget, 'AdaLovelace', 'Hunter2SecretPw', { codeRound: true });
    await waitUntil(() => hostMessages.some((message) => message.includes('"link-success"')), 'the host heard of the success');
    const expected = { provider: 'pigeon', authType: 'password', redirectUrl: 'https://xn--bcher-kva.app.example/linked?from=Pigeon', reconnected: false };
    expect(log.of('link-success')).to.deep.equal([expected]);
    const messages = hostMessages.map((message) => JSON.parse(message) as { type: string; detail: Record<string, unknown> });
    // The page and the host heard one visit, the same one.
    const visit = oneVisit(messages.map((message) => message.detail));
    expect(log.visitIds, 'the page heard the host’s visit').to.deep.equal(log.events.map(() => visit.linkSessionId));
    expect(visit.rest[messages.findIndex((message) => message.type === 'link-success')]).to.deep.equal(expected);
    expect(consoleLines.filter((line) => line.includes('redirect_url'))).to.deep.equal([]);
  });
});
