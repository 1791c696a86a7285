import { expect } from '@open-wc/testing';
import type { LinkExitDetail } from '../../src/contract/events.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, fakeRequests, heading, mintToken, oneVisit, providersShown } from '../helpers.js';

// The advice of docs/embedding.md, "Setting the token" (from your page's code), in the order frameworks do it:
// the element is connected first (React, @lit/react and Vue set properties after mounting), and
// the token arrives in the same task, before the element's first render.
describe('<provider-link> given its token from code after it was connected', () => {
  let widget: ProviderLinkElement;
  afterEach(() => widget?.remove());

  it('starts the flow once, with that token', async () => {
    const linkToken = await mintToken();
    widget = document.createElement('provider-link');
    document.body.append(widget);
    widget.linkToken = linkToken;
    await providersShown(widget);
    // By token: the fake's log keeps the last 500 calls, from every engine running beside this one.
    const lists = (await fakeRequests(linkToken)).filter((request) => request.path === '/v2/link/providers');
    expect(lists, 'one request for the list').to.have.length(1);
  });

  it('waits on its loading screen without one, and Close still ends the flow with link-exit', async () => {
    widget = document.createElement('provider-link');
    const exits: LinkExitDetail[] = [];
    widget.addEventListener('link-exit', (event) => exits.push(event.detail));
    document.body.append(widget);
    await widget.updateComplete;
    expect(heading(widget), 'no error flashes while the page fetches its token').to.equal('Loading');
    button(widget, 'Close').click();
    const visit = oneVisit(exits);
    expect(visit.linkSessionId, 'the element’s own').to.equal(widget.linkSessionId);
    expect(visit.rest).to.deep.equal([{ reason: 'user_cancelled', provider: null, step: 'loading' }]);
  });
});
