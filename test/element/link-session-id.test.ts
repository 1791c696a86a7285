/**
 * `linkSessionId`, the key a partner joins a visit's events by: one random id per visit, on every
 * event from the flow's start to its `link-exit`, the same across fresh tokens and Connect another,
 * and a new one for a visit started again after Close, for another widget, and for a widget
 * attached again. Never the token, nor derived from it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, createWidget, DEMO_PASSWORD, LINK_SESSION_ID, mintToken, pressEnter, providersShown, recordEvents, type, waitForHeading } from '../helpers.js';

/** A widget with a token and the page's requestLinkToken, in the page, recording its events. */
async function widget(): Promise<{ widget: ProviderLinkElement; tokens: string[] }> {
  const tokens = [await mintToken()];
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const element = createWidget({ 'link-token': tokens[0]! });
  element.requestLinkToken = async () => {
    const fresh = await mintToken();
    tokens.push(fresh);
    return fresh;
  };
  container.append(element);
  await providersShown(element);
  return { widget: element, tokens };
}

async function linkScalewise(element: ProviderLinkElement) {
  button(element, 'Scalewise').click();
  await waitForHeading(element, 'Sign in to Scalewise');
  await type(element, 'Username', 'ada');
  await type(element, 'Password', DEMO_PASSWORD);
  await pressEnter();
  await waitForHeading(element, 'Connected');
}

describe('linkSessionId', () => {
  it('is one random id on every event of a visit, across Connect another and its fresh token, and is the element’s own', async () => {
    const { widget: element, tokens } = await widget();
    await linkScalewise(element);
    button(element, 'Connect another').click();
    await providersShown(element);
    button(element, 'Close').click();
    const { events, visitIds } = recordEvents(element);
    expect(events.map((e) => e.type)).to.include.members(['link-event', 'link-success', 'link-exit']);
    expect(tokens, 'a fresh token came for Connect another').to.have.length(2);
    const id = element.linkSessionId;
    expect(id).to.match(LINK_SESSION_ID);
    expect(visitIds, 'every event carries it').to.deep.equal(events.map(() => id));
    for (const token of tokens) expect(token).to.not.include(id);
  });

  it('is new for a visit the person starts again after Close, and for another widget', async () => {
    const { widget: first } = await widget();
    const { widget: second } = await widget();
    const before = first.linkSessionId;
    expect(second.linkSessionId, 'another widget, another visit').to.not.equal(before);
    button(first, 'Close').click();
    await waitForHeading(first, 'Closed');
    const { events, visitIds } = recordEvents(first);
    const exits = events.length;
    button(first, 'Start again').click();
    await providersShown(first);
    expect(first.linkSessionId).to.match(LINK_SESSION_ID).and.not.equal(before);
    expect(visitIds.slice(0, exits), 'up to its link-exit').to.deep.equal(Array(exits).fill(before));
    expect(visitIds.slice(exits), 'from the start again').to.deep.equal(Array(visitIds.length - exits).fill(first.linkSessionId));
    expect(events.slice(exits).map((e) => e.detail['name'])).to.deep.equal(['open', 'providers_viewed']);
  });

  it('is new when the widget is removed and attached again (a new visit), and the same when it only moves', async () => {
    const { widget: element } = await widget();
    const before = element.linkSessionId;
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(element);
    await providersShown(element);
    expect(element.linkSessionId, 'moved in one task').to.equal(before);
    element.remove();
    await new Promise((resolve) => queueMicrotask(() => resolve(null)));
    expect(element.linkSessionId, 'no visit while out of the page').to.equal('');
    elsewhere.append(element);
    await providersShown(element);
    expect(element.linkSessionId).to.match(LINK_SESSION_ID).and.not.equal(before);
    elsewhere.remove();
  });
});
