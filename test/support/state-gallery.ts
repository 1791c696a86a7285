/**
 * Every state of the link machine, rendered through the widget's own view: the states come from
 * the machine's shortest paths, so a new state cannot escape the checks (or the gallery).
 */
import { render } from 'lit';
import { getShortestPaths } from 'xstate/graph';
import { styles } from '../../src/element/styles.js';
import { loadMessages } from '../../src/i18n/index.js';
import { linkMachine } from '../../src/machine/link-machine.js';
import type { LinkSnapshot } from '../../src/machine/link-machine.js';
import type { ViewActions } from '../../src/views/types.js';
import { screenFor } from '../../src/views/screen.js';
import { widgetView } from '../../src/views/widget.js';
import { EVENTS, statePath } from '../machine/fixtures.js';

export interface StateSample {
  /** The dotted state path, plus what makes this sample different (`password.credentials:error`). */
  name: string;
  snapshot: LinkSnapshot | null;
}

/** One sample per reachable state (several where the context shows differently), plus "no flow yet". */
export function stateSamples(): StateSample[] {
  const paths = getShortestPaths(linkMachine, {
    events: EVENTS,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error?.code ?? null, snapshot.context.exitReason]),
    input: {},
  });
  const samples: StateSample[] = [{ name: 'no-token', snapshot: null }];
  for (const path of paths) {
    const snapshot = path.state as LinkSnapshot;
    const { error, exitReason } = snapshot.context;
    const name = [statePath(snapshot.value), error?.code, exitReason].filter(Boolean).join(':');
    samples.push({ name, snapshot });
  }
  return samples.sort((a, b) => a.name.localeCompare(b.name));
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
  const state = { snapshot: sample.snapshot, t, query: '', listLimit: 50, region: '' };
  render(widgetView(screenFor(state, noActions), t, noActions), root);
  into.append(host);
  return host;
}
