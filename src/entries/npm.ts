/**
 * The npm entry: side-effect-free exports. Import `@provider-link/widget/define` to register the
 * element.
 */
export { ProviderLinkElement } from '../element/provider-link-element.js';
export type { OAuthMode } from '../element/provider-link-element.js';
export type { LinkErrorDetail, LinkErrorType, LinkEventDetail, LinkEventMap, LinkExitDetail, LinkSuccessDetail } from '../contract/events.js';
export * from '../core/api/index.js';
export * from '../core/machine/index.js';
export { en, errorMessage, messagesFor } from '../i18n/index.js';
export type { Messages } from '../i18n/index.js';
export { finishOAuthPopup } from '../browser/popup.js';
// The modal (`ProviderLink.open` of the script tag), for apps that import the package.
export { openLinkModal } from './modal.js';
export type { LinkHandle, OpenOptions } from './modal.js';
