/**
 * What a page does in the task that attaches the widget, or just after, takes effect: the visit
 * starts as the element is attached, whatever a framework sets next.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { openLinkModal } from '../../src/entries/modal.js';
import { createWidget, LINK_EVENT_TYPES, mintToken, oneVisit, providersShown, waitUntil } from '../helpers.js';

function attached(attributes: Record<string, string>) {
  const widget = createWidget(attributes);
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  for (const type of LINK_EVENT_TYPES) widget.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  return { widget, of: (type: string) => events.filter((e) => e.type === type).map((e) => e.detail) };
}

describe('in the task that attaches the widget', () => {
  it('exit() right after attaching ends the visit: one link-exit, and no request', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const token = await mintToken();
    const { widget, of } = attached({ 'link-token': token });
    container.append(widget);
    widget.exit();
    await waitUntil(() => of('link-exit').length > 0, 'link-exit');
    const visit = oneVisit(of('link-exit'));
    expect(visit.linkSessionId, 'the element’s own').to.equal(widget.linkSessionId);
    expect(visit.rest).to.deep.equal([{ reason: 'user_cancelled', provider: null, step: 'loading' }]);
    await widget.updateComplete;
    expect(widget.shadowRoot!.querySelector('h2')?.textContent?.trim()).not.to.equal('Connect a data source');
  });

  it('a modal closed in the task that opened it says so once, and a later one opens', async () => {
    const exits: unknown[] = [];
    const first = openLinkModal({ linkToken: await mintToken(), onExit: (detail) => exits.push(detail) });
    first.close();
    await waitUntil(() => exits.length > 0, 'onExit');
    expect(exits).to.have.length(1);
    expect(document.querySelector('dialog')).to.equal(null);
    const second = openLinkModal({ linkToken: await mintToken() });
    await providersShown(second.element);
    second.close();
  });

  for (const [when, later] of [
    ['in a microtask (Vue)', (give: () => void) => queueMicrotask(give)],
    ['a task later (Angular)', (give: () => void) => setTimeout(give)],
  ] as const) {
    it(`no token, and requestLinkToken set ${when}: it asks once and shows the list`, async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      const { widget } = attached({});
      let calls = 0;
      container.append(widget);
      later(() => {
        widget.requestLinkToken = () => ((calls += 1), mintToken());
      });
      await providersShown(widget);
      expect(calls).to.equal(1);
    });
  }
});
