/**
 * The entry-order matrix: the widget behaves the same whatever order a page or a framework hands it
 * its token, its other settings and its listeners in. Each entry way is a partner page, loaded in a
 * frame as a person opens it (test/fixtures/entry-order/, and the static pages in
 * test/fixtures/return-pages/, which scripts/return-pages.mjs serves with the token in their
 * markup); each runs two checks:
 *
 * - Redirect return: the page is its own redirect_url (`oauth-mode="redirect"`). After Allow it
 *   shows "Connected" and the page hears exactly one success (a `link-success` listener, or
 *   `onSuccess`); after Deny, the OAuth failure screen with Try again, never the provider list.
 *   Neither calls the API on the way back.
 * - Token loop: the page gives `requestLinkToken` and passes each token it returns back as
 *   `linkToken` (before returning, in a microtask, or a task later), against a service that refuses
 *   every token (the fake's `expired` scenario). Until a person acts, the page's function is called
 *   at most once, and the widget rests on the token screen, which offers Try again; Try again makes
 *   exactly one more call.
 *
 * Nothing here waits for a time: each check waits for a screen, for the page's own marks (it has
 * set everything, it has passed its token back), for Lit's update and a frame, and for the fake
 * service's log of the requests each token made.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { buttonName, buttons, consentPage, decide, fakeRequests, heading, mintToken, oneVisit, waitUntil } from '../helpers.js';

/** Each way a page hands the widget its settings: the partner page that does it, by its address. */
interface EntryWay {
  name: string;
  page: string;
}

const ENTRY_WAYS: readonly EntryWay[] = [
  // @lit/react creates and attaches the element, then sets its properties and listeners in a layout effect.
  { name: 'React <ProviderLink>', page: '/test/fixtures/entry-order/react.html?app=component' },
  // The hook gives the dialog's element every setting before attaching it; a return page opens it again.
  { name: 'React useProviderLink', page: '/test/fixtures/entry-order/react.html?app=hook' },
  // A Svelte 5 component compiled by Svelte: it sets the properties (the registered element has them) and listeners, then inserts the element.
  { name: 'Svelte 5 component', page: '/test/fixtures/entry-order/svelte.html' },
  // Attached first; properties and listeners a task later, as Angular's change detection may.
  { name: 'Angular-style binding', page: '/test/fixtures/entry-order/dom.html?way=angular-style' },
  // Attached first; properties and listeners a microtask later, as Vue's scheduler may.
  { name: 'Vue-style binding', page: '/test/fixtures/entry-order/dom.html?way=vue-style' },
  { name: 'properties set before attaching', page: '/test/fixtures/entry-order/dom.html?way=property-before-attach' },
  { name: 'properties set right after attaching', page: '/test/fixtures/entry-order/dom.html?way=property-after-attach' },
  // The token in the markup, as a server renders it; the page's script after the widget's, loaded the same way.
  { name: 'token attribute in static HTML, classic script', page: '/test/return-pages/entry-order-classic-script' },
  { name: 'token attribute in static HTML, deferred script', page: '/test/return-pages/entry-order-deferred-script' },
  { name: 'token attribute in static HTML, module script', page: '/test/return-pages/entry-order-module-script' },
];

/** When the page passes the token its requestLinkToken returns back as `linkToken` (partner.js, `pass`). */
const PASS_BACKS = {
  sync: 'before returning it',
  microtask: 'in a microtask',
  task: 'a task after returning it',
} as const;

const LIST = 'Connect a data source';
const CONNECTED = 'Connected';
const OAUTH_FAILED = 'Not connected';
const TOKEN_SCREEN = 'This link cannot be used';
/** What the way out asks the service for; the way back asks nothing more. */
const WAY_OUT_CALLS = ['/v2/link/providers', '/v2/link/provider/oauth/pulsewave'];

/** What test/fixtures/entry-order/partner.js keeps on the page's window. */
interface Partner {
  heard: { type: string; detail: Record<string, unknown> }[];
  tokenRequests: number;
  given: string[];
  passedBack: string[];
  settled: boolean;
}
type PartnerWindow = Window & typeof globalThis & { partner?: Partner };

/** A partner page in a frame, read as a person sees it. */
class PartnerPage {
  readonly #frame = document.createElement('iframe');
  readonly #path: string;

  constructor(url: string) {
    this.#path = new URL(url).pathname;
    this.#frame.src = url;
    document.body.append(this.#frame);
  }

  get win(): PartnerWindow {
    return this.#frame.contentWindow as PartnerWindow;
  }

  /** The partner's marks, once the partner page (not the provider's) is in the frame. */
  get partner(): Partner | undefined {
    try {
      return this.win.location.pathname === this.#path ? this.win.partner : undefined;
    } catch {
      return undefined;
    }
  }

  get widget(): ProviderLinkElement | null {
    return this.partner ? (this.win.document.querySelector('provider-link') as ProviderLinkElement | null) : null;
  }

  get heading(): string {
    return this.widget?.shadowRoot ? heading(this.widget) : '';
  }

  /** A screen a person can act on: not the loading one, nor a busy step. */
  get idle(): boolean {
    return this.widget?.shadowRoot?.querySelector('.base')?.getAttribute('aria-busy') === 'false';
  }

  get buttonNames(): string[] {
    return this.widget?.shadowRoot ? buttons(this.widget).map(buttonName) : [];
  }

  button(name: string): HTMLButtonElement | undefined {
    return this.widget?.shadowRoot ? buttons(this.widget).find((b) => buttonName(b).includes(name)) : undefined;
  }

  /** The details of the `type` events the page's own listeners (or callbacks) heard. */
  heard(type: string): Record<string, unknown>[] {
    return (this.partner?.heard ?? []).filter((event) => event.type === type).map((event) => event.detail);
  }

  /** What the person sees, for a failure's message. */
  get screen(): string {
    return `"${this.heading}" [${this.buttonNames.join(' | ')}]`;
  }

  /**
   * The page has set everything it sets, its widget shows a screen a person can act on, Lit has
   * no update pending and the frame has painted: whatever the page's settings were going to
   * restart has restarted by now.
   */
  async settle(): Promise<void> {
    await waitOn(this, () => this.partner?.settled && this.idle, 'the page to have set everything and its widget to show a screen to act on');
    await this.widget!.updateComplete;
    await new Promise((resolve) => this.win.requestAnimationFrame(resolve));
  }

  remove(): void {
    this.#frame.remove();
  }
}

/** Waits for `predicate`; if it never holds, says what the page shows by then. */
async function waitOn(page: PartnerPage, predicate: () => unknown, what: string): Promise<void> {
  try {
    await waitUntil(predicate, what);
  } catch (error) {
    throw new Error(`Waited in vain for ${what}: the page shows ${page.screen}, after ${page.partner?.tokenRequests ?? 0} requestLinkToken call(s)`, { cause: error });
  }
}

/** The page's address with the test's parameters for partner.js. */
function pageUrl(way: EntryWay, parameters: Record<string, string> = {}): string {
  const url = new URL(way.page, location.origin);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.href;
}

/** Opens the page in a frame; its backend hands it `token` (scripts/return-pages.mjs, one per engine). */
async function openPage(url: string, token: string): Promise<PartnerPage> {
  await executeServerCommand('return-page-token', { token, userAgent: navigator.userAgent });
  return new PartnerPage(url);
}

/** The link API paths the fake saw with each token, in order. */
async function pathsWith(tokens: string[]): Promise<string[][]> {
  return Promise.all(tokens.map(async (token) => (await fakeRequests(token)).map((request) => request.path)));
}

/** Leaves the page for Pulsewave's consent page, decides there, and waits for the page to come to rest again. */
async function redirectReturn(way: EntryWay, decision: 'allow' | 'deny') {
  const url = pageUrl(way);
  const token = await mintToken('default', { redirect_url: url });
  const page = await openPage(url, token);
  await waitOn(page, () => page.idle && page.heading === LIST, 'the provider list on the way out');
  page.button('Pulsewave')!.click();
  decide(await consentPage(page.win), decision);
  await page.settle();
  // The outcome's event waits for the page's listeners (a task after the element's first render):
  // wait for it, then the test checks it came once, with nothing else.
  await waitOn(page, () => page.heard(decision === 'allow' ? 'link-success' : 'link-error').length > 0 || page.heard('link-exit').length > 0, 'the outcome, heard by the page');
  return { page, token };
}

/**
 * Waits until the widget rests on the token screen, or the page's requestLinkToken has been called
 * more than `calls` times (a loop shows no screen for long: it is told by its count, at once).
 */
async function tokenScreenOrMoreCalls(page: PartnerPage, calls: number): Promise<void> {
  await waitOn(page, () => (page.partner?.tokenRequests ?? 0) > calls || (page.idle && page.heading === TOKEN_SCREEN), `the token screen, or a call of requestLinkToken beyond ${calls}`);
}

/**
 * Nothing more is pending: the page has passed back every token it gave, Lit has taken it and
 * painted, and the fake has seen a request with each token the widget was given (the screen came
 * after the last one's answer). A widget that restarted for a passed-back token shows the loading
 * screen by now; one that loops has called requestLinkToken again.
 */
async function atRest(page: PartnerPage, pageToken: string): Promise<string[]> {
  const partner = page.partner!;
  await waitUntil(() => partner.passedBack.length === partner.given.length, 'the page passes back each token it gave');
  await page.widget!.updateComplete;
  await new Promise((resolve) => page.win.requestAnimationFrame(resolve));
  const tokens = [pageToken, ...partner.given];
  await waitUntil(async () => (await pathsWith(tokens)).every((paths) => paths.length > 0), 'the fake saw a request with every token');
  return tokens;
}

for (const way of ENTRY_WAYS) {
  describe(`entry order: ${way.name}`, () => {
    describe('redirect return', () => {
      it('Allow: "Connected", one success reported, no API call on the way back', async () => {
        const { page, token } = await redirectReturn(way, 'allow');
        try {
          // Everything the page heard since it came back: one visit, its widget's.
          const heard = page.partner!.heard;
          const visit = oneVisit(heard.map((event) => event.detail));
          expect(visit.linkSessionId, 'the element’s own').to.equal(page.widget!.linkSessionId);
          const successes = visit.rest.filter((_, i) => heard[i]!.type === 'link-success');
          // One comparison, so that a failure shows the screen, what the page heard and the calls together.
          expect({ screen: page.heading, successes, apiCalls: (await pathsWith([token]))[0] }).to.deep.equal({
            screen: CONNECTED,
            successes: [{ provider: 'pulsewave', authType: 'oauth', redirectUrl: null, reconnected: false }],
            apiCalls: WAY_OUT_CALLS,
          });
        } finally {
          page.remove();
        }
      });

      it('Deny: the OAuth failure screen with Try again, never the list, no API call on the way back', async () => {
        const { page, token } = await redirectReturn(way, 'deny');
        try {
          expect({
            screen: page.heading,
            tryAgain: page.button('Try again') !== undefined,
            failures: page.heard('link-error').map((detail) => [detail['provider'], detail['errorType']]),
            successes: page.heard('link-success'),
            apiCalls: (await pathsWith([token]))[0],
          }).to.deep.equal({ screen: OAUTH_FAILED, tryAgain: true, failures: [['pulsewave', 'user_cancelled']], successes: [], apiCalls: WAY_OUT_CALLS });
        } finally {
          page.remove();
        }
      });
    });

    describe('token loop: every token refused, each fresh one passed back as linkToken', () => {
      for (const [pass, when] of Object.entries(PASS_BACKS)) {
        it(`passed back ${when}: one requestLinkToken call, the token screen, Try again makes exactly one more`, async () => {
          const first = await mintToken('expired');
          const page = await openPage(pageUrl(way, { pass, refuse: 'expired' }), first);
          try {
            await tokenScreenOrMoreCalls(page, 1);
            expect(page.partner!.tokenRequests, 'requestLinkToken calls before anyone acts').to.equal(1);
            const tokens = await atRest(page, first);
            expect(page.partner!.tokenRequests, 'requestLinkToken calls, once the page has passed its token back').to.equal(1);
            expect(page.heading, `the token screen, at rest, not ${page.screen}`).to.equal(TOKEN_SCREEN);
            expect(await pathsWith(tokens), 'each token asked for the list once').to.deep.equal(tokens.map(() => ['/v2/link/providers']));

            const tryAgain = page.button('Try again');
            expect(tryAgain, `Try again on the token screen, with requestLinkToken given (it shows ${page.screen})`).to.exist;
            tryAgain!.click();
            await page.widget!.updateComplete;
            await tokenScreenOrMoreCalls(page, 2);
            expect(page.partner!.tokenRequests, 'Try again: one more call').to.equal(2);
            const after = await atRest(page, first);
            expect(page.partner!.tokenRequests, 'Try again: one more call, once the page has passed its token back').to.equal(2);
            expect(page.heading, `the token screen again, not ${page.screen}`).to.equal(TOKEN_SCREEN);
            expect(await pathsWith(after), 'each token asked for the list once').to.deep.equal(after.map(() => ['/v2/link/providers']));
          } finally {
            page.remove();
          }
        });
      }
    });
  });
}
