// What a partner's app does around docs/frameworks.md's Vue and Svelte components: it gets a fresh
// link token and hands it to the component as its `linkToken` prop. `npm run build:test-apps`
// bundles it with each component (scripts/build-test-apps.mjs); the served bundle talks to the
// test's fake instead of `npm start`'s (scripts/quick-starts.mjs).
const SERVICE = 'http://localhost:8787'; // the fake; yours: your backend, which holds the API key

/** Your backend's call, with your API key: the app fetches a token from it. */
export async function fetchLinkToken(): Promise<string> {
  const answer = await fetch(`${SERVICE}/v2/link/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': 'demo-api-key' },
    body: JSON.stringify({ user_id: crypto.randomUUID(), redirect_url: location.origin + location.pathname }),
  });
  return ((await answer.json()) as { link_token: string }).link_token;
}
