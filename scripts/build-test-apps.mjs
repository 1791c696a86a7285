#!/usr/bin/env node
// Builds what two browser tests load, with esbuild, as a partner's bundler would:
// - test/react/harness.bundle.js: React, react-dom and our React entry in one ES module (React
//   ships as CommonJS, which the test runner's dev server does not convert); test/react/react.test.ts.
// - test/bundler/app/: an app that imports the built npm entry (dist/lib, as installed) with code
//   splitting on, as Vite's dev pre-bundling and production builds do; test/bundler/bundler.test.ts
//   checks that its languages load from the chunks the bundler made. Needs `npm run build` first.
// - test/bundler/return-app/: two partner apps, one on `/define` and one on `/react`, imported by
//   the package's name as an app does (esbuild resolves it to this package's exports and honours
//   its sideEffects list); test/bundler/return-popup.test.ts uses each as the return page of an
//   OAuth popup.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

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

rmSync('test/bundler/app', { recursive: true, force: true });
await build({
  entryPoints: { main: 'test/bundler/entry.js' },
  outdir: 'test/bundler/app',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
});

rmSync('test/bundler/return-app', { recursive: true, force: true });
await build({
  entryPoints: { define: 'test/bundler/return-app-define.js', react: 'test/bundler/return-app-react.js' },
  outdir: 'test/bundler/return-app',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
