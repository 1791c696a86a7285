/**
 * Imported first by each bundle entry, so that it runs before Lit. Lit creates its Trusted Types
 * policy, "lit-html", while its module evaluates; on a page whose Content-Security-Policy does not
 * allow that name (`trusted-types 'none'`, or a list without it), that throws and the bundle stops
 * loading. Instead of an uncaught TypeError, the integrator gets one error that says what to add.
 * (The browser's own report of the violation is its own console line; we cannot and do not
 * suppress it.) The entry calls `bundleLoaded()` at its end, when nothing was refused.
 */
const onLoadError = (event: ErrorEvent) => {
  bundleLoaded();
  // "…policy "lit-html" disallowed", or "…already exists" when Lit is on the page twice (both
  // builds, or the page's own Lit): then the name must be allowed twice.
  const refused = /lit-html(.*exists)?/.exec(event.message);
  if (refused) {
    event.preventDefault();
    console.error(`<provider-link>: the Content-Security-Policy must allow: trusted-types lit-html${refused[1] ? " 'allow-duplicates'" : ''}`);
  }
};

addEventListener('error', onLoadError);

export function bundleLoaded(): void {
  removeEventListener('error', onLoadError);
}
