/**
 * The settings `<provider-link>` takes: the one list of them. The element's reactive properties,
 * the options of `ProviderLink.open()` / `openLinkModal` and `useProviderLink`, the props of
 * `<ProviderLink>` all come from this table (the hosted page's fragment takes its own part of it),
 * so a new row reaches the element from every entry at once (test/entries/settings.test.ts checks
 * each entry, row by row). Each row's documentation is on the element's property of that name.
 */

/** How the OAuth sign-in opens (`oauth-mode`); an unknown value is `auto`. */
export type OAuthMode = 'auto' | 'popup' | 'redirect' | 'external';
export const OAUTH_MODES: readonly OAuthMode[] = ['auto', 'popup', 'redirect', 'external'];

import type { MessageOverrides } from './words.js';

/**
 * A provider the person has connected already, as the partner's backend knows it
 * (`connectedProviders`): `connected` (the default), or `needs_reconnect`, whose sign-in expired.
 */
export interface ConnectedProvider {
  slug: string;
  status?: 'connected' | 'needs_reconnect';
}

/** The widget's colours (`theme`); `auto` follows the person's system. */
export type Theme = 'light' | 'dark' | 'auto';

/**
 * Every setting with its type: what the element's properties are, and what each entry's options
 * and props take. The element says what each one means, on its property of that name.
 */
export interface Settings {
  linkToken: string;
  requestLinkToken: ((options: { signal: AbortSignal }) => Promise<string>) | null;
  baseUrl: string;
  provider: string;
  /** An array of slugs, or one text of them separated by commas (what an attribute or a template gives). */
  providers: readonly string[] | string;
  connectedProviders: readonly ConnectedProvider[];
  disconnectProvider: ((slug: string, options: { signal: AbortSignal }) => Promise<void>) | null;
  oauthMode: OAuthMode;
  locale: string;
  region: string;
  theme: Theme;
  appName: string;
  parentOrigin: string;
  debug: boolean;
  requestTimeout: number | undefined;
  messages: MessageOverrides | null;
}

export interface Setting {
  /** The element's property, and the option's (or prop's) name in every entry. */
  readonly property: string;
  /**
   * Its attribute, for markup and the hosted page's fragment; `false` for a setting that only code
   * can give (a number with limits, a function).
   */
  readonly attribute: string | false;
  /** The element writes the value back to the attribute, so that CSS can select on it. */
  readonly reflect?: true;
  /** How the attribute's text becomes the property's value (Lit's `converter`); default: as it is. */
  readonly fromAttribute?: (value: string | null) => unknown;
  /**
   * A credential: our own entries hand it over as a property, never as an attribute, where the
   * page's markup (caches, server logs, browser extensions) would hold it. The hosted page takes
   * it from a host message or its fragment, by its own rules (docs/host-bridge.md).
   */
  readonly secret?: true;
}

export const SETTINGS = [
  { property: 'linkToken', attribute: 'link-token', secret: true },
  // A function, and the tokens it gives must never touch the DOM: code only, in every entry.
  { property: 'requestLinkToken', attribute: false, secret: true },
  { property: 'baseUrl', attribute: 'base-url' },
  { property: 'provider', attribute: 'provider' },
  // In markup, slugs separated by commas; from code, an array.
  { property: 'providers', attribute: 'providers', fromAttribute: (value) => slugList(value) },
  // What the partner's backend knows of the person: code only, as a list and a function.
  { property: 'connectedProviders', attribute: false },
  { property: 'disconnectProvider', attribute: false },
  { property: 'oauthMode', attribute: 'oauth-mode' },
  { property: 'locale', attribute: 'locale' },
  { property: 'region', attribute: 'region' },
  { property: 'theme', attribute: 'theme', reflect: true },
  { property: 'appName', attribute: 'app-name' },
  { property: 'parentOrigin', attribute: 'parent-origin' },
  // A boolean attribute: present is on. `debug="false"` is off too, as a person writing it means.
  { property: 'debug', attribute: 'debug', fromAttribute: (value) => value !== null && value.trim().toLowerCase() !== 'false' },
  // A number only where the text is one: `request-timeout="abc"` must not mean "no limit" (a
  // non-finite property does); it is left unset, which is the default. No limit is for code: `Infinity`.
  { property: 'requestTimeout', attribute: 'request-timeout', fromAttribute: (value) => (value?.trim() && Number.isFinite(Number(value)) ? Number(value) : undefined) },
  // Objects of words: code only.
  { property: 'messages', attribute: false },
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]['property'];

/**
 * The slugs of a `providers` value, whatever a page hands in: an array of them, or one text of
 * them separated by commas (an attribute, or a framework that sets the property from one); blanks
 * and anything else left out.
 */
export function slugList(value: unknown): string[] {
  const items: unknown[] = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return [...new Set(items.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter(Boolean))];
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** The table and the interface name the same settings: a row or a field without the other fails to compile here. */
export type SettingsMatchTheTable = Holds<Same<SettingName, keyof Settings>>;

/**
 * A token to start with, or the function that gets one: a non-empty string, or a function. '' is
 * no token (one still on its way from the partner's backend, or a return page's, spent). The one
 * rule for `useProviderLink`'s `ready` and `openLinkModal`'s check.
 */
export const hasTokenSource = (options: Partial<Settings> | null | undefined): boolean =>
  (typeof options?.linkToken === 'string' && options.linkToken !== '') || typeof options?.requestLinkToken === 'function';


/**
 * Sets each setting `given` holds on the element, as a property: an option left out (or
 * `undefined`) keeps the element's default.
 */
export function applySettings(element: Settings, given: Partial<Settings>): void {
  for (const { property } of SETTINGS) {
    const value = given[property];
    if (value !== undefined) (element as Record<SettingName, unknown>)[property] = value;
  }
}

/**
 * The entries of a `connectedProviders` value that say something, whatever a page hands in: each
 * `{slug, status}` with a slug, its status `needs_reconnect` or else `connected`; the first entry
 * of a slug counts. Anything else is left out.
 */
export function connectedList(value: unknown): Required<ConnectedProvider>[] {
  const entries = Array.isArray(value) ? (value as unknown[]) : [];
  const list: Required<ConnectedProvider>[] = [];
  for (const entry of entries) {
    const { slug, status } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof slug !== 'string' || !slug.trim() || list.some((known) => known.slug === slug.trim())) continue;
    list.push({ slug: slug.trim(), status: status === 'needs_reconnect' ? 'needs_reconnect' : 'connected' });
  }
  return list;
}
