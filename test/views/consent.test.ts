/** src/views/consent.ts: the names of the kinds of data a provider shares, and how many show at once. */
import { expect } from '@open-wc/testing';
import { en } from '../../src/i18n/en.js';
import { loadMessages, LANGUAGES } from '../../src/i18n/index.js';
import { RESOURCE_KINDS } from '../../src/contract/resource-kinds.js';
import { humanise, KINDS_SHOWN, resourceName, splitKinds } from '../../src/views/consent.js';

describe('consent words', () => {
  it('humanises a kind without a name of its own', () => {
    expect(humanise('blood_oxygen')).to.equal('Blood oxygen');
    expect(humanise('vo2-max')).to.equal('Vo2 max');
    expect(humanise('  __a__b ')).to.equal('A b');
    expect(resourceName(en, 'blood_oxygen')).to.equal('Blood oxygen');
    expect(resourceName(en, 'heartrate')).to.equal('Heart rate');
  });

  it('names every common kind in every language, in its own words', async () => {
    for (const language of LANGUAGES) {
      const t = await loadMessages(language);
      for (const kind of RESOURCE_KINDS) expect(t.kinds[kind], `${language} ${kind}`).to.be.a('string').and.not.equal('');
      if (language !== 'en') {
        const same = RESOURCE_KINDS.filter((kind) => t.kinds[kind] === en.kinds[kind]);
        // A few words are the same in two languages (Glucose in Dutch, Weight as “Gewicht”…), not most.
        expect(same.length, `${language} copies English: ${same.join(', ')}`).to.be.below(3);
      }
    }
  });

  it('shows about eight kinds, then “and N more”; one left over is shown, not hidden', () => {
    const names = (count: number) => Array.from({ length: count }, (_, i) => `k${i}`);
    expect(splitKinds(names(3))).to.deep.equal([names(3), []]);
    expect(splitKinds(names(KINDS_SHOWN + 1))[1]).to.deep.equal([]);
    const [shown, more] = splitKinds(names(12));
    expect([shown.length, more.length]).to.deep.equal([KINDS_SHOWN, 12 - KINDS_SHOWN]);
    expect(en.consentMore(4)).to.equal('and 4 more');
  });
});
