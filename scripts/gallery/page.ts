// Every state sample (the machine's own shortest paths) rendered through the widget's view.
import { longListSample, renderSample, stateSamples } from '../../test/support/state-gallery.js';

const params = new URLSearchParams(location.search);
const locale = params.get('locale') ?? 'en';
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.classList.toggle('dark', theme === 'dark');

// `state=…`: that state only (the gallery's one state in each further language).
const only = params.get('state');
for (const sample of stateSamples().filter((s) => only === null || s.name === only)) {
  const figure = document.createElement('figure');
  figure.dataset['state'] = sample.name;
  const caption = document.createElement('figcaption');
  caption.textContent = sample.name;
  const frame = document.createElement('div');
  figure.append(caption, frame);
  document.body.append(figure);
  // With the partner's name, as most pages set it: "Acme Health will receive: …".
  await renderSample(sample, { locale, theme, appName: 'Acme Health' }, frame);
}

// The modal with a long list, as `ProviderLink.open()` shows it (src/entries/modal.ts): one height,
// inside the viewport with its margins, the list scrolling under the header.
const modal = longListSample();
if (only === null || only === modal.name) {
  const figure = document.createElement('figure');
  figure.dataset['state'] = modal.name;
  const caption = document.createElement('figcaption');
  caption.textContent = `${modal.name} (a viewport of 600 × 760)`;
  const viewport = document.createElement('div');
  viewport.className = 'viewport';
  const dialog = document.createElement('div');
  dialog.className = 'dialog';
  viewport.append(dialog);
  figure.append(caption, viewport);
  document.body.append(figure);
  await renderSample(modal, { locale, theme }, dialog);
}
document.body.dataset['ready'] = '';
