// The links between our Markdown documents (README.md, CONTRIBUTING.md, docs/*.md): for the test
// that each one leads somewhere (test/node/docs.test.mjs) and for the package check that the
// documents the README leads to from npm are in the tarball (scripts/check-package.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Pictures are shown from the repository's home; they are not shipped. */
export const isPicture = (path) => /\.(png|jpe?g|gif|svg|webp)$/i.test(path);

/**
 * Every relative link of one document, outside code: `{from, path, anchor}`, the path relative to
 * the repository (the document's own for `#anchor` alone).
 */
export function relativeLinks(from) {
  const text = readFileSync(from, 'utf8').replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [file, anchor = null] = target.split('#');
      return { from, path: file ? normalize(join(dirname(from), file)) : from, anchor };
    });
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const headingId = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The ids of a Markdown document's headings. */
export function headingIds(path) {
  const text = readFileSync(path, 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingId(match[1])));
}
