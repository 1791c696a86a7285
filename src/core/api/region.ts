/**
 * The region picker's logic: whether a provider's form asks for a region, which codes it offers,
 * and what each is called in the widget's language. No DOM; names come from `Intl.DisplayNames`,
 * so that no list of region names ships with the widget.
 */
import { regionCode } from './client.js';
import type { Provider } from './types.js';

/**
 * Offered when the provider names none: the regions most accounts are in. Every one is a value of
 * the link API's `Region` (spec/link-api.openapi.json), which the service checks sign-ins against.
 */
export const COMMON_REGIONS = ['us', 'eu', 'gb', 'ca', 'au', 'nz', 'de', 'fr', 'es', 'it', 'nl', 'br', 'mx', 'in', 'sg', 'za'] as const;

/** More options than a provider has regions; a longer list is cut here. */
const OPTIONS_MAX = 100;

/**
 * What the provider's `form_components` says about a region, read defensively (the API describes
 * the object as free-form): `null` when it does not ask for one; else the codes it offers, or an
 * empty list when it asks without naming any. The shapes read:
 * - `{region: true}`, `{requires_region: true}`: a region is needed;
 * - `{region: ["eu", "us"]}` or `{region: {options: ["eu", "us"]}}`: one of these.
 * An option is a code (`"eu"`) or an object with one (`{"value": "eu"}`, `{"code": "eu"}`).
 * Anything else is ignored, as is a `region` object that says `required: false`.
 */
export function regionRequest(formComponents: Record<string, unknown>): string[] | null {
  const region = formComponents['region'];
  if (Array.isArray(region)) return codesOf(region);
  if (typeof region === 'object' && region !== null) {
    const { options, required } = region as Record<string, unknown>;
    if (required === false) return null;
    return Array.isArray(options) ? codesOf(options) : [];
  }
  if (region === true || formComponents['requires_region'] === true) return [];
  return null;
}

function codesOf(options: unknown[]): string[] {
  const codes = new Set<string>();
  for (const option of options.slice(0, OPTIONS_MAX)) {
    const value = typeof option === 'object' && option !== null ? ((option as Record<string, unknown>)['value'] ?? (option as Record<string, unknown>)['code']) : option;
    const code = typeof value === 'string' ? regionCode(value) : null;
    if (code) codes.add(code);
  }
  return [...codes];
}

/** Whether the provider's form asks for a region, before any answer says so. */
export const asksForRegion = (provider: Provider | null | undefined) => provider !== null && provider !== undefined && regionRequest(provider.formComponents) !== null;

/** One option of the picker: its code and its name in the widget's language. */
export interface RegionOption {
  code: string;
  name: string;
}

/**
 * The picker's options: the provider's own when it names them, else the common ones with the
 * `region` setting among them (the page knows its users). Sorted by name in the widget's language.
 */
export function regionOptions(provider: Provider | null | undefined, preset: string | null, lang: string): RegionOption[] {
  const own = provider ? (regionRequest(provider.formComponents) ?? []) : [];
  const codes = own.length > 0 ? own : [...new Set([...(preset ? [preset] : []), ...COMMON_REGIONS])];
  const collator = new Intl.Collator(lang);
  return codes.map((code) => ({ code, name: regionName(code, lang) })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * A region's name in a language (`eu` → "European Union", `us` → "United States"); the code in
 * capitals when the engine has no name for it (a code it does not know, or no `Intl.DisplayNames`).
 */
export function regionName(code: string, lang: string): string {
  const upper = code.toUpperCase();
  try {
    return new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'none' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** The option a picker starts on: the `region` setting when the picker offers it, else none. */
export const presetRegion = (options: RegionOption[], preset: string | null) => (preset && options.some((o) => o.code === preset) ? preset : '');
