/** Per-widget languages: the closest catalogue, right-to-left Arabic, English as the fallback. */
import { expect, waitUntil } from '@open-wc/testing';
import { en, languageFor, LANGUAGES, loadMessages } from '../../src/i18n/index.js';
import type { Messages } from '../../src/i18n/index.js';
import { heading, mintToken, mountWidget, root } from '../helpers.js';

const base = (widget: HTMLElement) => (widget.shadowRoot as ShadowRoot).querySelector('[part~="base"]') as HTMLElement;

describe('languages', () => {
  it('picks the closest language for a tag, English otherwise', () => {
    expect(languageFor('es-MX')).to.equal('es');
    expect(languageFor('fr_CA')).to.equal('fr');
    expect(languageFor('DE')).to.equal('de');
    expect(languageFor('ar-EG')).to.equal('ar');
    expect(languageFor('pt-BR')).to.equal('en');
    expect(languageFor('')).to.equal('en');
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

  it('falls back to English for a language it does not have', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), locale: 'pt-BR' });
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
