/**
 * Every setting of the element's settings table (src/contract/settings.ts) reaches the element from
 * every entry: markup, code, `ProviderLink.open()`, `useProviderLink`, `<ProviderLink>`; and the
 * hosted page's fragment takes exactly its own list of them (a link anyone can write sets no
 * developer text and no time limit). Generated from the table: a new row is tested here as soon as
 * it has a sample value (and the file does not compile until it has one).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { SETTINGS } from '../../src/contract/settings.js';
import type { SettingName, Settings } from '../../src/contract/settings.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { FRAGMENT_SETTINGS } from '../../src/entries/hosted-page/fragment-settings.js';
import { openLinkModal, shownLinkModal } from '../../src/entries/modal.js';
import { createRoot, flushSync, ProviderLink, React, useProviderLink } from '../react/harness.bundle.js';
import { mintToken, waitUntil } from '../helpers.js';

/** A value for each setting that differs from the element's default, so that arriving shows. */
let samples: Settings;
before(async () => {
  samples = {
    linkToken: await mintToken(),
    baseUrl: location.origin,
    provider: 'scalewise',
    providers: ['scalewise', 'pulsewave'],
    connectedProviders: [{ slug: 'scalewise', status: 'needs_reconnect' }],
    disconnectProvider: async () => {},
    oauthMode: 'popup',
    locale: 'fr-FR',
    region: 'eu',
    theme: 'dark',
    appName: 'Acme Health',
    // This page's: the hosted page, framed here, runs only for the parent it names.
    parentOrigin: location.origin,
    debug: true,
    requestTimeout: 30000,
    requestLinkToken: () => mintToken(),
    messages: { fr: { providersIntro: 'Choisissez l’appareil de votre programme.' } },
  } satisfies { [K in SettingName]: Settings[K] };
});

type Setting = (typeof SETTINGS)[number];
// A row for code only (a function) has `attribute: false`.
const withAttribute = SETTINGS.flatMap((setting) => (setting.attribute === false ? [] : [{ ...setting, attribute: setting.attribute as string }]));
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Each setting the element holds, against what was given; and no credential written as an attribute. */
function expectReached(element: ProviderLinkElement, settings: readonly Pick<Setting, 'property'>[], { secretsAsAttributes = false } = {}): void {
  expect(element?.localName, 'a <provider-link> was made').to.equal('provider-link');
  // As given: the same function and objects; an array of slugs equal to the one given (from an attribute, made from its text).
  for (const { property } of settings) expect(element[property], property).to.deep.equal(samples[property]);
  if (secretsAsAttributes) return;
  for (const setting of SETTINGS) {
    if (!('secret' in setting)) continue;
    // Not its attribute, nor one an entry could have made up for a setting that has none.
    for (const name of [setting.attribute, kebab(setting.property), setting.property.toLowerCase()]) {
      if (name) expect(element.hasAttribute(name), `${setting.property} is never an attribute (${name})`).to.equal(false);
    }
  }
}

describe('every setting reaches the element', () => {
  afterEach(() => shownLinkModal()?.close());

  it('as attributes, where it has one', async () => {
    const element = document.createElement('provider-link');
    for (const { property, attribute } of withAttribute) element.setAttribute(attribute, String(samples[property]));
    await fixture(html`<div>${element}</div>`);
    expectReached(element, withAttribute, { secretsAsAttributes: true });
  });

  it('a request-timeout attribute that is not a number keeps the default limit, never "no limit"', async () => {
    const element = await fixture<ProviderLinkElement>(html`<provider-link request-timeout="abc"></provider-link>`);
    expect(element.requestTimeout, 'unset: the default').to.equal(undefined);
    element.setAttribute('request-timeout', '45000');
    expect(element.requestTimeout).to.equal(45_000);
  });

  it('requestLinkToken has no attribute: the markup cannot set it, nor the hosted page’s fragment', async () => {
    const element = await fixture<ProviderLinkElement>(html`<provider-link request-link-token="alert(1)" requestlinktoken="alert(1)"></provider-link>`);
    expect(element.requestLinkToken).to.equal(null);
    const frame = document.createElement('iframe');
    frame.src = `/dist/link.html#request-link-token=stolen&requestLinkToken=stolen`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    try {
      await loaded;
      const hosted = () => frame.contentDocument?.querySelector('provider-link') as ProviderLinkElement | null;
      await waitUntil(hosted, 'the hosted page made its widget');
      expect(hosted()!.requestLinkToken, 'nothing from the fragment').to.not.equal('stolen');
      expect(hosted()!.getAttributeNames()).to.not.include.members(['request-link-token', 'requestlinktoken']);
    } finally {
      frame.remove();
    }
  });

  it('from ProviderLink.open() (openLinkModal)', () => {
    expectReached(openLinkModal(samples).element, SETTINGS);
  });

  describe('from React', () => {
    let host: HTMLDivElement;
    let root: ReturnType<typeof createRoot>;
    beforeEach(() => {
      host = document.createElement('div');
      document.body.append(host);
      root = createRoot(host);
    });
    afterEach(() => {
      flushSync(() => root.unmount());
      host.remove();
    });

    it('useProviderLink', () => {
      let open = () => {};
      function Connect() {
        open = useProviderLink(samples).open;
        return null;
      }
      flushSync(() => root.render(React.createElement(Connect)));
      open();
      expectReached(document.querySelector('dialog.provider-link-modal provider-link') as ProviderLinkElement, SETTINGS);
    });

    it('<ProviderLink>', () => {
      flushSync(() => root.render(React.createElement(ProviderLink, samples)));
      expectReached(host.querySelector('provider-link') as ProviderLinkElement, SETTINGS);
    });
  });

  it('from the hosted page’s fragment, its own list only', async () => {
    // Every setting with an attribute is written into the link; only the hosted page's list arrives.
    const fragment = new URLSearchParams(withAttribute.map(({ property, attribute }) => [attribute, String(samples[property])]));
    // The token comes by its own rules (a fragment token is one of the ways docs/host-bridge.md allows).
    const taken = withAttribute.filter(({ attribute }) => attribute === 'link-token' || (FRAGMENT_SETTINGS as readonly string[]).includes(attribute));
    const refused = withAttribute.filter((setting) => !taken.includes(setting));
    expect(refused.map(({ attribute }) => attribute).sort()).to.deep.equal(['debug', 'request-timeout']);
    const frame = document.createElement('iframe');
    frame.src = `/dist/link.html#${fragment}`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    try {
      await loaded;
      const element = () => frame.contentDocument?.querySelector('provider-link') as ProviderLinkElement | null;
      await waitUntil(element, 'the hosted page made its widget');
      expectReached(element()!, taken);
      expect(element()!.debug, 'no developer text for whoever opens a link').to.equal(false);
      expect(element()!.requestTimeout, 'the default time limit').to.equal(document.createElement('provider-link').requestTimeout);
    } finally {
      frame.remove();
    }
  });
});
