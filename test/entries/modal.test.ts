import { expect, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { openLinkModal } from '../../src/entries/modal.js';
import type { LinkHandle } from '../../src/entries/modal.js';
import { activate, button, DEMO_PASSWORD, mintToken, oneVisit, pressEnter, providersShown, type, waitForHeading, waitUntil } from '../helpers.js';

const openDialogs = () => document.querySelectorAll('dialog.provider-link-modal').length;

describe('ProviderLink.open(): the script-tag modal', () => {
  let opener: HTMLButtonElement;
  let handle: LinkHandle | undefined;
  let calls: { callback: string; detail: Record<string, unknown> }[];

  beforeEach(() => {
    calls = [];
    opener = document.createElement('button');
    opener.textContent = 'Connect a device';
    document.body.append(opener);
    opener.focus();
  });
  afterEach(() => {
    handle?.close();
    opener.remove();
  });

  const open = async (extra: Record<string, string> = {}) => {
    const record = (callback: string) => (detail: object) => calls.push({ callback, detail: detail as Record<string, unknown> });
    handle = openLinkModal({
      linkToken: await mintToken(),
      ...extra,
      onSuccess: record('onSuccess'),
      onExit: record('onExit'),
      onError: record('onError'),
      onEvent: record('onEvent'),
    });
    return handle.element;
  };

  it('shows the widget in a modal dialog that makes the page behind inert', async () => {
    const widget = await open();
    await providersShown(widget);
    const dialog = widget.closest('dialog')!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Connect a data source');
    expect(calls.filter((c) => c.callback === 'onEvent').map((c) => c.detail['name'])).to.include('providers_viewed');
  });

  it('Escape ends the flow with onExit and gives focus back to the opener', async () => {
    const widget = await open();
    await providersShown(widget);
    button(widget, 'Pulsewave').focus();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => openDialogs() === 0, 'the dialog closes');
    const { rest } = oneVisit(calls.map((c) => c.detail));
    expect(rest.filter((_, i) => calls[i]!.callback === 'onExit')).to.deep.equal([
      { reason: 'user_cancelled', provider: null, step: 'providers' },
    ]);
    expect(document.activeElement).to.equal(opener);
    expect(widget.isConnected).to.equal(false);
  });

  it('the Close control ends it the same way', async () => {
    const widget = await open();
    await providersShown(widget);
    await activate(button(widget, 'Close'));
    await waitUntil(() => openDialogs() === 0);
    expect(calls.filter((c) => c.callback === 'onExit')).to.have.length(1);
    expect(document.activeElement).to.equal(opener);
  });

  it('a second open while one is showing returns the first instead of stacking', async () => {
    const widget = await open();
    const first = handle;
    const second = openLinkModal({ linkToken: 'another' });
    expect(second).to.equal(first);
    expect(openDialogs()).to.equal(1);
    await providersShown(widget);
  });

  it('links a provider and calls onSuccess, then Done calls onExit with reason done', async () => {
    const widget = await open({ provider: 'scalewise' });
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    await activate(button(widget, 'Done'));
    await waitUntil(() => openDialogs() === 0);
    expect(calls.filter((c) => c.callback !== 'onEvent').map((c) => [c.callback, c.detail['provider'], c.detail['reason']])).to.deep.equal([
      ['onSuccess', 'scalewise', undefined],
      ['onExit', 'scalewise', 'done'],
    ]);
  });

  it('can be opened again after it closed, and close() from the page ends it', async () => {
    await open();
    handle!.close();
    expect(openDialogs()).to.equal(0);
    const widget = await open();
    await providersShown(widget);
    expect(openDialogs()).to.equal(1);
    handle!.close();
    expect(openDialogs()).to.equal(0);
    expect(calls.filter((c) => c.callback === 'onExit')).to.have.length(2);
  });

  it('a page that removes the dialog ends its flow: onExit once with user_cancelled, and the next open() makes a new one', async () => {
    const widget = await open();
    await providersShown(widget);
    document.querySelector('dialog.provider-link-modal')!.remove();
    await waitUntil(() => calls.some((c) => c.callback === 'onExit'), 'onExit after the dialog left the document');
    // The removal's own work (the page's observer, the element's disconnection) runs in microtasks:
    // all of it has run by the next frame, and the element has rendered what it became.
    await widget.updateComplete;
    await nextFrame();
    expect(calls.filter((c) => c.callback === 'onExit').map((c) => c.detail['reason'])).to.deep.equal(['user_cancelled']);
    const first = handle!;
    const second = await open();
    expect(handle, 'a new handle').not.to.equal(first);
    expect(openDialogs()).to.equal(1);
    await providersShown(second);
  });

  it('the same when the page swaps its whole body', async () => {
    const widget = await open();
    await providersShown(widget);
    const body = document.body;
    const fresh = document.createElement('body');
    document.documentElement.replaceChild(fresh, body);
    try {
      await waitUntil(() => calls.some((c) => c.callback === 'onExit'), 'onExit after the body swap');
    } finally {
      document.documentElement.replaceChild(body, fresh);
    }
    await widget.updateComplete;
    await nextFrame(); // as above: the removal's microtasks have all run
    expect(calls.filter((c) => c.callback === 'onExit')).to.have.length(1);
    expect(openDialogs(), 'the old dialog is not brought back').to.equal(0);
  });

  it('open() inside onExit opens a new dialog instead of returning the one that is closing', async () => {
    let reopened: LinkHandle | undefined;
    const token = await mintToken();
    const first = openLinkModal({ linkToken: await mintToken(), onExit: () => (reopened = openLinkModal({ linkToken: token })) });
    await providersShown(first.element);
    first.close();
    expect(reopened, 'opened from onExit').to.exist;
    expect(reopened).not.to.equal(first);
    handle = reopened;
    await providersShown(reopened!.element);
    expect(openDialogs()).to.equal(1);
    reopened!.close();
    expect(document.activeElement, 'the second dialog gives focus back where the first would have').to.equal(opener);
  });

  it('keeps focus inside: Tab from the last control stays in the dialog', async () => {
    const widget = await open();
    await providersShown(widget);
    for (let i = 0; i < 15; i++) {
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement === opener, 'focus never reaches the page behind').to.equal(false);
    }
    expect(widget.closest('dialog')!.contains(document.activeElement) || document.activeElement === document.body).to.equal(true);
    // Firefox lets Tab leave a modal dialog for the browser's own toolbar, as the HTML standard
    // allows, and the next Tab comes back: end with the keyboard in the page, for the next test.
    for (let i = 0; i < 30 && !document.hasFocus(); i++) await sendKeys({ press: 'Tab' });
  });

  it('never leaves the page for the provider: with popups blocked, auto offers the button instead of a redirect', async () => {
    const original = window.open;
    window.open = () => null; // the browser's popup blocker says no
    const leaving: string[] = [];
    const stay = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      if (link instanceof HTMLAnchorElement && link.target === '_self') {
        leaving.push(link.href);
        event.preventDefault();
      }
    };
    document.addEventListener('click', stay, true);
    try {
      const widget = await open();
      expect(widget.oauthMode, 'the dialog uses a popup').to.equal('popup');
      await providersShown(widget);
      await activate(button(widget, 'Pulsewave'));
      await waitUntil(() => widget.shadowRoot?.textContent?.includes('allow pop-ups for this site'), 'the blocked screen, in the dialog');
      expect(leaving, 'no redirect').to.deep.equal([]);
      expect(openDialogs()).to.equal(1);
    } finally {
      window.open = original;
      document.removeEventListener('click', stay, true);
    }
  });
});
