/**
 * Where the catalogues other than English come from in the self-contained bundles
 * (`dist/provider-link.js`, `dist/provider-link.iife.js`), which rollup.config.mjs builds with this
 * module in place of `catalogues.ts` (that one's static imports, one per language, are for a
 * partner's bundler, and would pull every language into a single-file bundle; it says more): the
 * built `locales/` beside the bundle file, found from the bundle's own address, so a CDN serves them
 * from the same folder.
 *
 * As modules (`locales/<lang>.js`), but for the script-tag bundle served from another origin (a
 * CDN): it loads classic scripts, `locales/<lang>.classic.js`, which need no CORS headers there (a
 * module import does; the module bundle could not have loaded without them). A classic catalogue
 * hands itself to the `<script>` that loaded it, by an event. But a script tag with `crossorigin`
 * (the SRI snippet of docs/embedding.md) ran only because its host sent CORS headers, so the
 * modules beside it load too: it takes those, and never gives a `<script>` an address as a string,
 * which a page under Trusted Types (`require-trusted-types-for 'script'`) refuses, and reports as a
 * violation every time. A page whose Trusted Types refuse a classic catalogue's address gets the
 * module after all.
 */
import type { Catalogue } from './messages.js';

/** The event a classic catalogue dispatches on its own `<script>` (rollup.config.mjs writes them). */
export const CATALOGUE_EVENT = 'provider-link-catalogue';

type Loaded = Promise<{ default?: Catalogue }>;

/**
 * Classic catalogues, for a bundle that runs as a classic script (the script-tag bundle: while it
 * runs, `currentScript` is its `<script>`, where a module's is null; read as the bundle runs, later
 * it names another script), fetched without CORS: no `crossorigin` attribute, so its host may send
 * no CORS headers, which a module from another origin needs. With the attribute, the bundle could
 * not have run without them.
 */
const needsClassicCatalogues = document.currentScript !== null && (document.currentScript as HTMLScriptElement).crossOrigin == null;

export const importCatalogue = (language: string): Loaded => {
  const beside = (suffix: string) => new URL(`./locales/${language}${suffix}.js`, import.meta.url);
  const asModule = (): Loaded => import(/* @vite-ignore */ beside('').href);
  const classic = beside('.classic');
  if (!needsClassicCatalogues || classic.origin === location.origin) return asModule();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.addEventListener(CATALOGUE_EVENT, (event) => resolve({ default: (event as CustomEvent<Catalogue>).detail }));
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
