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
// - test/quick-start/app/: the README's React and Vue quick starts (below).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { APP_FILES, quickStartBlock } from './quick-starts.mjs';

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
// - test/quick-start/app/: the README's React and Vue quick starts, copied from the README and
//   bundled as Vite would bundle them in an app made from its template (scripts/quick-starts.mjs).
//   They import the package by its name, which resolves to this package's exports (dist/).
rmSync('test/quick-start/app', { recursive: true, force: true });
mkdirSync('test/quick-start/app', { recursive: true });
const readme = readFileSync('README.md', 'utf8');
for (const [name, file] of Object.entries(APP_FILES)) writeFileSync(`test/quick-start/app/${file}`, quickStartBlock(name, readme));
// Vite's vue-ts template's src/main.ts, as the quick start leaves it.
writeFileSync('test/quick-start/app/vue-main.ts', "import { createApp } from 'vue';\nimport App from './App.vue';\n\ncreateApp(App).mount('#app');\n");
// The compiler option the README tells a Vue app to set in vite.config.ts, taken from the README.
const isCustomElementSource = /isCustomElement: (\(tag\) => [^}]+?) \}/.exec(readme)?.[1];
if (!isCustomElementSource) throw new Error('README.md: the Vue quick start names no isCustomElement');
const isCustomElement = new Function(`return ${isCustomElementSource}`)();
/** Single-file components, compiled as @vitejs/plugin-vue does: script setup with the template inlined. */
const vueFiles = {
  name: 'vue-sfc',
  setup(bundler) {
    bundler.onLoad({ filter: /\.vue$/ }, async ({ path }) => {
      const { parse, compileScript } = await import('vue/compiler-sfc');
      const { descriptor, errors } = parse(readFileSync(path, 'utf8'), { filename: path });
      if (errors.length) return { errors: errors.map((error) => ({ text: String(error.message ?? error) })) };
      const script = compileScript(descriptor, { id: 'quick-start', inlineTemplate: true, templateOptions: { compilerOptions: { isCustomElement } } });
      return { contents: script.content, loader: 'ts' };
    });
  },
};
for (const [name, entry] of [['react', 'test/quick-start/app/main.tsx'], ['vue', 'test/quick-start/app/vue-main.ts']]) {
  await build({
    entryPoints: [entry],
    outfile: `test/quick-start/app/${name}.js`,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"development"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    plugins: [vueFiles],
    logLevel: 'warning',
  });
}

// - test/bundler/return-app/entry-order-{react,svelte}.js: the partner apps of
//   test/element/entry-order.test.ts (their sources and pages are in test/fixtures/entry-order/),
//   each its own OAuth redirect_url: a React app on `/react`, and a Svelte 5 component compiled
//   with Svelte's own compiler, as its bundler plugins do. Both import the package by its name.
/** Svelte components, compiled for the browser as vite-plugin-svelte and esbuild-svelte do. */
const svelteFiles = {
  name: 'svelte',
  setup(bundler) {
    bundler.onLoad({ filter: /\.svelte$/ }, async ({ path }) => {
      const { compile } = await import('svelte/compiler');
      const { js, warnings } = compile(readFileSync(path, 'utf8'), { filename: path, generate: 'client' });
      return { contents: js.code, loader: 'js', warnings: warnings.map((warning) => ({ text: warning.message })) };
    });
  },
};
await build({
  entryPoints: { 'entry-order-react': 'test/fixtures/entry-order/react-app.js', 'entry-order-svelte': 'test/fixtures/entry-order/svelte-app.js' },
  outdir: 'test/bundler/return-app',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [svelteFiles],
  logLevel: 'warning',
});
