#!/usr/bin/env node
// The repository explains itself: none of its files names a file that is not in it, nor an issue
// number, since a reader of a clone has neither. test/node/references.test.mjs runs this in
// `npm test`; `node scripts/check-references.mjs` lists what it finds.
//
// Every file git would commit is read (tracked, or new and not ignored), except CHANGELOG.md (the
// history), package-lock.json, pictures, and bundles built for the tests (`*.bundle.js`).
// A problem is:
// 1. A path from the repository's root that names nothing: path characters starting with one of
//    its top folders (`src/`, `docs/`, `test/`…) that name no file or folder, nor one git ignores
//    (what a build writes, such as `dist/`). A wildcard or placeholder (`*`, `<lang>`, `{a,b}`,
//    `${x}`) ends the path: the folder before it must exist. In code (.ts, .js, .mjs…) only the
//    comments are read for these: a string there is a path on a base of its own (an import, a URL,
//    a folder it is joined to), which TypeScript or running the code checks.
// 2. A relative path (`../x`) that, from the file's folder, leads out of the repository: code
//    included.
// 3. A Markdown link whose relative target names nothing.
// 4. A bare Markdown file name (a word, then `.md`) that is none of the repository's documents:
//    a document kept elsewhere, which a reader of the repository cannot open.
// 5. An issue number, code included: the word issue, PR, pull request, ticket or bug and then a
//    number, or `#` and a number standing alone in prose (after a space or an opening bracket,
//    before a space, a closing bracket or punctuation; CSS files are not read for this).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Not read: the history, the lockfile, pictures and fonts, bundles built for the tests. */
export const isSkipped = (path) =>
  path === 'CHANGELOG.md' || path === 'package-lock.json' || /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|tgz|zip)$/i.test(path) || /\.bundle\.js$/.test(path);

/**
 * Files a partner's app has, which the README's quick starts and the scripts that build them
 * name: paths of that app, not of this repository.
 */
export const PARTNER_APP_PATHS = new Set(['src/main.ts', 'src/main.tsx', 'src/App.vue']);

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const PATH_CHARACTERS = String.raw`[\w./@*<>{}$-]`;
/** Characters after which a path's first letter is the middle of something else. */
const NOT_AFTER = String.raw`(?<![\w./@$-])`;
const WILDCARD = /[*<>{}$]/;

/**
 * What the files around `files` hold: the files themselves, their folders, the top folders
 * (those a path from the root starts with) and the Markdown documents' names.
 */
export function repositoryOf(files) {
  const folders = new Set();
  for (const file of files) for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) folders.add(folder);
  const tops = [...new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]))];
  const documents = new Set(files.filter((file) => file.endsWith('.md')).map((file) => basename(file)));
  return { files: new Set(files), folders, tops, documents };
}

/** The text with everything but the comments blanked (lines kept), parsed as TypeScript. */
export function commentsOf(path, text) {
  const kind = /\.tsx$/.test(path) ? ts.ScriptKind.TSX : /\.ts$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map();
  const collect = (range) => ranges.set(range.pos, range.end);
  const visit = (node) => {
    ts.forEachLeadingCommentRange(text, node.pos, (pos, end) => collect({ pos, end }));
    ts.forEachTrailingCommentRange(text, node.end, (pos, end) => collect({ pos, end }));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  if (text.startsWith('#!')) ts.forEachLeadingCommentRange(text, text.indexOf('\n') + 1, (pos, end) => collect({ pos, end }));
  return blankExcept(text, [...ranges]);
}

/** Markdown with its fenced code blocks blanked (lines kept). */
export const proseOf = (text) => text.replace(/^(\s*)(```|~~~)[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));

function blankExcept(text, ranges) {
  const kept = text.replace(/[^\n]/g, ' ').split('');
  for (const [pos, end] of ranges) for (let i = pos; i < end; i++) kept[i] = text[i];
  return kept.join('');
}

/** Each match of `pattern` in `text`, with its line number (from 1). */
function* matches(text, pattern) {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) for (const match of lines[index].matchAll(pattern)) yield { line: index + 1, match, text: lines[index] };
}

/**
 * Whether `path` (from the root, normalised) names something of the repository: a file or folder,
 * a `.ts` source named by its `.js`, or something git ignores (a build's output). `exists` and
 * `ignored` are the file system's and git's answers for paths not in `repository`.
 */
function holds(repository, path, { exists, ignored }) {
  const variants = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')];
  return variants.some((variant) => repository.files.has(variant) || repository.folders.has(variant) || exists(variant)) || ignored(path);
}

/** A path as written, without the punctuation that closes its sentence. */
const written = (path) => path.replace(/[.,:;]+$/, '');

/** A path as written, cut at its first wildcard or placeholder (to the folder before it) and stripped of closing punctuation. */
function cleaned(writtenPath) {
  let path = written(writtenPath);
  const wildcard = path.search(WILDCARD);
  if (wildcard >= 0) path = path.slice(0, wildcard).replace(/[^/]*$/, '');
  return path.replace(/\/+$/, '');
}

const leavesRepository = (path) => path === '..' || path.startsWith('../');

/**
 * The problems of one file: `{file, line, text, reason}`. `exists(path)` and `ignored(path)`
 * answer for paths from the root that `repository` does not list.
 */
export function problemsIn(file, text, repository, { exists = () => false, ignored = () => false } = {}) {
  const problems = [];
  const report = (line, lineText, reason) => problems.push({ file, line, text: lineText.trim(), reason });
  const code = CODE.test(file);
  const markdown = file.endsWith('.md');
  const commented = code ? commentsOf(file, text) : text;

  // 1. Paths from the root.
  if (repository.tops.length) {
    const fromRoot = new RegExp(`${NOT_AFTER}(?:${repository.tops.map((top) => top.replace(/\./g, '\\.')).join('|')})/${PATH_CHARACTERS}*`, 'g');
    for (const { line, match, text: lineText } of matches(commented, fromRoot)) {
      const path = normalize(cleaned(match[0]));
      if (PARTNER_APP_PATHS.has(path) || leavesRepository(path)) continue;
      if (!holds(repository, path, { exists, ignored })) report(line, lineText, `${written(match[0])}: no such file or folder in the repository`);
    }
  }

  // 2. Relative paths leading out.
  for (const { line, match, text: lineText } of matches(text, new RegExp(`${NOT_AFTER}\\.\\./${PATH_CHARACTERS}*`, 'g'))) {
    if (leavesRepository(normalize(join(dirname(file), cleaned(match[0]))))) report(line, lineText, `${written(match[0])}: leads out of the repository`);
  }

  // 3. Markdown links.
  if (markdown) {
    for (const { line, match, text: lineText } of matches(proseOf(text).replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length)), /\]\(([^)\s]+)\)/g)) {
      const target = match[1].split('#')[0];
      if (!target || /^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const path = normalize(join(dirname(file), target));
      if (leavesRepository(path)) continue; // rule 2 reads these
      if (!holds(repository, path, { exists, ignored })) report(line, lineText, `link to ${match[1]}: no such file or folder`);
    }
  }

  // 4. Documents the repository does not hold.
  for (const { line, match, text: lineText } of matches(text, /(?<![\w./-])([\w-]+\.md)\b/g)) {
    if (!repository.documents.has(match[1])) report(line, lineText, `${match[1]}: no document of the repository has this name`);
  }

  // 5. Issue numbers.
  const issue = /\b(?:issues?|pull requests?|PRs?|tickets?|bugs?)\s+#?\d+/gi;
  const hashNumber = /(?<=^|[\s([])#\d+(?=$|[\s)\],.:!?])/g;
  const named = new Set();
  for (const { line, match, text: lineText } of matches(text, issue)) {
    report(line, lineText, `"${match[0]}": an issue number`);
    named.add(`${line}:${match.index + match[0].length}`);
  }
  if (!/\.css$/.test(file)) {
    for (const { line, match, text: lineText } of matches(text, hashNumber)) {
      if (!named.has(`${line}:${match.index + match[0].length}`)) report(line, lineText, `"${match[0]}": an issue number`);
    }
  }

  return problems;
}

/** The files git would commit: tracked, or new and not ignored. */
export function listedFiles(root = ROOT) {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
}

/** Every problem of the repository at `root`. */
export function referenceProblems(root = ROOT) {
  const files = [...new Set(listedFiles(root))].filter((file) => existsSync(join(root, file)));
  const repository = repositoryOf(files);
  const exists = (path) => existsSync(join(root, path));
  const askedGit = new Map();
  const ignored = (path) => {
    if (!askedGit.has(path)) {
      // `git check-ignore` exits with 1 when no rule ignores the path.
      let answer;
      try {
        execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root, stdio: 'ignore' });
        answer = true;
      } catch {
        answer = false;
      }
      askedGit.set(path, answer);
    }
    return askedGit.get(path);
  };
  const problems = [];
  for (const file of files.sort()) {
    if (isSkipped(file) || !statSync(join(root, file)).isFile()) continue;
    const text = readFileSync(join(root, file), 'utf8');
    if (text.includes('\0')) continue;
    problems.push(...problemsIn(file, text, repository, { exists, ignored }).sort((a, b) => a.line - b.line));
  }
  return problems;
}

/** One line per problem: `file:line: reason` and the line. */
export const describeProblems = (problems) => problems.map(({ file, line, text, reason }) => `${file}:${line}: ${reason}\n    ${text.length > 160 ? `${text.slice(0, 157)}…` : text}`).join('\n');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = referenceProblems();
  if (problems.length) {
    console.error(`${problems.length} reference(s) to nothing in the repository, or to an issue:\n${describeProblems(problems)}`);
    process.exit(1);
  }
  console.log('check-references: every file reference is in the repository, and no issue number is named.');
}
