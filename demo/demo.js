// The demo page's own code: mint a token from the fake service, mount the widget, log events.
const API_KEY = 'demo-api-key'; // the fake's key; a real API key never reaches a browser
const SETTINGS_KEY = 'provider-link-demo:settings';

const form = document.querySelector('#setup');
const mount = document.querySelector('#mount');
const log = document.querySelector('#log');
const scenarioSelect = document.querySelector('#scenario');
const scenarioAbout = document.querySelector('#scenario-about');
let scenarioText = {};

function logEvent(type, detail) {
  const item = document.createElement('li');
  item.className = type;
  const name = document.createElement('span');
  name.className = 'type';
  name.textContent = type;
  item.append(name, ` ${new Date().toLocaleTimeString()}\n${JSON.stringify(detail, null, 2)}`);
  log.prepend(item);
}

function mountWidget({ token, oauthMode, provider, locale }) {
  const widget = document.createElement('provider-link');
  if (token) widget.setAttribute('link-token', token);
  widget.setAttribute('oauth-mode', oauthMode || 'auto');
  if (provider) widget.setAttribute('provider', provider);
  if (locale) widget.setAttribute('locale', locale);
  for (const type of ['link-success', 'link-error', 'link-exit', 'link-event']) {
    widget.addEventListener(type, (event) => logEvent(type, event.detail));
  }
  mount.replaceChildren(widget);
  applyTheme();
}

/** The theme playground: its fields are the widget's public custom properties (and theme). */
const themeForm = document.querySelector('#theme');
function applyTheme() {
  const widget = mount.querySelector('provider-link');
  if (!widget) return;
  for (const field of themeForm.elements) {
    if (!field.name) continue;
    if (field.name === 'theme') widget.setAttribute('theme', field.value);
    else if (field.value) widget.style.setProperty(field.name, `${field.value}${field.dataset.unit ?? ''}`);
    else widget.style.removeProperty(field.name);
  }
}
themeForm.addEventListener('input', applyTheme);

async function mintToken(scenario, provider) {
  const response = await fetch('/v2/link/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': API_KEY },
    body: JSON.stringify({
      user_id: crypto.randomUUID(),
      scenario,
      provider: provider || null,
      redirect_url: `${location.origin}/demo/`,
    }),
  });
  if (!response.ok) throw new Error(`Minting a token failed: HTTP ${response.status}`);
  return (await response.json()).link_token;
}

async function loadScenarios() {
  scenarioText = await (await fetch('/fake/scenarios')).json();
  for (const value of Object.keys(scenarioText)) scenarioSelect.append(new Option(value, value));
  describeScenario();
}

function describeScenario() {
  scenarioAbout.textContent = scenarioText[scenarioSelect.value] ?? '';
}
scenarioSelect.addEventListener('change', describeScenario);

function restoreSettings() {
  const saved = JSON.parse(sessionStorage.getItem(SETTINGS_KEY) ?? '{}');
  for (const [name, value] of Object.entries(saved)) {
    if (form.elements[name]) form.elements[name].value = value;
  }
  describeScenario();
  return saved;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const settings = Object.fromEntries(new FormData(form));
  sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); // choices only, never the token
  try {
    const token = await mintToken(settings.scenario, settings.provider);
    log.replaceChildren(); // one token, one log
    logEvent('demo', { minted: 'a new link token', scenario: settings.scenario });
    mountWidget({ ...settings, token });
    // On a narrow screen the widget sits below this form: bring it into view.
    if (mount.getBoundingClientRect().top > innerHeight * 0.6) mount.scrollIntoView({ block: 'start' });
  } catch (error) {
    logEvent('demo', { error: String(error) });
  }
});

// This page is also the OAuth redirect_url. As a popup, the script tag has already handed the
// result back and is closing the window: nothing to do here.
if (!window.ProviderLink?.finishedOAuthPopup) {
  await loadScenarios();
  const settings = restoreSettings();
  // Back from a full-page OAuth redirect: the widget shows the outcome without a token.
  if (new URLSearchParams(location.search).has('state')) mountWidget(settings);
}
