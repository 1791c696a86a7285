// What the demo pages share: minting a token from the fake service (a real integration does
// this on its backend), the credentials the fake accepts, shown where a page names them, and an
// event log.
import * as credentials from '../test/fake-service/credentials.js';

const API_KEY = credentials.DEMO_API_KEY; // the fake's key; a real API key never reaches a browser

for (const code of document.querySelectorAll('code[data-credential]')) code.textContent = credentials[code.dataset.credential];

export async function mintToken({ scenario = 'default', provider = null, redirectUrl = `${location.origin}/demo/` } = {}) {
  const response = await fetch('/v2/link/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': API_KEY },
    body: JSON.stringify({ user_id: crypto.randomUUID(), scenario, provider, redirect_url: redirectUrl }),
  });
  if (!response.ok) throw new Error(`Minting a token failed: HTTP ${response.status}`);
  return (await response.json()).link_token;
}

/** Prepends one entry to a log list: a coloured label, the time, and the data as JSON. */
export function logTo(list, label, data) {
  const item = document.createElement('li');
  item.className = label;
  const name = document.createElement('span');
  name.className = 'type';
  name.textContent = label;
  item.append(name, ` ${new Date().toLocaleTimeString()}\n${typeof data === 'string' ? data : JSON.stringify(data, null, 2)}`);
  list.prepend(item);
}
