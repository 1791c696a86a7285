/**
 * The classic `<script>` build (`dist/provider-link.iife.js`): registers the element, sets
 * `window.ProviderLink`, and finishes the OAuth return page when this page is the popup.
 */
// First, before Lit: see browser/trusted-types.ts.
import { bundleLoaded } from '../browser/trusted-types.js';
import './define.js';
import type { ProviderLinkElement } from '../element/provider-link-element.js';
import { openLinkModal } from './modal.js';
import type { LinkHandle, OpenOptions } from './modal.js';
import { finishOAuthPopup } from '../browser/popup.js';
import { VERSION } from '../contract/version.js';

interface ProviderLinkGlobal {
  version: string;
  ProviderLinkElement: typeof ProviderLinkElement;
  /** Shows the widget in a modal dialog; a second call while one is open returns the first. */
  open(options: OpenOptions): LinkHandle;
  /** True when this page was an OAuth popup that handed its result back and is closing. */
  finishedOAuthPopup: boolean;
}

declare global {
  interface Window {
    ProviderLink?: ProviderLinkGlobal;
  }
}

// A second copy of the script (or the ESM build before it) keeps the first one's registration.
if (!window.ProviderLink) {
  window.ProviderLink = {
    version: VERSION,
    // The class that is registered (define.js saw to that), another copy's when the ESM build came first.
    ProviderLinkElement: customElements.get('provider-link') as typeof ProviderLinkElement,
    open: openLinkModal,
    finishedOAuthPopup: finishOAuthPopup(),
  };
}

bundleLoaded();
