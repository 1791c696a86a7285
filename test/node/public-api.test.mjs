// The published types are the contract docs/versioning.md lists: each entry's `.d.ts` exports
// exactly the names of its row, and the element's own members are its settings and its three
// methods, nothing the package's entries use among themselves. Reads the types as a consumer's
// TypeScript does, through the exports map. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const versioning = readFileSync(`${root}docs/versioning.md`, 'utf8');

/** The table between `<!-- exports -->` and `<!-- /exports -->`: entry → the names in backticks of its row. */
function listedExports() {
  const table = versioning.split('<!-- exports -->')[1]?.split('<!-- /exports -->')[0];
  assert.ok(table, 'docs/versioning.md has an exports table between <!-- exports --> and <!-- /exports -->');
  const rows = new Map();
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const [, entry, names] = line.split('|').map((cell) => cell.trim());
    // `nothing: it sets window.ProviderLink (…)` lists the global's members, not exports.
    const cell = names.startsWith('nothing') ? '' : names;
    rows.set(entry.replaceAll('`', ''), [...cell.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]).sort());
  }
  return rows;
}

const program = ts.createProgram({
  rootNames: Object.values(pkg.exports).flatMap((target) => (typeof target === 'object' && target.types ? [`${root}${target.types}`] : [])),
  options: { strict: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true },
});
const checker = program.getTypeChecker();
const exportsOf = (file) => {
  const source = program.getSourceFile(`${root}${file}`);
  assert.ok(source, `${file} is built`);
  const symbol = checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.name).sort() : [];
};

const listed = listedExports();
const entriesWithTypes = Object.entries(pkg.exports).filter(([entry, target]) => typeof target === 'object' && target.types && !['./jsx', './vue', './svelte'].includes(entry));

test('docs/versioning.md lists every entry that has types of its own (the JSX, Vue and Svelte ones describe the element)', () => {
  assert.deepEqual([...listed.keys()].sort(), entriesWithTypes.map(([entry]) => (entry === '.' ? pkg.name : `${pkg.name}${entry.slice(1)}`)).sort());
});

for (const [entry, target] of entriesWithTypes) {
  const name = entry === '.' ? pkg.name : `${pkg.name}${entry.slice(1)}`;
  test(`${name} exports exactly what docs/versioning.md lists`, () => {
    assert.deepEqual(exportsOf(target.types), listed.get(name));
  });
}

test("the element's own members are its settings, linkSessionId, and restart, exit, completeOAuth", () => {
  const source = program.getSourceFile(`${root}dist/lib/element/provider-link-element.d.ts`);
  const element = source.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === 'ProviderLinkElement');
  assert.ok(element, 'ProviderLinkElement is declared');
  const litElement = checker.getBaseTypes(checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(element.name)))[0];
  const inherited = new Set(checker.getPropertiesOfType(litElement).map((p) => p.name));
  const own = element.members
    .filter((member) => member.name && !ts.isPrivateIdentifier(member.name))
    .filter((member) => !ts.getCombinedModifierFlags(member) || !(ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Static | ts.ModifierFlags.Private | ts.ModifierFlags.Protected)))
    .map((member) => member.name.getText(source))
    .filter((member) => !inherited.has(member));
  const settings = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(`${root}dist/lib/contract/settings.d.ts`))).find((s) => s.name === 'Settings'))).map((p) => p.name);
  assert.deepEqual([...new Set(own)].sort(), [...settings, 'linkSessionId', 'restart', 'exit', 'completeOAuth'].sort());
});
