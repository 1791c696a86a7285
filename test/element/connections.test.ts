/**
 * The connections a person already has, as the partner's backend knows them
 * (`connectedProviders`): marked in the list, one whose sign-in expired reconnected by its ordinary
 * flow, and, with the partner's `disconnectProvider`, disconnected behind a confirmation, with its
 * progress, its failure and Try again, and `link-disconnect`. Against the fake service.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { openLinkModal, shownLinkModal } from '../../src/entries/modal.js';
import {
  button,
  buttonName,
  buttons,
  createWidget,
  DEMO_PASSWORD,
  errorText,
  hasButton,
  heading,
  LINK_SESSION_ID,
  mintToken,
  pressEnter,
  providersShown,
  recordEvents,
  root,
  type,
  waitForHeading,
  recordConsole,
  waitUntil,
} from '../helpers.js';

const warnings = recordConsole(['warn']);
afterEach(() => {
  shownLinkModal()?.close();
});

/** The partner's backend, disconnecting: each call recorded, answered when the test says so. */
function partnerDisconnect() {
  const calls: { slug: string; signal: AbortSignal; resolve(): void; reject(error: Error): void }[] = [];
  const disconnect = (slug: string, { signal }: { signal: AbortSignal }) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ slug, signal, resolve, reject });
    });
  return { calls, disconnect };
}

/** A widget in the page with these connections (and `disconnectProvider` when given), showing the list. */
async function widgetWith(connected: ProviderLinkElement['connectedProviders'], disconnect: ProviderLinkElement['disconnectProvider'] = null, attributes: Record<string, string> = {}) {
  const widget = createWidget({ 'link-token': await mintToken(), ...attributes });
  widget.connectedProviders = connected;
  widget.disconnectProvider = disconnect;
  document.body.append(widget);
  await providersShown(widget);
  return widget;
}

const rowName = (widget: ProviderLinkElement, name: string) => buttonName(button(widget, new RegExp(`^${name}`)));

describe('connections the person already has', () => {
  afterEach(() => document.querySelectorAll('provider-link').forEach((widget) => widget.remove()));

  it('marks them in the list, in the row’s name too, and names in the console one the list does not have', async () => {
    const widget = await widgetWith([{ slug: 'pulsewave' }, { slug: 'scalewise', status: 'needs_reconnect' }, { slug: 'nosuch-band', status: 'connected' }]);
    expect(rowName(widget, 'Pulsewave')).to.match(/Connected$/);
    expect(rowName(widget, 'Scalewise')).to.match(/Reconnect needed$/);
    expect(rowName(widget, 'Glucomate')).to.not.match(/Connected|Reconnect/);
    expect(hasButton(widget, 'Disconnect'), 'no Disconnect without disconnectProvider').to.equal(false);
    expect(warnings.filter((line) => line.includes('"nosuch-band"')), JSON.stringify(warnings)).to.have.length(1);
  });

  it('takes a new list as it comes, restarting nothing', async () => {
    const widget = await widgetWith([]);
    widget.connectedProviders = [{ slug: 'glucomate' }];
    await waitUntil(() => /Connected$/.test(rowName(widget, 'Glucomate')), 'the mark');
    expect(heading(widget)).to.equal('Connect a data source');
    expect(recordEvents(widget).of('link-event').filter((detail) => detail['name'] === 'open'), 'one visit, started once').to.have.length(1);
  });

  it('reconnects one whose sign-in expired by its own flow, in "Reconnect" words, and says reconnected in link-success', async () => {
    const widget = await widgetWith([{ slug: 'scalewise', status: 'needs_reconnect' }]);
    button(widget, /^Scalewise/).click();
    await waitForHeading(widget, 'Reconnect Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    expect(root(widget).textContent).to.include('Scalewise is connected again.');
    const [success] = recordEvents(widget).of('link-success');
    expect(success).to.include({ provider: 'scalewise', reconnected: true });
  });

  it('links any other provider as ever: reconnected is false', async () => {
    const widget = await widgetWith([{ slug: 'pulsewave', status: 'needs_reconnect' }]);
    button(widget, /^Scalewise/).click();
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitForHeading(widget, 'Connected');
    expect(recordEvents(widget).of('link-success')[0]).to.include({ provider: 'scalewise', reconnected: false });
  });
});

describe('disconnecting, with the partner’s disconnectProvider', () => {
  afterEach(() => document.querySelectorAll('provider-link').forEach((widget) => widget.remove()));

  it('asks first, shows progress, then the list says it is disconnected, and link-disconnect names it', async () => {
    const backend = partnerDisconnect();
    const widget = await widgetWith([{ slug: 'pulsewave' }], backend.disconnect, { 'app-name': 'Acme Health' });
    expect(buttons(widget).filter((b) => buttonName(b).startsWith('Disconnect')).map(buttonName), 'beside the connected one only').to.deep.equal(['Disconnect Pulsewave Band']);
    button(widget, 'Disconnect Pulsewave Band').click();
    await waitForHeading(widget, 'Disconnect Pulsewave Band?');
    expect(root(widget).textContent).to.include('Acme Health will stop receiving its data.');
    expect(backend.calls, 'nothing before the person confirms').to.have.length(0);
    button(widget, /^Disconnect$/).click();
    await waitUntil(() => backend.calls.length === 1, 'the partner’s function called');
    expect(backend.calls[0]!.slug).to.equal('pulsewave');
    await waitUntil(() => root(widget).textContent?.includes('Disconnecting…'), 'the progress');
    expect(hasButton(widget, 'Back'), 'no way away while it is under way').to.equal(false);
    backend.calls[0]!.resolve();
    await providersShown(widget);
    expect(root(widget).querySelector('.lead')?.textContent).to.equal('Pulsewave Band is disconnected.');
    expect(rowName(widget, 'Pulsewave')).to.not.match(/Connected/);
    expect(hasButton(widget, 'Disconnect Pulsewave Band')).to.equal(false);
    const recorder = recordEvents(widget);
    expect(recorder.of('link-disconnect')).to.deep.equal([{ provider: 'pulsewave' }]);
    const names = recorder.of('link-event').map((detail) => String(detail['name']));
    expect(names.filter((name) => name.startsWith('disconnect')), 'in order').to.deep.equal(['disconnect_viewed', 'disconnect_confirmed', 'disconnected']);
    expect(recorder.visitIds.every((id) => typeof id === 'string' && LINK_SESSION_ID.test(id) && id === widget.linkSessionId), 'the visit’s id on each').to.equal(true);
  });

  it('Cancel leaves it as it is, and calls nothing', async () => {
    const backend = partnerDisconnect();
    const widget = await widgetWith([{ slug: 'glucomate' }], backend.disconnect);
    button(widget, 'Disconnect Glucomate').click();
    await waitForHeading(widget, 'Disconnect Glucomate?');
    button(widget, 'Cancel').click();
    await providersShown(widget);
    expect(rowName(widget, 'Glucomate')).to.match(/Connected$/);
    expect(backend.calls).to.have.length(0);
    expect(recordEvents(widget).of('link-disconnect')).to.deep.equal([]);
  });

  it('a rejection is disconnect_failed with Try again, which calls it again, and Cancel back to the list', async () => {
    const backend = partnerDisconnect();
    const widget = await widgetWith([{ slug: 'glucomate' }], backend.disconnect);
    button(widget, 'Disconnect Glucomate').click();
    await waitForHeading(widget, 'Disconnect Glucomate?');
    button(widget, /^Disconnect$/).click();
    await waitUntil(() => backend.calls.length === 1, 'the first call');
    backend.calls[0]!.reject(Object.assign(new Error('lt_secret in a message'), { name: 'BackendError' }));
    await waitUntil(() => errorText(widget) !== '', 'the failure');
    expect(errorText(widget)).to.equal('We could not disconnect this provider. Try again.');
    const [failure] = recordEvents(widget).of('link-error');
    expect(failure).to.include({ errorType: 'disconnect_failed', recoverable: true, provider: 'glucomate', debug: 'disconnectProvider() rejected.' });
    expect(buttons(widget).map(buttonName)).to.include.members(['Try again', 'Cancel']);
    button(widget, 'Try again').click();
    await waitUntil(() => backend.calls.length === 2, 'called again');
    backend.calls[1]!.resolve();
    await providersShown(widget);
    expect(recordEvents(widget).of('link-disconnect')).to.deep.equal([{ provider: 'glucomate' }]);
  });

  it('Close while it is under way aborts the function’s signal, and no link-disconnect comes', async () => {
    const backend = partnerDisconnect();
    const widget = await widgetWith([{ slug: 'glucomate' }], backend.disconnect);
    button(widget, 'Disconnect Glucomate').click();
    await waitForHeading(widget, 'Disconnect Glucomate?');
    button(widget, /^Disconnect$/).click();
    await waitUntil(() => backend.calls.length === 1, 'called');
    button(widget, 'Close').click();
    await waitUntil(() => backend.calls[0]!.signal.aborted, 'the signal aborted');
    backend.calls[0]!.resolve();
    expect(recordEvents(widget).of('link-exit')).to.deep.equal([{ reason: 'user_cancelled', provider: 'glucomate', step: 'disconnect' }]);
    expect(recordEvents(widget).of('link-disconnect')).to.deep.equal([]);
  });

  it('in the modal: onDisconnect hears it', async () => {
    const heard: unknown[] = [];
    const handle = openLinkModal({
      linkToken: await mintToken(),
      connectedProviders: [{ slug: 'scalewise' }],
      disconnectProvider: async () => {},
      onDisconnect: (detail) => heard.push(detail),
    });
    const widget = handle.element;
    await providersShown(widget);
    button(widget, 'Disconnect Scalewise').click();
    await waitForHeading(widget, 'Disconnect Scalewise?');
    button(widget, /^Disconnect$/).click();
    await waitUntil(() => heard.length === 1, 'onDisconnect');
    expect(heard[0]).to.deep.equal({ provider: 'scalewise', linkSessionId: widget.linkSessionId });
  });
});
