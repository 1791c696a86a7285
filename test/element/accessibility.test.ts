/** axe on the screens a user meets most; every-state.test.ts runs it on every state of the machine. */
import { expect } from '@open-wc/testing';
import { button, DEMO_PASSWORD, errorText, listingWidget, mintToken, mountWidget, pressEnter, type, waitForHeading, waitUntil } from '../helpers.js';

describe('<provider-link> accessibility (axe)', () => {
  it('the provider list', async () => {
    const { widget } = await listingWidget();
    await expect(widget).to.be.accessible();
  });

  it('the credentials form, also with an error on it', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    await expect(widget).to.be.accessible();
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', 'wrong');
    await pressEnter();
    await waitUntil(() => errorText(widget) !== '');
    await expect(widget).to.be.accessible();
  });

  it('the MFA form', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'glucomate' });
    await waitForHeading(widget, 'Sign in to Glucomate');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Enter the verification code');
    await expect(widget).to.be.accessible();
  });

  it('the error screen of a rejected link', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken('expired') });
    await waitForHeading(widget, 'This link cannot be used');
    await expect(widget).to.be.accessible();
  });

  it('the success screen', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    await expect(widget).to.be.accessible();
  });

  it('the closed screen', async () => {
    const { widget } = await listingWidget();
    button(widget, 'Close').click();
    await waitForHeading(widget, 'Closed');
    await expect(widget).to.be.accessible();
  });
});
