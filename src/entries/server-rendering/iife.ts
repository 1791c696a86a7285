/**
 * What `@provider-link/widget/iife` is under Node (the `node` export condition): nothing. The
 * classic-script build sets `window.ProviderLink`, which a server has no use for; importing it
 * during server rendering must not throw `HTMLElement is not defined` (docs/embedding.md, "Server-side rendering").
 */
export {};
