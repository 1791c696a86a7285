// The app around docs/frameworks.md's Angular component (connect.component.ts, copied from the
// docs as written): a host that fetches a link token, as the README's quick starts do, and hands it
// to <app-connect [linkToken]>. ngc compiles both with strict templates against the packed tarball
// (`npm run test:types`), and `npm run build:test-apps` bundles them for
// test/quick-start/angular.test.ts.
import { Component, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { ConnectComponent } from './connect.component.js';

const SERVICE = 'http://localhost:8787'; // the fake; yours: https://api.service.example

// Your backend's call, with your API key: the app fetches a token from it.
async function fetchLinkToken(): Promise<string> {
  const answer = await fetch(`${SERVICE}/v2/link/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': 'demo-api-key' },
    body: JSON.stringify({ user_id: crypto.randomUUID(), redirect_url: location.origin + location.pathname }),
  });
  return (await answer.json()).link_token;
}

@Component({
  selector: 'app-root',
  imports: [ConnectComponent],
  // Rendered once the token is there, so the widget starts with it.
  template: `
    @if (linkToken(); as token) {
      <app-connect [linkToken]="token" />
    } @else {
      <p>Loading…</p>
    }
  `,
})
export class AppComponent {
  readonly linkToken = signal('');
  constructor() {
    fetchLinkToken().then((token) => this.linkToken.set(token));
  }
}

// Zoneless, Angular 21's default for a new app: a signal that changes schedules the render, so the
// token's arrival needs no zone.js patching fetch and promises (zone.js is not installed here).
bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((error: unknown) => {
  document.body.textContent = `The Angular app did not start: ${String(error)}`;
});
