// The types of harness.bundle.js (built from harness.ts by `npm run test:react-build`).
export * from './harness.js';
