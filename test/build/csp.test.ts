/**
 * Both built bundles on a partner page under a strict Content-Security-Policy with Trusted Types
 * (the policy the README gives). The policy is a response header the test server sets on
 * test/fixtures/csp/*.html only.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { DEMO_MFA_CODE, DEMO_PASSWORD, mintToken } from '../helpers.js';

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
        expect(successes).to.deep.equal([{ provider: 'glucomate', authType: 'password', redirectUrl: null }]);
        expect(exits).to.have.length(1);
        expect(win.violations).to.deep.equal([]);
        expect(win.errorEvents.map((e) => e.message)).to.deep.equal([]);
        expect(win.consoleErrors).to.deep.equal([]);
      });
    });
  }
});
