/** The whole flow with the keyboard alone: Tab, Enter, typing — and Escape in the modal. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { openLinkModal } from '../../src/entries/modal.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { bringToFront, consentPage, decide, DEMO_MFA_CODE, DEMO_PASSWORD, focusedElement, listingWidget, mintToken, recordEvents, returnPage, root, usePopups, waitForHeading, waitUntil } from '../helpers.js';

const focused = () => focusedElement();

const describe_ = (element: Element | null) =>
  element ? `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}` : 'nothing';

/** Presses Tab until the focused element matches; fails after `limit` presses. */
async function tabTo(matches: (element: Element) => boolean, limit = 25): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const element = focused();
    if (element && matches(element)) return;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached the target; focus is on ${describe_(focused())}`);
}

const isButton = (name: string) => (element: Element) => element.tagName === 'BUTTON' && (element.textContent ?? '').includes(name);
const isField = (widget: ProviderLinkElement, id: string) => (element: Element) => element === root(widget).getElementById(id);

describe('keyboard only', () => {
  let before: HTMLButtonElement;
  beforeEach(() => {
    before = document.createElement('button');
    before.textContent = 'Something on the page before the widget';
    document.body.prepend(before);
  });
  afterEach(() => before.remove());
  const popups = usePopups();

  /** From the control before the widget: Tab to an OAuth provider, Enter; its window opens on the provider's page. */
  async function openPulsewaveWithEnter() {
    const { widget } = await listingWidget({ 'oauth-mode': 'popup' }, 'default', { redirect_url: returnPage() });
    before.focus();
    await tabTo(isButton('Pulsewave'));
    await sendKeys({ press: 'Enter' });
    return { widget, consent: await consentPage(popups.last) };
  }

  it('links a password provider through two MFA rounds with Tab, typing and Enter', async () => {
    const { widget } = await listingWidget();
    const log = recordEvents(widget);
    before.focus();
    await tabTo(isButton('Glucomate'));
    await sendKeys({ press: 'Enter' });
    await waitForHeading(widget, 'Sign in to Glucomate');
    expect(focused()?.tagName, 'focus moves to the new step’s heading').to.equal('H2');

    await tabTo(isField(widget, 'username'));
    await sendKeys({ type: 'ada' });
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(root(widget).getElementById('password'));
    await sendKeys({ type: DEMO_PASSWORD });
    await sendKeys({ press: 'Enter' });

    for (const round of [1, 2]) {
      // Round 1 is a new step: focus on its heading. Round 2 is the same step: focus stays put.
      if (round === 1) await waitUntil(() => focused()?.tagName === 'H2', 'the code step’s heading focused');
      await tabTo(isField(widget, 'code'));
      await sendKeys({ type: DEMO_MFA_CODE });
      await sendKeys({ press: 'Enter' });
      if (round === 1) await waitUntil(() => root(widget).textContent?.includes('another code'), 'the second round');
    }
    await waitForHeading(widget, 'Connected');
    await tabTo(isButton('Done'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => log.of('link-exit').length === 1);
    expect(log.of('link-exit')[0]).to.include({ reason: 'done' });
  });

  it('opens an OAuth provider with Enter, and the popup’s answer arrives', async () => {
    const { widget, consent } = await openPulsewaveWithEnter();
    decide(consent, 'allow'); // the provider's own page
    await bringToFront();
    await waitForHeading(widget, 'Connected');
    expect(focused()?.tagName).to.equal('H2');
  });

  it('leaves the focus where the person went: a result arriving while they type elsewhere on the page does not take it', async () => {
    const notes = document.createElement('input');
    notes.setAttribute('aria-label', 'Notes');
    document.body.append(notes);
    try {
      const { widget, consent } = await openPulsewaveWithEnter();
      await bringToFront();
      notes.focus();
      await sendKeys({ type: 'half' });
      decide(consent, 'allow');
      await waitForHeading(widget, 'Connected');
      await waitUntil(() => root(widget).querySelector('#announcer')?.textContent?.includes('Connected'), 'the outcome is still said');
      await sendKeys({ type: ' done' });
      expect(describe_(focused()), 'the field keeps the keyboard').to.equal(describe_(notes));
      expect(notes.value).to.equal('half done');
    } finally {
      notes.remove();
    }
  });

  it('Escape ends the modal flow and focus goes back', async () => {
    before.focus();
    const handle = openLinkModal({ linkToken: await mintToken() });
    await waitForHeading(handle.element, 'Connect a data source');
    await tabTo(isButton('Scalewise'));
    await sendKeys({ press: 'Enter' });
    await waitForHeading(handle.element, 'Sign in to Scalewise');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !handle.element.isConnected, 'the modal closed');
    expect(document.activeElement).to.equal(before);
  });
});
