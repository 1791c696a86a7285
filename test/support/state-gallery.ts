/**
 * Every state of the link machine, rendered through the widget's own view: the states come from
 * the machine's shortest paths, so a new state cannot escape the checks (or the gallery).
 */
import { render } from 'lit';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { LinkApiError } from '../../src/api/errors.js';
import { styles } from '../../src/element/styles.js';
import { loadMessages } from '../../src/i18n/index.js';
import { linkMachine } from '../../src/machine/link-machine.js';
import type { LinkSnapshot } from '../../src/machine/link-machine.js';
import type { ViewActions } from '../../src/views/types.js';
import { screenFor } from '../../src/views/screen.js';
import { widgetView } from '../../src/views/widget.js';
import { EVENTS, PROVIDERS, statePath } from '../machine/fixtures.js';
import { actorDone, actorFailed } from './actor-events.js';
import type { LinkEvent } from '../../src/machine/link-machine.js';

export interface StateSample {
  /** The dotted state path, plus what makes this sample different (`password.credentials:error`). */
  name: string;
  snapshot: LinkSnapshot | null;
}

/** One sample per reachable state (several where the context shows differently), plus "no flow yet". */
export function stateSamples(): StateSample[] {
  const paths = getShortestPaths(linkMachine, {
    events: EVENTS,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error?.code ?? null]),
    input: {},
  });
  const samples: StateSample[] = [{ name: 'no-token', snapshot: null }, ...closedSamples()];
  for (const path of paths) {
    const snapshot = path.state as LinkSnapshot;
    // A graph walk runs actions with a stand-in actor, which cannot tell which screen was closed:
    // the closed screens come from real flows (closedSamples) instead.
    if (snapshot.status === 'done') continue;
    const name = [statePath(snapshot.value), snapshot.context.error?.code].filter(Boolean).join(':');
    samples.push({ name, snapshot });
  }
  return samples.sort((a, b) => a.name.localeCompare(b.name));
}

/** The screen after the flow ended, for each way it can end: closed by the user, after success, after an error. */
function closedSamples(): StateSample[] {
  const ended = (name: string, ...events: LinkEvent[]): StateSample => {
    const actor = createActor(linkMachine, { input: {} }).start();
    for (const event of events) actor.send(event);
    actor.send({ type: 'EXIT' });
    const snapshot = actor.getSnapshot();
    actor.stop();
    return { name: `exited:${name}`, snapshot };
  };
  const listed = actorDone('listProviders', PROVIDERS);
  const refused = actorFailed('listProviders', new LinkApiError('invalid_token', 401));
  const linked = actorDone('signIn', { state: 'success', redirectUrl: null, mfa: null });
  return [
    ended('user_cancelled', listed),
    ended('done', listed, { type: 'SELECT', slug: 'meter' }, { type: 'SUBMIT_CREDENTIALS', username: 'a', password: 'b' }, linked),
    ended('error', refused),
  ];
}

const noActions: ViewActions = {
  select() {},
  search() {},
  showMore() {},
  submitCredentials() {},
  submitMfa() {},
  submitEmail() {},
  openWindow() {},
  retry() {},
  cancel() {},
  back() {},
  close() {},
  restart() {},
};

/** Renders one sample as the element would show it, in a shadow root with the element's styles. */
export async function renderSample(sample: StateSample, options: { locale: string; theme: 'light' | 'dark' }, into: HTMLElement = document.body) {
  const host = document.createElement('div');
  host.setAttribute('theme', options.theme);
  host.dataset['state'] = sample.name;
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [styles.styleSheet as CSSStyleSheet];
  const t = await loadMessages(options.locale);
  const state = { snapshot: sample.snapshot, t, query: '', listLimit: 50, region: '', hosted: false };
  render(widgetView(screenFor(state, noActions), t, noActions), root);
  into.append(host);
  return host;
}
