// The demo page's own code: mint a token from the fake service, mount the widget, log events.
// It starts a widget as soon as it opens (the scenario chosen last in this tab, or `default`);
// the settings form starts it again.
import { logTo, mintToken } from './shared.js';

const SETTINGS_KEY = 'provider-link-demo:settings';

const form = document.querySelector('#setup');
const mount = document.querySelector('#mount');
const log = document.querySelector('#log');
const scenarioSelect = document.querySelector('#scenario');
const scenarioAbout = document.querySelector('#scenario-about');
let scenarioText = {};

const logEvent = (type, detail) => logTo(log, type, detail);

/**
 * The partner's backend, as `requestLinkToken` calls it (README, "Fresh tokens"): a new token for
 * the same scenario, each time the widget needs one (an expired token, "Connect another").
 */
function freshTokens(scenario) {
  return async () => {
    const response = await fetch('/fake/link-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario, redirect_url: `${location.origin}/demo/` }),
    });
    if (!response.ok) throw new Error(`The demo backend made no token: HTTP ${response.status}`);
    logEvent('demo', { minted: 'a fresh link token (requestLinkToken)', scenario });
    return (await response.json()).link_token;
  };
}

/** The token is set before the element is attached: it starts with it (see docs/oauth.md, "Return pages"). */
function mountWidget({ token, oauthMode, provider, locale, region, scenario }) {
  const widget = document.createElement('provider-link');
  // A property, never the link-token attribute: the token stays out of the page's markup.
  if (token) widget.linkToken = token;
  widget.requestLinkToken = freshTokens(scenario);
  widget.setAttribute('oauth-mode', oauthMode || 'auto');
  if (provider) widget.setAttribute('provider', provider);
  if (locale) widget.setAttribute('locale', locale);
  if (region) widget.setAttribute('region', region);
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
    // Untouched fields leave the theme's own values (the dark theme has its own accent).
    else if (field.value && field.value !== field.defaultValue) widget.style.setProperty(field.name, `${field.value}${field.dataset.unit ?? ''}`);
    else widget.style.removeProperty(field.name);
  }
}
themeForm.addEventListener('input', applyTheme);

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
}

/**
 * Mints a token for the form's settings and mounts a widget with it. The page plays the
 * partner's backend here; the token lives only in this call and in the element, never in
 * storage or an address.
 */
async function start(why) {
  const settings = Object.fromEntries(new FormData(form));
  try {
    const token = await mintToken({ scenario: settings.scenario, provider: settings.provider || null });
    log.replaceChildren(); // one token, one log
    logEvent('demo', { minted: `a new link token (${why})`, scenario: settings.scenario });
    mountWidget({ ...settings, token });
  } catch (error) {
    logEvent('demo', { error: String(error) });
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(Object.fromEntries(new FormData(form)))); // choices only, never the token
  await start('settings');
  // On a narrow screen the widget sits below this form: bring it into view.
  if (mount.getBoundingClientRect().top > innerHeight * 0.6) mount.scrollIntoView({ block: 'start' });
});

// This page is also the OAuth redirect_url. As a popup, the script tag has already handed the
// result back and is closing the window: nothing to do here. After a full-page redirect, the
// widget finds the result in the address and shows it; like a partner's return page, this one
// gives it a token again (docs/oauth.md, "Return pages"), so a denied sign-in offers Try again.
if (!window.ProviderLink?.finishedOAuthPopup) {
  await loadScenarios();
  restoreSettings();
  await start('page opened');
}
