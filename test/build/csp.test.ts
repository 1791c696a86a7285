/**
 * Both built bundles on a partner page under a strict Content-Security-Policy with Trusted Types
 * (the policy docs/security.md gives), and on one that allows no Trusted Types policy at all. The
 * policy is a response header the test server sets on test/fixtures/csp/*.html only.
 */
import { expect } from '@open-wc/testing';
import { DEMO_MFA_CODE, DEMO_PASSWORD, engine, mintToken, oneVisit, waitUntil } from '../helpers.js';

const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html";

interface Handle {
  element: HTMLElement;
  close(): void;
}
type Open = (options: Record<string, unknown>) => Handle;

type StrictWindow = Window & {
  violations: { directive: string; blocked: string; sample: string }[];
  errorEvents: ErrorEvent[];
  consoleErrors: string[];
  ProviderLink?: { open: Open };
  openLinkModal?: Open;
};

const BUILDS = [
  { name: 'dist/provider-link.iife.js (script tag)', page: 'iife.html', open: (win: StrictWindow) => win.ProviderLink?.open },
  { name: 'dist/provider-link.js (module)', page: 'esm.html', open: (win: StrictWindow) => win.openLinkModal },
];

let frame: HTMLIFrameElement | undefined;
afterEach(() => frame?.remove());

/** The fixture page in a frame, once it has loaded (module scripts included). */
async function strictPage(page: string, width = 480): Promise<StrictWindow> {
  frame = document.createElement('iframe');
  frame.src = `/test/fixtures/csp/${page}`;
  frame.style.width = `${width}px`;
  frame.style.height = '720px';
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as StrictWindow;
}

/** Glucomate, from the list to Connected: password, then two rounds of codes. */
async function linkGlucomate(widget: HTMLElement): Promise<void> {
  const shadow = () => widget.shadowRoot!;
  const heading = () => shadow().querySelector('h2')?.textContent?.trim() ?? '';
  const submit = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const labelElement = [...shadow().querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
      const input = shadow().getElementById(labelElement!.htmlFor) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }
    shadow().querySelector('form')!.requestSubmit();
  };

  await waitUntil(() => heading() === 'Connect a data source', 'the list loads');
  [...shadow().querySelectorAll('button')].find((b) => b.textContent?.includes('Glucomate'))!.click();
  await waitUntil(() => heading() === 'Sign in to Glucomate', 'the sign-in form');
  await submit({ Username: 'ada@example.org', Password: DEMO_PASSWORD });
  await waitUntil(() => heading() === 'Enter the verification code', 'the first code');
  await submit({ 'Verification code': DEMO_MFA_CODE });
  await waitUntil(() => shadow().textContent?.includes('another code'), 'the second code');
  await submit({ 'Verification code': DEMO_MFA_CODE });
  await waitUntil(() => heading() === 'Connected', 'linked');
}

describe('under a strict Content-Security-Policy with Trusted Types', () => {
  it('the fixture pages are served with exactly the policy under test', async () => {
    for (const { page } of BUILDS) {
      const response = await fetch(`/test/fixtures/csp/${page}`, { cache: 'no-store' });
      expect(response.headers.get('content-security-policy')).to.equal(STRICT_CSP);
    }
  });

  for (const build of BUILDS) {
    describe(build.name, () => {
      it('links a password provider with two code rounds, with no violation and no error', async () => {
        const win = await strictPage(build.page);
        const widget = win.document.querySelector('provider-link')!;
        widget.setAttribute('link-token', await mintToken());
        await linkGlucomate(widget);
        expect(win.violations).to.deep.equal([]);
        expect(win.errorEvents.map((e) => e.message)).to.deep.equal([]);
        expect(win.consoleErrors).to.deep.equal([]);
      });

      it('speaks another language under Trusted Types, with no violation', async () => {
        // From the page's own origin, both builds load their languages as modules, which Trusted
        // Types do not govern.
        const win = await strictPage(build.page);
        const widget = win.document.querySelector('provider-link')!;
        widget.setAttribute('locale', 'es');
        const heading = () => widget.shadowRoot?.querySelector('h2')?.textContent?.trim();
        await waitUntil(() => heading() === 'Cargando', `the loading screen in Spanish, not "${heading()}"`);
        expect(win.violations).to.deep.equal([]);
        expect(win.errorEvents.map((e) => e.message)).to.deep.equal([]);
        expect(win.consoleErrors).to.deep.equal([]);
      });

      it("leaves the page's own errors alone once it has loaded", async () => {
        const win = await strictPage(build.page);
        expect(win.customElements.get('provider-link')).to.be.a('function');
        // Say the page's own copy of Lit fails later: that error is the page's, not the widget's.
        const later = new ErrorEvent('error', { message: `Failed to execute 'createPolicy': Policy "lit-html" disallowed.`, cancelable: true });
        win.dispatchEvent(later);
        expect(later.defaultPrevented).to.equal(false);
        expect(win.consoleErrors).to.deep.equal([]);
      });

      it('opens the modal, styled (440 px, a backdrop), links in it, and closes it, with no violation', async () => {
        const win = await strictPage(build.page);
        const successes: unknown[] = [];
        const exits: unknown[] = [];
        const handle = build.open(win)!({
          linkToken: await mintToken(),
          onSuccess: (detail: unknown) => successes.push(detail),
          onExit: (detail: unknown) => exits.push(detail),
        });
        const dialog = win.document.querySelector('dialog')!;
        expect(dialog.open).to.equal(true);

        // The modal's own styles apply although `style-src 'self'` forbids an injected <style>.
        expect(dialog.getBoundingClientRect().width).to.equal(440);
        // The browser's own backdrop is a faint rgba(0, 0, 0, 0.1); the modal dims the page.
        const backdrop = win.getComputedStyle(dialog, '::backdrop').backgroundColor;
        const alpha = Number(/rgba?\([^)]*?(?:,\s*([\d.]+))?\)$/.exec(backdrop)?.[1] ?? 1);
        expect(alpha, `backdrop ${backdrop}`).to.be.greaterThan(0.3);
        // On a narrow screen it keeps 8 px from each edge.
        frame!.style.width = '320px';
        await waitUntil(() => win.innerWidth === 320, 'the frame narrows');
        expect(dialog.getBoundingClientRect().width).to.equal(320 - 16);

        await linkGlucomate(handle.element);
        [...handle.element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Done')!.click();
        await waitUntil(() => !win.document.querySelector('dialog'), 'the dialog is gone');
        // One visit: each outcome carries its id, the same one.
        const visit = oneVisit([...successes, ...exits] as Record<string, unknown>[]);
        expect(visit.rest.slice(0, successes.length)).to.deep.equal([{ provider: 'glucomate', authType: 'password', redirectUrl: null, reconnected: false }]);
        expect(exits).to.have.length(1);
        expect(win.violations).to.deep.equal([]);
        expect(win.errorEvents.map((e) => e.message)).to.deep.equal([]);
        expect(win.consoleErrors).to.deep.equal([]);
      });
    });
  }
});

/**
 * The SRI snippet of docs/embedding.md on a partner page under the documented policy, the script
 * tag's host another origin (127.0.0.1, a CDN): the one case where the bundle runs as a classic
 * script from elsewhere, and where a language could come as a classic script, whose address
 * Trusted Types govern. The page is a srcdoc frame (the test page's origin, so the test reads what
 * it recorded) whose policy is a <meta>: the header's policy, with the CDN in script-src, as a
 * partner's would be.
 */
async function cdnPage(locale: string): Promise<StrictWindow> {
  const cdn = `http://${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;
  // The page's own origin too: Firefox does not count it as 'self' in a srcdoc document.
  const policy = STRICT_CSP.replace("script-src 'self'", `script-src 'self' ${location.origin} ${cdn}`);
  frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><title>Strict CSP: script tag from a CDN</title>
<script src="/test/fixtures/csp/watch.js"></script>
</head>
<body>
<provider-link locale="${locale}"></provider-link>
<script src="${cdn}/cdn/provider-link.iife.js" crossorigin="anonymous"></script>
</body>
</html>`;
  frame.style.width = '480px';
  frame.style.height = '720px';
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as StrictWindow;
}

describe('the script tag from another origin (the SRI snippet) under the documented policy', () => {
  it('speaks French, then German, with no violation report', async () => {
    const win = await cdnPage('fr');
    const widget = win.document.querySelector('provider-link')!;
    const heading = () => widget.shadowRoot?.querySelector('h2')?.textContent?.trim();
    await waitUntil(() => heading() === 'Chargement', `the loading screen in French, not "${heading()}"`);
    widget.setAttribute('locale', 'de');
    await waitUntil(() => heading() === 'Wird geladen', `the loading screen in German, not "${heading()}"`);

    // Proof that the page is under the policy, and that this engine reports what it refuses: a
    // script address given as a string is refused, and its report arrives. Any report of the
    // widget's was queued before this one.
    expect(() => {
      win.document.createElement('script').src = '/nowhere.js';
    }).to.throw();
    await waitUntil(() => win.violations.some((v) => v.sample.includes('/nowhere.js')), 'the browser reports the refused string');
    expect(win.violations.filter((v) => !v.sample.includes('/nowhere.js'))).to.deep.equal([]);
    expect(win.errorEvents.map((e) => e.message)).to.deep.equal([]);
    expect(win.consoleErrors).to.deep.equal([]);
  });
});

describe("under trusted-types 'none'", () => {
  for (const build of BUILDS) {
    it(`${build.name} does not load, and says in one console error which policy to allow`, async () => {
      const win = await strictPage(`${build.page}?trusted-types=none`);
      // The browser reports the refused policy itself (that console line is the browser's, and
      // not ours to suppress): proof that the page really is under the policy.
      await waitUntil(() => win.violations.length > 0, 'the browser reports the refused policy');
      expect(win.violations.map((v) => v.directive)).to.deep.equal(['trusted-types']);

      expect(win.consoleErrors).to.have.length(1);
      expect(win.consoleErrors[0]).to.include('Content-Security-Policy').and.to.include('trusted-types lit-html').and.not.to.include('allow-duplicates');
      // The failure is handled: nothing reaches the console as an uncaught exception.
      expect(win.errorEvents.length).to.be.greaterThan(0);
      expect(win.errorEvents.filter((event) => !event.defaultPrevented).map((e) => e.message)).to.deep.equal([]);
      expect(win.customElements.get('provider-link')).to.equal(undefined);
    });
  }
});

describe('the script tag twice under a policy without allow-duplicates', () => {
  it('keeps the first copy working and asks, in one console error, to allow the name twice', async () => {
    const win = await strictPage('twice.html');
    expect(win.violations.map((v) => v.directive)).to.deep.equal(['trusted-types']);
    expect(win.consoleErrors).to.have.length(1);
    if (engine === 'firefox') {
      // Firefox words a policy name used twice as it words a name not allowed at all ("blocked
      // creating policy named 'lit-html'"), so the widget cannot tell which it was: the line
      // names the directive to add, and the integrator finds 'allow-duplicates' in docs/security.md.
      expect(win.consoleErrors[0]).to.include('trusted-types lit-html');
    } else {
      expect(win.consoleErrors[0]).to.include("trusted-types lit-html 'allow-duplicates'");
    }
    expect(win.errorEvents.filter((event) => !event.defaultPrevented).map((e) => e.message)).to.deep.equal([]);

    const widget = win.document.querySelector('provider-link')!;
    widget.setAttribute('link-token', await mintToken());
    await waitUntil(() => widget.shadowRoot?.querySelector('h2')?.textContent?.trim() === 'Connect a data source', 'the widget works');
  });
});
