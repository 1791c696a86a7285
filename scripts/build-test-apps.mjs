#!/usr/bin/env node
// Builds what browser tests load, with esbuild, as a partner's bundler would (and ngc first, for
// Angular):
// - test/react/harness.bundle.js: React, react-dom and our React entry in one ES module (React
//   ships as CommonJS, which the test runner's dev server does not convert); test/react/react.test.ts.
// - test/bundler/app/: an app that imports the built npm entry (dist/lib, as installed) with code
//   splitting on, as Vite's dev pre-bundling and production builds do; test/bundler/bundler.test.ts
//   checks that its languages load from the chunks the bundler made. Needs `npm run build` first.
// - test/bundler/return-app/: two partner apps, one on `/define` and one on `/react`, imported by
//   the package's name as an app does (esbuild resolves it to this package's exports and honours
//   its sideEffects list); test/bundler/return-popup.test.ts uses each as the return page of an
//   OAuth popup.
// - test/quick-start/app/: the README's React and Vue quick starts, and docs/frameworks.md's Vue and
//   Svelte components (below), and its Angular one, compiled by ngc (at the end).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { APP_FILES, FRAMEWORK_FILES, frameworksSnippet, quickStartBlock } from './quick-starts.mjs';

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

// - test/quick-start/app/frameworks/: docs/frameworks.md's Vue and Svelte components, copied as
//   written, each mounted with a fresh token by a host of ours (test/quick-start/frameworks-host.ts)
//   and bundled with the Vue and Svelte plugins above; test/quick-start/frameworks.test.ts links a
//   provider in each (scripts/quick-starts.mjs serves them).
mkdirSync('test/quick-start/app/frameworks', { recursive: true });
// The host, as each generated main file imports it (test/quick-start/frameworks-host.ts).
const frameworksHost = `${relative('test/quick-start/app/frameworks', 'test/quick-start')}/frameworks-host.ts`;
const frameworkMains = {
  vue: `import { createApp } from 'vue';\nimport { fetchLinkToken } from '${frameworksHost}';\nimport FrameworksDoc from './FrameworksDoc.vue';\n\ncreateApp(FrameworksDoc, { linkToken: await fetchLinkToken() }).mount('#app');\n`,
  svelte: `import { mount } from 'svelte';\nimport { fetchLinkToken } from '${frameworksHost}';\nimport FrameworksDoc from './FrameworksDoc.svelte';\n\nmount(FrameworksDoc, { target: document.querySelector('#app')!, props: { linkToken: await fetchLinkToken() } });\n`,
};
for (const [name, main] of Object.entries(frameworkMains)) {
  writeFileSync(`test/quick-start/app/frameworks/${FRAMEWORK_FILES[name]}`, frameworksSnippet(name));
  writeFileSync(`test/quick-start/app/frameworks/${name}-main.ts`, main);
  await build({
    entryPoints: [`test/quick-start/app/frameworks/${name}-main.ts`],
    outfile: `test/quick-start/app/frameworks/${name}.js`,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"development"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    plugins: [vueFiles, svelteFiles],
    logLevel: 'warning',
  });
}

// - test/quick-start/app/angular.js: docs/frameworks.md's Angular component, copied as written into
//   test/quick-start/app/angular/connect.component.ts beside the app around it
//   (test/package/consumer/angular-main.ts), compiled ahead of time by ngc with strict templates into
//   its out/, then bundled as Angular's own build does: Angular's packages ship partly compiled, and
//   its linker (a Babel plugin of @angular/compiler-cli) finishes them, so the page carries no
//   template compiler. test/quick-start/angular.test.ts links a provider in it.
rmSync('test/quick-start/app/angular', { recursive: true, force: true });
mkdirSync('test/quick-start/app/angular', { recursive: true });
writeFileSync('test/quick-start/app/angular/connect.component.ts', frameworksSnippet('angular'));
for (const file of ['angular-main.ts', 'tsconfig.angular.json']) copyFileSync(`test/package/consumer/${file}`, `test/quick-start/app/angular/${file}`);
execFileSync(process.execPath, ['node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js', '-p', 'test/quick-start/app/angular/tsconfig.angular.json'], { stdio: 'inherit' });
/** Angular's packages, linked as Angular's build links them (@babel/core is the linker's own dependency). */
const angularLinker = {
  name: 'angular-linker',
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]node_modules[\\/]@angular[\\/].+\.m?js$/ }, async ({ path }) => {
      const { needsLinking } = await import('@angular/compiler-cli/linker');
      const source = readFileSync(path, 'utf8');
      if (!needsLinking(path, source)) return { contents: source, loader: 'js' };
      const { default: linkerPlugin } = await import('@angular/compiler-cli/linker/babel');
      const babel = createRequire(import.meta.resolve('@angular/compiler-cli'))('@babel/core');
      const linked = await babel.transformAsync(source, { filename: path, configFile: false, babelrc: false, compact: false, plugins: [linkerPlugin] });
      return { contents: linked.code, loader: 'js' };
    });
  },
};
await build({
  entryPoints: ['test/quick-start/app/angular/out/angular-main.js'],
  outfile: 'test/quick-start/app/angular.js',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  plugins: [angularLinker],
  logLevel: 'warning',
});
