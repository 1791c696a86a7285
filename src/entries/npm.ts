/**
 * The npm entry, `@provider-link/widget`: side-effect-free, and exactly the contract
 * (docs/versioning.md lists it; a test fails when this entry's published types gain an export the
 * list lacks). Import `@provider-link/widget/define` to register the element.
 *
 * The machine and the API client are not here: they are how the widget works, free to change in
 * any release.
 */
export { ProviderLinkElement } from '../element/provider-link-element.js';
export type { ConnectedProvider, OAuthMode, Settings, Theme } from '../contract/settings.js';
export type { AuthType, LinkDisconnectDetail, LinkErrorDetail, LinkErrorType, LinkEventDetail, LinkEventMap, LinkExitDetail, LinkSuccessDetail } from '../contract/events.js';
export type { ErrorCode } from '../contract/errors.js';
export type { Catalogue, CatalogueOverride, MessageOverrides } from '../contract/words.js';
export type { ExitReason, LinkEventName, Step } from '../contract/steps.js';
// A return page that registers the element itself finishes the sign-in window first (docs/oauth.md).
export { finishOAuthPopup } from '../browser/popup.js';
// The modal (`ProviderLink.open` of the script tag), for apps that import the package.
export { openLinkModal } from './modal.js';
export type { LinkHandle, OpenOptions } from './modal.js';
