/** `ProviderLink.open()` (openLinkModal) called without a link token says so, instead of spinning. */
import { expect } from '@open-wc/testing';
import '../../src/element/define.js';
import { openLinkModal } from '../../src/embed/modal.js';
import type { OpenOptions } from '../../src/embed/modal.js';

describe('openLinkModal without a token', () => {
  for (const options of [{}, { linkToken: null }, { linkToken: 42 }, undefined]) {
    it(`throws a TypeError naming linkToken for ${JSON.stringify(options)}, and shows nothing`, () => {
      expect(() => openLinkModal(options as unknown as OpenOptions)).to.throw(TypeError, /linkToken/);
      expect(document.querySelector('dialog')).to.equal(null);
    });
  }

  it("still opens with an empty token (a return page's, spent)", () => {
    const handle = openLinkModal({ linkToken: '' });
    expect(document.querySelector('dialog')?.open).to.equal(true);
    handle.close();
    expect(document.querySelector('dialog')).to.equal(null);
  });
});
