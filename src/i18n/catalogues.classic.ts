/**
 * Where the catalogues other than English come from in the script-tag bundle
 * (`dist/provider-link.iife.js`): beside it. From the page's own origin, as modules (the ESM
 * bundle's way). From another origin (a CDN), as classic scripts, `locales/<lang>.classic.js`,
 * which need no CORS headers there (a module import does); the script hands its catalogue to the
 * element that loaded it, by an event. A page whose Trusted Types refuse a script address given as
 * a string gets the module after all.
 */
import type { Messages } from './messages.js';

/** The event a classic catalogue dispatches on its own `<script>` (rollup.config.mjs writes them). */
export const CATALOGUE_EVENT = 'provider-link-catalogue';

type Loaded = Promise<{ default?: Messages }>;

export const importCatalogue = (language: string): Loaded => {
  const beside = (suffix: string) => new URL(`./locales/${language}${suffix}.js`, import.meta.url);
  const asModule = (): Loaded => import(/* @vite-ignore */ beside('').href);
  const classic = beside('.classic');
  if (classic.origin === location.origin) return asModule();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.addEventListener(CATALOGUE_EVENT, (event) => resolve({ default: (event as CustomEvent<Messages>).detail }));
    // After the script ran: its event came first, or it was not a catalogue (English, then).
    script.onload = script.onerror = (event) => {
      script.remove();
      if ((event as Event).type === 'load') resolve({});
      else reject();
    };
    try {
      script.src = classic.href;
    } catch {
      return resolve(asModule());
    }
    document.head.append(script);
  });
};
