/** `ProviderLink.open()` (openLinkModal) called without a link token says so, instead of spinning. */
import { expect } from '@open-wc/testing';
import '../../src/entries/define.js';
import { openLinkModal } from '../../src/entries/modal.js';
import type { OpenOptions } from '../../src/entries/modal.js';
import { button, heading, waitUntil } from '../helpers.js';

describe('openLinkModal without a token', () => {
  for (const options of [{}, { linkToken: null }, { linkToken: 42 }, undefined]) {
    it(`throws a TypeError naming linkToken for ${JSON.stringify(options)}, and shows nothing`, () => {
      expect(() => openLinkModal(options as unknown as OpenOptions)).to.throw(TypeError, /linkToken/);
      expect(document.querySelector('dialog')).to.equal(null);
    });
  }

  it("opens with an empty token (a return page's, spent); with no result to show it says the link cannot be used, and Close ends it", async () => {
    const errors: Record<string, unknown>[] = [];
    const exits: Record<string, unknown>[] = [];
    const handle = openLinkModal({ linkToken: '', onError: (detail) => errors.push({ ...detail }), onExit: (detail) => exits.push({ ...detail }) });
    expect(document.querySelector('dialog')?.open).to.equal(true);
    await handle.element.updateComplete;
    expect(heading(handle.element)).to.equal('This link cannot be used');
    // Told once the page's code has had its turn to listen.
    await waitUntil(() => errors.length > 0, 'the error reported');
    expect(errors.map(({ errorType, recoverable }) => ({ errorType, recoverable }))).to.deep.equal([{ errorType: 'invalid_token', recoverable: false }]);
    button(handle.element, 'Close').click();
    expect(exits.map((exit) => exit['reason'])).to.deep.equal(['error']);
    expect(document.querySelector('dialog')).to.equal(null);
  });
});
