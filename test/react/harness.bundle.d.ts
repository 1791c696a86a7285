// The types of harness.bundle.js (built from harness.ts by `npm run build:test-apps`).
export * from './harness.js';
