/**
 * The self-contained ESM build (`dist/provider-link.js`, for a CDN `<script type="module">`):
 * registers the element, finishes an OAuth popup when this page is one, and exports the API.
 */
import { finishOAuthPopup } from './host/popup.js';
import './element/define.js';

export * from './index.js';
export { defineProviderLink, TAG_NAME } from './element/define.js';
export { openLinkModal } from './embed/modal.js';
export type { LinkHandle, OpenOptions } from './embed/modal.js';

finishOAuthPopup();
