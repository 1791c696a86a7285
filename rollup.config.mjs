import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

// Both bundles carry lit and xstate inside: one file is all a CDN user or a script tag needs.
const plugins = () => [
  resolve({ browser: true }),
  typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], compilerOptions: { noEmit: false, declaration: false, sourceMap: true, outDir: 'dist' } }),
  terser({ ecma: 2022, module: true, format: { comments: false }, compress: { passes: 2 } }),
];

export default [
  {
    input: 'src/provider-link.ts',
    output: { file: 'dist/provider-link.js', format: 'es', sourcemap: true },
    plugins: plugins(),
  },
  {
    input: 'src/script-tag.ts',
    output: { file: 'dist/provider-link.iife.js', format: 'iife', sourcemap: true },
    plugins: plugins(),
  },
];
