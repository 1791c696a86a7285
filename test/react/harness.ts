/**
 * What the React test loads: React 19, react-dom's client and `@provider-link/widget/react`, bundled
 * by esbuild into test/react/harness.bundle.js (`npm run build:test-apps`), because React ships as
 * CommonJS, which the test runner's dev server does not convert. harness.bundle.d.ts gives the
 * bundle this file's types.
 */
import * as React from 'react';

export { React };
export { createRoot } from 'react-dom/client';
export { flushSync } from 'react-dom';
export { ProviderLink, useProviderLink } from '../../src/entries/react.js';
