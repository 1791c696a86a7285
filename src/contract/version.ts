/**
 * The package's version, as `window.ProviderLink.version` reports it. `npm run release:version`
 * writes it from package.json (scripts/sync-version.mjs), and test/node/version.test.mjs fails
 * when the two differ.
 */
export const VERSION = '0.1.0';
