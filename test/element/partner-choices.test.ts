/**
 * What a partner decides for its own product: which providers are offered and in which order
 * (`providers`), and the words said (`messages`). What a page gets wrong is left out with a
 * console line that names it, never a broken screen.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import {
  button,
  DEMO_PASSWORD,
  fakeRequests,
  heading,
  mintToken,
  mountWidget,
  pressEnter,
  providersShown,
  root,
  type,
  waitForHeading,
  recordConsole,
  waitUntil,
} from '../helpers.js';

const warnings = recordConsole(['warn']);

/** The providers in the list, as shown, top to bottom. */
const shownProviders = (widget: ProviderLinkElement) =>
  [...root(widget).querySelectorAll<HTMLElement>('[part~="provider"]')].map((row) => row.querySelector('.name')?.textContent?.trim() ?? row.textContent!.trim());

describe('providers: the partner’s allowlist', () => {
  it('in markup: shows only those, in that order, and names in the console a slug the service does not have', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), providers: ' sugarline, scalewise ,nosuch-scale,pulsewave' });
    await providersShown(widget);
    expect(shownProviders(widget).map((name) => name.split(/\s/)[0])).to.deep.equal(['Sugarline', 'Scalewise', 'Pulsewave']);
    expect(warnings.filter((line) => line.includes('"nosuch-scale"')), JSON.stringify(warnings)).to.have.length(1);
  });

  it('from code: a provider to open that is not in it says so in the console, and the list shows', async () => {
    const token = await mintToken();
    const widget = document.createElement('provider-link');
    widget.linkToken = token;
    widget.providers = ['pulsewave', 'scalewise'];
    widget.provider = 'glucomate';
    document.body.append(widget);
    try {
      await providersShown(widget);
      expect(shownProviders(widget)).to.have.length(2);
      expect(warnings.some((line) => line.includes('provider "glucomate" is not one of providers')), JSON.stringify(warnings)).to.equal(true);
    } finally {
      widget.remove();
    }
  });

  it('a provider to open that is in it opens directly', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), providers: 'pulsewave,scalewise', provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    expect(warnings).to.deep.equal([]);
  });

  it('the same list given again (a framework’s new array on each render) starts nothing again; another one shows it at once', async () => {
    const token = await mintToken();
    const widget = await mountWidget({ 'link-token': token });
    widget.providers = ['scalewise', 'pulsewave'];
    await widget.updateComplete;
    await providersShown(widget);
    await waitUntil(() => shownProviders(widget).length === 2, 'the allowlist shown');
    const asked = (await fakeRequests(token)).length;
    widget.providers = ['scalewise', 'pulsewave'];
    await widget.updateComplete;
    expect(heading(widget)).to.equal('Connect a data source');
    expect((await fakeRequests(token)).length, 'no request for the same list').to.equal(asked);
    widget.providers = ['glucomate'];
    await waitUntil(() => shownProviders(widget).length === 1, 'the new allowlist');
    expect(shownProviders(widget)[0]).to.include('Glucomate');
  });
});

describe('messages: the partner’s words', () => {
  it('says the partner’s words where it gave them, ours elsewhere, and in the event’s message too', async () => {
    const widget = document.createElement('provider-link');
    widget.linkToken = await mintToken();
    widget.provider = 'scalewise';
    widget.messages = {
      en: {
        credentialsTitle: 'Log in to {provider} for Acme',
        successText: 'Acme now gets your {provider} data.',
        errors: { provider_credential_error: 'Acme could not sign you in: check your password.' },
      },
      fr: { successText: 'Acme reçoit maintenant vos données {provider}.' },
    };
    const events: CustomEvent[] = [];
    widget.addEventListener('link-error', (event) => events.push(event));
    document.body.append(widget);
    try {
      await waitForHeading(widget, 'Log in to Scalewise for Acme');
      await type(widget, 'Username', 'ada');
      await type(widget, 'Password', 'not-the-password');
      await pressEnter();
      await waitUntil(() => root(widget).textContent?.includes('Acme could not sign you in'), 'the partner’s words for the error');
      expect(events.at(-1)?.detail.message, 'the event says what the person read').to.equal('Acme could not sign you in: check your password.');
      await type(widget, 'Password', DEMO_PASSWORD);
      await pressEnter();
      await waitForHeading(widget, 'Connected');
      expect(root(widget).querySelector('.lead')?.textContent).to.equal('Acme now gets your Scalewise data.');
      expect(warnings).to.deep.equal([]);
    } finally {
      widget.remove();
    }
  });

  it('in the person’s language: the partner’s French over ours', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'fr' });
    widget.messages = { fr: { providersIntro: 'Choisissez l’appareil à relier à Acme.' } };
    await waitUntil(() => root(widget).textContent?.includes('Choisissez l’appareil à relier à Acme.'), 'the partner’s French');
    expect(heading(widget)).to.not.equal('Connect a data source');
  });

  it('leaves out, with a console line each, a text that drops or invents a placeholder, a name that is no message, and a language we do not have', async () => {
    const widget = document.createElement('provider-link');
    widget.linkToken = await mintToken();
    widget.provider = 'scalewise';
    widget.messages = {
      en: {
        credentialsTitle: 'Log in',
        searchResults: { one: '{count} device', other: '{total} devices' },
        providersIntro: 'Pick one of {things}.',
        // @ts-expect-error: no such message; a page without types can still send it.
        introduction: 'Hello',
        consentIntro: { app: '{app} gets:', none: 42 as unknown as string },
      },
      xx: { providersIntro: 'Hm.' },
    };
    document.body.append(widget);
    try {
      await waitForHeading(widget, 'Sign in to Scalewise');
      const said = (part: string) => warnings.filter((line) => line.includes(part));
      expect(said('messages.en.credentialsTitle must be text with {provider}'), JSON.stringify(warnings)).to.have.length(1);
      expect(said('messages.en.searchResults must be text, or plural forms')).to.have.length(1);
      expect(said('messages.en.providersIntro must be text without placeholders')).to.have.length(1);
      expect(said('messages.en.introduction is not a message')).to.have.length(1);
      expect(said('messages.en.consentIntro.none must be text')).to.have.length(1);
      expect(said('messages has no language "xx"')).to.have.length(1);
      expect(warnings, 'each said once, however often the widget renders').to.have.length(6);
      button(widget, 'Back').click();
      await providersShown(widget);
      expect(root(widget).textContent).to.include('Choose the device or app you want to connect.');
      expect(warnings).to.have.length(6);
    } finally {
      widget.remove();
    }
  });
});
