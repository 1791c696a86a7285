// The repository explains itself: no file names a file the repository does not hold (a document
// kept elsewhere, a path leading out of the clone, a path the source tree no longer has) nor an
// issue number, which a reader of a clone cannot open. scripts/check-references.mjs says what
// counts as a reference; the first test runs it over every file, the others show its rules on
// samples. The samples that must be found are put together from pieces, so that this file, which
// the first test reads too, holds none of them whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeProblems, problemsIn, referenceProblems, repositoryOf } from '../../scripts/check-references.mjs';

test('no file names a file the repository does not hold, nor an issue number', () => {
  const problems = referenceProblems();
  assert.ok(
    problems.length === 0,
    `${problems.length} reference(s) to nothing in the repository, or to an issue. Say the reason itself where it is needed, or name the file as it is now:\n${describeProblems(problems)}`,
  );
});

/** A repository of these files, with `dist/` ignored as git ignores it. */
const sample = repositoryOf(['README.md', 'docs/oauth.md', 'src/core/api/types.ts', 'src/i18n/locales/fr.ts', 'test/react/harness.ts', 'test/fake-service/link-api.mjs', 'scripts/size.mjs']);
const found = (file, text) => problemsIn(file, text, sample, { ignored: (path) => path.startsWith('dist/') }).map(({ line, reason }) => `${line}: ${reason}`);
const join = (...pieces) => pieces.join('');

test('a path from the root names a file or folder of the repository, or one git ignores', () => {
  assert.deepEqual(found('docs/a.md', 'See src/core/api/types.ts, src/core/api/ and dist/provider-link.js.\nSee `src/api/types.ts`.'), [
    '2: src/api/types.ts: no such file or folder in the repository',
  ]);
  // In code, the comments alone: a string is a path on a base of its own.
  assert.deepEqual(found('scripts/a.mjs', "// src/gone.ts says so\nconst file = 'src/gone.ts';\n/* docs/gone.md */"), [
    '1: src/gone.ts: no such file or folder in the repository',
    '3: docs/gone.md: no such file or folder in the repository',
  ]);
});

test('a wildcard or placeholder ends a path, whose folder must exist; a URL path and a partner app path are not ours', () => {
  assert.deepEqual(found('docs/a.md', 'test/**/*.bundle.js, src/i18n/locales/<lang>.ts, src/core/{api,machine}, `${base}/x`'), []);
  assert.deepEqual(found('docs/a.md', 'src/views/locales/<lang>.ts'), ['1: src/views/locales/<lang>.ts: no such file or folder in the repository']);
  assert.deepEqual(found('docs/a.md', 'GET /test/return-pages/link-token, https://example.com/src/x.ts, node_modules/lit/src/x.ts, make this `src/main.tsx`'), []);
});

test('no relative path leads out of the repository, in code neither', () => {
  const outside = join('..', '/shared/spec/link-api.openapi.json');
  assert.deepEqual(found('test/fake-service/link-api.mjs', `new URL('../../${outside}', import.meta.url);\nnew URL('../../spec/x.json', import.meta.url);`), [
    `1: ../../${outside}: leads out of the repository`,
  ]);
  assert.deepEqual(found('README.md', `Copied from ${outside}.`), [`1: ${outside}: leads out of the repository`]);
  assert.deepEqual(found('test/node/a.mjs', "fetch('/demo/../../../etc/passwd')"), []);
});

test("a Markdown link's relative target exists", () => {
  assert.deepEqual(found('docs/a.md', '[OAuth](oauth.md#popup), [home](../README.md), [site](https://example.com/x.md), [gone](./gone.md)\n```\n[code](gone.html)\n```'), [
    '1: link to ./gone.md: no such file or folder',
  ]);
});

test('a bare Markdown file name is one of the repository\'s documents', () => {
  const elsewhere = join('DESIGN', '.md');
  assert.deepEqual(found('src/core/api/types.ts', `/** As ${elsewhere} says; oauth.md and README.md too. */`), [`1: ${elsewhere}: no document of the repository has this name`]);
});

test('no issue number: the word and a number, or a number after # standing alone', () => {
  const samples = [join('issue', ' 4'), join('Issues', ' 20–22'), join('PR', ' #7'), join('(', '#12', ')')];
  assert.deepEqual(found('test/a.test.ts', samples.map((text) => `// ${text}`).join('\n')), [
    `1: "${join('issue', ' 4')}": an issue number`,
    `2: "${join('Issues', ' 20')}": an issue number`,
    `3: "${join('PR', ' #7')}": an issue number`,
    `4: "${join('#', '12')}": an issue number`,
  ]);
  assert.deepEqual(found('test/a.test.ts', "const html = '&#34; <a href=\"#top\">';\nconst rule = 'border: 1px solid #000;';\nconst colours = ['#1f5fd1', '#000'];\n// 4 issues were found"), []);
  assert.deepEqual(found('src/a.css', join('a { border: 1px solid ', '#000 }')), []);
});
