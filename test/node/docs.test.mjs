// The generated references in docs/ match what the build produced (custom-elements.json, the
// shipped .d.ts, the error table and the English catalogue). Needs `npm run build` first. Every
// link between the documents leads somewhere, and the README's two commands are the real ones.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DOCUMENTS, headingIds, relativeLinks } from '../../scripts/doc-links.mjs';
import { apiMarkdown, errorsMarkdown } from '../../scripts/docs.mjs';

const committed = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const STALE = 'is stale: run `npm run docs` and commit the result';

test('docs/api.md is generated from the current custom-elements.json', () => {
  assert.equal(committed('docs/api.md'), apiMarkdown(), `docs/api.md ${STALE}`);
});

test('docs/errors.md lists every code of the current error table', async () => {
  assert.equal(committed('docs/errors.md'), await errorsMarkdown(), `docs/errors.md ${STALE}`);
});

test('the API reference lists every event, method, CSS property and part of the element', () => {
  const api = committed('docs/api.md');
  for (const name of ['link-success', 'link-error', 'link-exit', 'link-event', 'restart()', 'exit()', 'completeOAuth(', '--provider-link-accent', '::part(base)', 'LinkSuccessDetail extends LinkVisitDetail {', 'link-disconnect', 'linkSessionId']) {
    assert.ok(api.includes(name), `docs/api.md does not mention ${name}`);
  }
});

test('every setting of the element has a row in the hand-written attribute table (README or docs/)', async () => {
  const { SETTINGS } = await import('../../dist/lib/contract/settings.js');
  // api.md is generated from the element and lists them all anyway; the table partners read first is written by hand.
  const written = readdirSync(new URL('../../docs', import.meta.url)).filter((name) => name.endsWith('.md') && name !== 'api.md').map((name) => `docs/${name}`);
  const firstCells = ['README.md', ...written].flatMap((path) => committed(path).split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('|')[1]));
  for (const { property, attribute } of SETTINGS) {
    const name = `\`${attribute || property}\``;
    assert.ok(firstCells.some((cell) => cell.includes(name)), `no table row in README.md or docs/ starts with ${name}`);
  }
});

test('every link between the documents leads to a file, and to a heading in it', () => {
  const problems = [];
  for (const document of DOCUMENTS) {
    for (const { from, path, anchor } of relativeLinks(document)) {
      if (!existsSync(path)) problems.push(`${from} links to ${path}, which does not exist`);
      else if (anchor && path.endsWith('.md') && !headingIds(path).has(anchor)) problems.push(`${from} links to ${path}#${anchor}, a heading it does not have`);
    }
  }
  assert.deepEqual(problems, []);
});

test("the README's two commands are the package's scripts, and CI runs the README's test command", () => {
  const readme = committed('README.md');
  const block = /## Two commands[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const commands = [...block.matchAll(/^(npm \w+)/gm)].map((match) => match[1]);
  assert.deepEqual(commands, ['npm start', 'npm test']);
  const scripts = JSON.parse(committed('package.json')).scripts;
  for (const command of commands) assert.ok(scripts[command.split(' ')[1]], `package.json has no ${command} script`);
  assert.match(committed('.ci/run'), /^npm test$/m, '.ci/run runs the README\'s test command');
});
