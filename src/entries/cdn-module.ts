/**
 * The self-contained ESM build (`dist/provider-link.js`, for a CDN `<script type="module">`):
 * registers the element (which first finishes an OAuth popup when this page is one), and exports
 * what a page script needs. The full API (machine, views' helpers, types) is the npm entry, `src/entries/npm.ts`.
 */
// First, before Lit: see browser/trusted-types.ts.
import { bundleLoaded } from '../browser/trusted-types.js';
import './define.js';

export { ProviderLinkElement } from '../element/provider-link-element.js';
export { openLinkModal } from './modal.js';
export type { LinkHandle, OpenOptions } from './modal.js';

bundleLoaded();
