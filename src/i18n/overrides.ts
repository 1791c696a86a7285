/**
 * A partner's own words (the `messages` setting) laid over a language's catalogue. What a page
 * hands in is checked as it comes, whatever its types said: a name that is no message of ours, a
 * text that is not one, or one that drops or invents a placeholder (`{provider}`) is left out, and
 * ours is said, with a console line that names it. The rest is taken.
 */
import type { Catalogue } from '../contract/words.js';

type Node = string | { readonly [key: string]: Node };

const PLURAL_CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message of plural forms: `{one, other}` and the like. */
const isPluralForms = (node: Node): node is Record<string, string> =>
  isObject(node) && typeof node['other'] === 'string' && Object.keys(node).every((key) => PLURAL_CATEGORIES.includes(key));

/** The placeholder names a text uses, sorted: `'{count} of {total}'` → `count,total`. */
const placeholdersIn = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort().join(',');

/**
 * The catalogue `base` with `given` laid over it, checked against `reference` (English: the same
 * messages and placeholders as every language). `where` names the part for the console
 * (`messages.fr`); each problem is pushed to `problems`.
 */
export function overridden(base: Catalogue, reference: Catalogue, given: unknown, where: string, problems: string[]): Catalogue {
  if (!isObject(given)) {
    problems.push(`${where} is not an object of messages; ignored.`);
    return base;
  }
  const { lang, dir } = base;
  // The language and its direction are the catalogue's, never a partner's.
  return { ...(merge(base as unknown as Node, reference as unknown as Node, given, where, problems) as unknown as Catalogue), lang, dir };
}

function merge(base: Node, reference: Node, given: Record<string, unknown>, where: string, problems: string[]): Node {
  const merged: Record<string, Node> = { ...(base as Record<string, Node>) };
  for (const [key, value] of Object.entries(given)) {
    const path = `${where}.${key}`;
    const ours = Object.hasOwn(reference as object, key) ? (reference as Record<string, Node>)[key] : undefined;
    if (ours === undefined || key === 'lang' || key === 'dir') {
      problems.push(`${path} is not a message; ignored.`);
    } else if (value === undefined) {
      // Left out, as an optional field may be.
    } else if (typeof ours === 'string' || isPluralForms(ours)) {
      const fault = messageFault(ours, value);
      if (fault) problems.push(`${path} ${fault}; ours is used.`);
      else merged[key] = value as Node;
    } else if (isObject(value)) {
      merged[key] = merge((base as Record<string, Node>)[key]!, ours, value, path, problems);
    } else {
      problems.push(`${path} must be an object of messages; ignored.`);
    }
  }
  return merged;
}

/** Why `value` cannot stand for our message `ours`, or null when it can. */
function messageFault(ours: string | Record<string, string>, value: unknown): string | null {
  const names = placeholdersIn(typeof ours === 'string' ? ours : ours['other']!);
  const keeps = (text: string) => placeholdersIn(text) === names;
  const needs = names ? `must be text with ${names.split(',').map((name) => `{${name}}`).join(' and ')}, and no other placeholder` : 'must be text without placeholders';
  if (typeof value === 'string') return keeps(value) ? null : needs;
  if (typeof ours === 'string' || !isObject(value)) return needs;
  // Plural forms: `other` says every placeholder; a form for one number may leave `{count}` out.
  const forms = Object.entries(value);
  const formsKnown = forms.every(([category, text]) => PLURAL_CATEGORIES.includes(category) && typeof text === 'string');
  const noneInvented = forms.every(([, text]) => typeof text !== 'string' || placeholdersIn(text).split(',').every((name) => !name || names.split(',').includes(name)));
  if (formsKnown && noneInvented && typeof value['other'] === 'string' && keeps(value['other'])) return null;
  return `must be text, or plural forms (${PLURAL_CATEGORIES.join(', ')}) with "other", each with no placeholder but ${names ? `{${names.split(',').join('} and {')}}` : 'none'}`;
}
