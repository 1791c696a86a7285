#!/usr/bin/env node
// Bundles test/react/harness.ts (React, react-dom and our React entry) into one ES module for the
// browser test, test/react/react.test.ts.
import { build } from 'esbuild';

await build({
  entryPoints: ['test/react/harness.ts'],
  outfile: 'test/react/harness.bundle.js',
  // Our own src/ is not a package with a sideEffects list; only the published dist/ is.
  ignoreAnnotations: true,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  define: { 'process.env.NODE_ENV': '"development"' },
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
