// Lint, run by `npm test` (`npm run lint`): ESLint's and typescript-eslint's recommended rules
// everywhere, eslint-plugin-lit's on the templates.
import js from '@eslint/js';
import lit from 'eslint-plugin-lit';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'bench/dist/', 'node_modules/', 'custom-elements.json', 'test/bundler/app/', 'test/bundler/return-app/', 'test/quick-start/app/', 'test/react/harness.bundle.js', '.gallery/', 'gallery/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  lit.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Node: the scripts, the demo's server, the fake service and its command, the node tests, the configs.
    files: ['scripts/**', 'demo/*.mjs', 'test/fake-service/*.mjs', 'bin/*.mjs', 'test/node/**', '*.mjs', 'bench/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    rules: {
      // `_`-prefixed names say "deliberately unused" (a destructured field left out, a callback's place).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
