/** What a screen-reader user hears, and where focus goes, as the flow moves: from the live region itself. */
import { expect } from '@open-wc/testing';
import { activate, button, consentPage, DEMO_MFA_CODE, DEMO_PASSWORD, field, listingWidget, mintToken, mountWidget, pressEnter, returnPage, root, type, usePopups, waitForHeading, waitUntil } from '../helpers.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';

const spoken = (widget: ProviderLinkElement) => root(widget).querySelector('#announcer')?.textContent ?? '';
async function hears(widget: ProviderLinkElement, text: string) {
  await waitUntil(() => spoken(widget) === text, `the live region never said “${text}” (it says “${spoken(widget)}”)`);
}

describe('<provider-link> announcements and focus', () => {
  const popups = usePopups();

  it('says each step and its first line, what is happening, and each error; focus follows', async () => {
    const { widget } = await listingWidget();
    await hears(widget, 'Connect a data source. Choose the device or app you want to connect.');

    await activate(button(widget, 'Glucomate'));
    await hears(widget, 'Sign in to Glucomate');
    expect(root(widget).activeElement?.localName, 'focus is on the new heading').to.equal('h2');

    await type(widget, 'Username', 'ada');
    await pressEnter();
    await hears(widget, 'Enter your password.');
    expect(root(widget).activeElement, 'focus is on the field the error names').to.equal(field(widget, 'Password'));

    await type(widget, 'Password', 'wrong');
    await pressEnter();
    await hears(widget, 'The provider did not accept that username or password. Check them and try again.');

    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await hears(widget, 'Enter the verification code. We sent a code by text message to •••• 42.');
    expect(root(widget).activeElement?.localName).to.equal('h2');

    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();
    await hears(widget, 'Enter the verification code. We sent another code by email to j•••@example.org.');

    await type(widget, 'Verification code', '000000');
    await pressEnter();
    await hears(widget, 'That code was not right. Check it and enter it again.');
    expect(root(widget).activeElement).to.equal(field(widget, 'Verification code'));

    await type(widget, 'Verification code', DEMO_MFA_CODE);
    await pressEnter();
    await hears(widget, 'Connected. Glucomate is now connected.');
  });

  it('does not move focus into the widget before the user has touched it', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    try {
      const { widget } = await listingWidget();
      await hears(widget, 'Connect a data source. Choose the device or app you want to connect.');
      expect(document.activeElement).to.equal(outside);
    } finally {
      outside.remove();
    }
  });

  it('says when the sign-in window is out of sight, heading and explanation read as one', async () => {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    await activate(button(widget, 'Pulsewave'));
    await hears(widget, 'Continue with Pulsewave Band. Sign in to Pulsewave Band in the window that opened. This page updates by itself when you are done.');
    await consentPage(popups.last);
    popups.last.close();
    await waitForHeading(widget, 'Didn’t finish?');
    await hears(widget, 'Didn’t finish? The Pulsewave Band sign-in window closed or went out of view. If you finished there, this page updates by itself; if not, try again.');
  });

  it('says the first screen again in the widget’s language once its words arrive', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'fr', 'oauth-mode': 'popup' });
    await waitForHeading(widget, 'Connecter une source de données');
    await hears(widget, 'Connecter une source de données. Choisissez l’appareil ou l’application à connecter.');
  });
});
