/**
 * What `@provider-link/widget/bundle` is under Node (the `node` export condition): the same exports
 * as the browser bundle, from the package's modules, whose Lit has a DOM shim there. The browser
 * bundle carries a browser-only Lit and would throw `HTMLElement is not defined`. Nothing is
 * registered and nothing renders: server-side, render `<provider-link>` on the client (docs/embedding.md, "Server-side rendering").
 */
export { ProviderLinkElement } from '../../element/provider-link-element.js';
export { openLinkModal } from '../modal.js';
export type { LinkHandle, OpenOptions } from '../modal.js';
