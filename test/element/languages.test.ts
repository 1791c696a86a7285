/** Per-widget languages: the closest catalogue, right-to-left Arabic, English as the fallback. */
import { expect } from '@open-wc/testing';
import { en, languageFor, LANGUAGES, loadMessages } from '../../src/i18n/index.js';
import type { Messages } from '../../src/i18n/index.js';
import { heading, mintToken, mountWidget, root, waitUntil } from '../helpers.js';

const base = (widget: HTMLElement) => (widget.shadowRoot as ShadowRoot).querySelector('[part~="base"]') as HTMLElement;

describe('languages', () => {
  it('picks the closest language for a tag, English otherwise', () => {
    expect(languageFor('es-MX')).to.equal('es');
    expect(languageFor('fr_CA')).to.equal('fr');
    expect(languageFor('DE')).to.equal('de');
    expect(languageFor('ar-EG')).to.equal('ar');
    expect(languageFor('')).to.equal('en');
    expect(languageFor('sv-SE')).to.equal('en');
  });

  it('has Brazilian Portuguese for every pt tag, Simplified Chinese only for Simplified tags', () => {
    const picks = (tags: string[]) => tags.map((tag) => `${tag} → ${languageFor(tag)}`);
    expect(picks(['pt', 'pt-BR', 'pt-PT', 'pt_AO', 'it-CH', 'nl-BE', 'ja-JP', 'JA'])).to.deep.equal([
      'pt → pt', 'pt-BR → pt', 'pt-PT → pt', 'pt_AO → pt', 'it-CH → it', 'nl-BE → nl', 'ja-JP → ja', 'JA → ja',
    ]);
    expect(picks(['zh', 'zh-CN', 'zh-Hans', 'zh_SG', 'zh-Hans-HK', 'ZH-hans-tw'])).to.deep.equal([
      'zh → zh', 'zh-CN → zh', 'zh-Hans → zh', 'zh_SG → zh', 'zh-Hans-HK → zh', 'ZH-hans-tw → zh',
    ]);
    expect(picks(['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh_Hant_TW', 'zh-hant-cn'])).to.deep.equal([
      'zh-TW → en', 'zh-HK → en', 'zh-MO → en', 'zh-Hant → en', 'zh_Hant_TW → en', 'zh-hant-cn → en',
    ]);
    expect(languageFor('pt-MO'), 'Portuguese in Macau is Portuguese').to.equal('pt');
  });

  it('has every message of the English catalogue in every language, of the same kind', async () => {
    const shape = (messages: Messages) =>
      Object.entries({ ...messages, ...messages.errors }).map(([key, value]) => `${key}:${typeof value}`).sort();
    for (const language of LANGUAGES) {
      const messages = await loadMessages(language);
      expect(messages.lang, `${language} loaded`).to.equal(language);
      expect(shape(messages), language).to.deep.equal(shape(en));
      for (const text of Object.values(messages.errors)) expect(text.trim(), language).not.to.equal('');
      expect(messages.searchResults(1)).not.to.equal(messages.searchResults(5));
    }
  });

  it('shows Spanish for es-MX, marked as Spanish', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'es-MX' });
    await waitUntil(() => heading(widget) === 'Conecta una fuente de datos' || base(widget).lang === 'es', 'Spanish arrives');
    await waitUntil(() => root(widget).querySelectorAll('[part~="provider"]').length > 0);
    expect(base(widget).lang).to.equal('es');
    expect(base(widget).dir).to.equal('ltr');
    expect(heading(widget)).not.to.equal('Connect a data source');
  });

  it('lays Arabic out right to left', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'ar' });
    await waitUntil(() => base(widget).lang === 'ar', 'Arabic arrives');
    expect(base(widget).dir).to.equal('rtl');
    expect(getComputedStyle(base(widget)).direction).to.equal('rtl');
  });

  it('shows Japanese and Simplified Chinese from their own modules', async () => {
    const japanese = await mountWidget({ 'link-token': await mintToken(), locale: 'ja-JP' });
    const chinese = await mountWidget({ 'link-token': await mintToken(), locale: 'zh-CN' });
    await waitUntil(() => heading(japanese) === 'データソースを連携' && heading(chinese) === '连接数据源', 'both languages arrive');
    expect([base(japanese).lang, base(chinese).lang]).to.deep.equal(['ja', 'zh']);
  });

  it('falls back to English for a language it does not have (Traditional Chinese too)', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'zh-TW' });
    await waitUntil(() => heading(widget) === 'Connect a data source');
    expect(base(widget).lang).to.equal('en');
  });

  it('lets two widgets on one page speak two languages', async () => {
    const german = await mountWidget({ 'link-token': await mintToken(), locale: 'de' });
    const french = await mountWidget({ 'link-token': await mintToken(), locale: 'fr-FR' });
    await waitUntil(() => base(german).lang === 'de' && base(french).lang === 'fr', 'both languages arrive');
    await waitUntil(() => root(german).querySelectorAll('[part~="provider"]').length > 0 && root(french).querySelectorAll('[part~="provider"]').length > 0);
    expect(heading(german)).not.to.equal(heading(french));
    expect(document.documentElement.lang, 'no page-wide setting was touched').not.to.equal('fr');
  });

  it('switches language when locale changes', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'en' });
    await waitUntil(() => heading(widget) === 'Connect a data source');
    widget.locale = 'de';
    await waitUntil(() => base(widget).lang === 'de');
    expect(heading(widget)).not.to.equal('Connect a data source');
  });
});
