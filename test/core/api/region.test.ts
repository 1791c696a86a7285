/** src/core/api/region.ts: what a provider's form_components says about a region, and the picker's options. */
import { expect } from '@open-wc/testing';
import { asksForRegion, COMMON_REGIONS, presetRegion, regionName, regionOptions, regionRequest } from '../../../src/core/api/region.js';
import { PROVIDERS } from '../machine/fixtures.js';

const withForm = (formComponents: Record<string, unknown>) => ({ ...PROVIDERS[2]!, formComponents });

describe('region helpers', () => {
  it('reads the shapes of form_components that ask for a region, and ignores every other', () => {
    expect(regionRequest({ region: true })).to.deep.equal([]);
    expect(regionRequest({ requires_region: true })).to.deep.equal([]);
    expect(regionRequest({ region: ['EU', 'us', 'us', 'usa', 7] })).to.deep.equal(['eu', 'us']);
    expect(regionRequest({ region: { options: ['gb', { value: 'eu' }, { code: 'US' }, { label: 'x' }, null] } })).to.deep.equal(['gb', 'eu', 'us']);
    expect(regionRequest({ region: {} })).to.deep.equal([]);
    for (const ignored of [{}, { region: false }, { region: 'eu' }, { region: 3 }, { region: null }, { region: { required: false, options: ['eu'] } }, { requires_region: 'yes' }, { username: { type: 'text' } }]) {
      expect(regionRequest(ignored), JSON.stringify(ignored)).to.equal(null);
    }
    expect(asksForRegion(withForm({ region: true }))).to.equal(true);
    expect(asksForRegion(withForm({}))).to.equal(false);
    expect(asksForRegion(null)).to.equal(false);
  });

  it('keeps a hostile options list bounded', () => {
    const options = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(97 + (i % 26), 97 + (Math.floor(i / 26) % 26)));
    expect(regionRequest({ region: options })!.length).to.be.at.most(100);
  });

  it('names regions in the widget’s language, and a code no engine can name in capitals', () => {
    expect(regionName('eu', 'en')).to.equal('European Union');
    expect(regionName('us', 'en')).to.equal('United States');
    expect(regionName('de', 'de')).to.equal('Deutschland');
    expect(regionName('qq', 'en')).to.equal('QQ');
    expect(regionName('us', 'not a language tag!')).to.be.a('string').and.not.equal('');
  });

  it('offers the provider’s regions, else the common ones with the region setting among them, sorted by name', () => {
    expect(regionOptions(withForm({ region: ['us', 'eu'] }), 'gb', 'en')).to.deep.equal([
      { code: 'eu', name: 'European Union' },
      { code: 'us', name: 'United States' },
    ]);
    const common = regionOptions(withForm({}), 'ie', 'en');
    expect(common.map((o) => o.code)).to.have.members(['ie', ...COMMON_REGIONS]);
    expect(common.map((o) => o.name)).to.deep.equal([...common.map((o) => o.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(presetRegion(common, 'ie')).to.equal('ie');
    expect(presetRegion(regionOptions(withForm({ region: ['us'] }), 'gb', 'en'), 'gb'), 'not one of the provider’s').to.equal('');
    expect(presetRegion(common, null)).to.equal('');
  });
});
