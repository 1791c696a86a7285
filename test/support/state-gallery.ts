/**
 * Every state of the link machine, rendered through the widget's own view: the states come from
 * the machine's shortest paths, so a new state cannot escape the checks (or the gallery).
 */
import { render } from 'lit';
import { createActor } from 'xstate';
import { LinkApiError } from '../../src/core/api/api-error.js';
import { styles } from '../../src/element/styles.js';
import { loadMessages } from '../../src/i18n/index.js';
import { linkMachine } from '../../src/core/machine/link-machine.js';
import type { LinkSnapshot } from '../../src/core/machine/link-machine.js';
import type { ViewActions } from '../../src/views/types.js';
import { screenFor } from '../../src/views/screen.js';
import { widgetView } from '../../src/views/widget.js';
import { PROVIDERS, statePath, STEPS } from '../core/machine/fixtures.js';
import { answers, fails, shortestPaths, snapshotAfter } from './scripted-flow.js';
import type { Step } from './scripted-flow.js';

export interface StateSample {
  /** The dotted state path, plus what makes this sample different (`password.credentials:error`). */
  name: string;
  snapshot: LinkSnapshot | null;
}

/** One sample per reachable state (several where the context shows differently), plus "no flow yet". */
export function stateSamples(): StateSample[] {
  return [...SAMPLES];
}

/** The list as a long one shows (the gallery's modal). */
export function longListSample(): StateSample {
  return LONG_LIST;
}

async function collectSamples(): Promise<StateSample[]> {
  const paths = await shortestPaths({}, STEPS, (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error?.code ?? null]));
  // With requestLinkToken: the states that get a fresh token (the others are as above).
  // With requestLinkToken: the states that show otherwise (its failure, the token screen's Try again).
  const renewing = (await Promise.all([{ settings: { renewsToken: true } }, { settings: { renewsToken: true, linkToken: '' } }].map((input) => shortestPaths(input, STEPS, (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error?.code ?? null])))))
    .flat()
    .map(({ snapshot }) => ({ snapshot, name: [statePath(snapshot.value), snapshot.context.error?.code, snapshot.can({ type: 'RETRY' }) && 'try-again'].filter(Boolean).join(':') }));
  const samples: StateSample[] = [
    { name: 'no-token', snapshot: null },
    waitingForToken(),
    ...(await closedSamples()),
    await regionPicker(),
    ...(await connectAnotherSamples()),
    ...(await connectionSamples()),
  ];
  const named = paths.map(({ snapshot }) => ({ snapshot, name: [statePath(snapshot.value), snapshot.context.error?.code].filter(Boolean).join(':') }));
  for (const { snapshot, name } of [...named, ...renewing]) {
    // The closed screens are told apart by how the flow ended, not by the error it ended on: they
    // come from closedSamples.
    if (snapshot.matches('exited')) continue;
    // The renewal walk reaches some states the shortest paths already have: one picture each.
    if (!samples.some((sample) => sample.name === name)) samples.push({ name, snapshot });
  }
  return samples.sort((a, b) => a.name.localeCompare(b.name));
}

/** A flow started without a token, waiting for the page to set one (the paths above all have one). */
function waitingForToken(): StateSample {
  const actor = createActor(linkMachine, { input: { settings: { linkToken: '' } } }).start();
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { name: statePath(snapshot.value), snapshot };
}

const listed = answers('listProviders', PROVIDERS);
const linked = answers('signIn', { state: 'success', redirectUrl: null, mfa: null });
const signedIn: Step[] = [listed, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'a', password: 'b' }, linked];

/** With requestLinkToken: the success screen offers "Connect another", and the list after it marks what was linked. */
async function connectAnotherSamples(): Promise<StateSample[]> {
  const input = { settings: { renewsToken: true, linkToken: 'first' } };
  // The list is asked again with the fresh token.
  const again: Step[] = [{ type: 'CONNECT_ANOTHER' }, answers('requestLinkToken', 'second'), listed];
  return [
    { name: 'success:connect-another', snapshot: await snapshotAfter(signedIn, input) },
    { name: 'providers:connected', snapshot: await snapshotAfter([...signedIn, ...again], input) },
  ];
}

/**
 * With providers the person has (one connected, one to reconnect) and the page's
 * disconnectProvider: the list's marks and Disconnect, the confirmation, its progress and failure,
 * the list after it, and a reconnection's sign-in and success.
 */
async function connectionSamples(): Promise<StateSample[]> {
  const input = { settings: { connected: [{ slug: 'meter', status: 'connected' as const }, { slug: 'scale', status: 'needs_reconnect' as const }], disconnects: true } };
  const confirm: Step[] = [listed, { type: 'DISCONNECT', slug: 'meter' }];
  const reconnect: Step[] = [listed, { type: 'SELECT', slug: 'scale' }];
  const failed = fails('disconnectProvider', new Error('disconnectProvider() rejected.'));
  return [
    { name: 'providers:connections', snapshot: await snapshotAfter([listed], input) },
    { name: 'disconnect.confirming', snapshot: await snapshotAfter(confirm, input) },
    { name: 'disconnect.disconnecting', snapshot: await snapshotAfter([...confirm, { type: 'CONFIRM_DISCONNECT' }], input) },
    { name: 'disconnect.failed:disconnect_failed', snapshot: await snapshotAfter([...confirm, { type: 'CONFIRM_DISCONNECT' }, failed], input) },
    { name: 'providers:disconnected', snapshot: await snapshotAfter([...confirm, { type: 'CONFIRM_DISCONNECT' }, answers('disconnectProvider', undefined)], input) },
    { name: 'password.credentials:reconnect', snapshot: await snapshotAfter(reconnect, input) },
    {
      name: 'success:reconnected',
      snapshot: await snapshotAfter([...reconnect, { type: 'SUBMIT_CREDENTIALS', username: 'a', password: 'b', region: 'eu' }, linked], input),
    },
  ];
}

/** A sign-in form whose provider asks for a region (`form_components`): the picker before any answer. */
async function regionPicker(): Promise<StateSample> {
  const snapshot = await snapshotAfter([listed, { type: 'SELECT', slug: 'scale' }]);
  return { name: `${statePath(snapshot.value)}:region`, snapshot };
}

/** The screen after the flow ended, for each way it can end: closed by the user, after success, after an error. */
async function closedSamples(): Promise<StateSample[]> {
  const ended = async (name: string, ...steps: Step[]): Promise<StateSample> => ({ name: `exited:${name}`, snapshot: await snapshotAfter([...steps, { type: 'EXIT' }]) });
  return [
    await ended('user_cancelled', listed),
    await ended('done', ...signedIn),
    await ended('error', fails('listProviders', new LinkApiError('invalid_token', 401))),
  ];
}

/** The fixtures' providers and enough invented trackers after them to scroll. */
async function longList(): Promise<StateSample> {
  const trackers = Array.from({ length: 20 }, (_, i) => ({
    ...PROVIDERS[0]!,
    slug: `tracker-${i + 1}`,
    name: `Tracker ${String.fromCharCode(65 + i)}${i + 1}`,
    description: 'Steps, sleep and heart rate from your tracker.',
  }));
  return { name: 'modal:long-list', snapshot: await snapshotAfter([answers('listProviders', [...PROVIDERS, ...trackers])]) };
}

// Walked once, as this module loads: the calls are real actors, which answer asynchronously, and
// the samples' users (the gallery page, the views and accessibility tests) take them as a list.
const SAMPLES = await collectSamples();
const LONG_LIST = await longList();

const noActions: ViewActions = {
  select() {},
  search() {},
  clearSearch() {},
  showMore() {},
  submitCredentials() {},
  submitMfa() {},
  submitEmail() {},
  openWindow() {},
  showWindow() {},
  retry() {},
  cancel() {},
  back() {},
  close() {},
  restart() {},
  connectAnother() {},
  disconnect() {},
  confirmDisconnect() {},
};

/** Renders one sample as the element would show it, in a shadow root with the element's styles. */
export async function renderSample(sample: StateSample, options: { locale: string; theme: 'light' | 'dark'; appName?: string }, into: HTMLElement = document.body) {
  const host = document.createElement('div');
  host.setAttribute('theme', options.theme);
  host.dataset['state'] = sample.name;
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [styles.styleSheet as CSSStyleSheet];
  const t = await loadMessages(options.locale);
  const state = { snapshot: sample.snapshot, t, query: '', listLimit: 50, region: '', appName: options.appName ?? '', hosted: false, debug: true };
  render(widgetView(screenFor(state, noActions), t, noActions), root);
  into.append(host);
  return host;
}

/**
 * The sample with every optional piece of data present: the templates render a logo only for a
 * provider that has one, and "Technical details" only for an error that carries them.
 */
function filledIn(snapshot: LinkSnapshot): LinkSnapshot {
  const { providers, provider, error } = snapshot.context;
  const logo = 'https://logos.example/sample.png';
  const context = {
    ...snapshot.context,
    providers: providers.map((each) => ({ ...each, logo })),
    provider: provider && { ...provider, logo },
    error: error && { ...error, debug: 'HTTP 502, request id 1234' },
  };
  return { ...snapshot, context } as LinkSnapshot;
}

/**
 * Every element and attribute name the templates render, over every sample, bare and filled in,
 * the chosen provider in the header as the element shows it: what a widget may contain, whatever
 * data it shows. A template that gains an element or an attribute widens it by itself.
 */
export async function renderedVocabulary(): Promise<{ tags: Set<string>; attributes: Set<string> }> {
  const t = await loadMessages('en');
  const tags = new Set<string>();
  const attributes = new Set<string>();
  const into = document.createElement('div');
  for (const { snapshot } of stateSamples()) {
    for (const shown of snapshot ? [snapshot, filledIn(snapshot)] : [snapshot]) {
      for (const hosted of [false, true]) {
        const state = { snapshot: shown, t, query: '', listLimit: 50, region: 'eu', appName: 'Acme Health', hosted, debug: true };
        render(widgetView(screenFor(state, noActions), t, noActions, shown?.context.provider), into);
        for (const element of into.querySelectorAll('*')) {
          tags.add(element.localName);
          for (const { name } of element.attributes) attributes.add(name);
        }
      }
    }
  }
  render(null, into);
  return { tags, attributes };
}
