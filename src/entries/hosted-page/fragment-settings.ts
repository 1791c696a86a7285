/**
 * The settings the hosted page, `dist/link.html`, takes from its fragment: its own list, apart from
 * the element's settings table, because a hosted link is an address anyone can write and send.
 * docs/host-bridge.md ("The hosted page") lists the same names, and a test holds the two together.
 * No side effects, so that tests can read the list without running the page.
 */
import type { SETTINGS } from '../../contract/settings.js';

/** An attribute of the element's settings table: a renamed one fails to compile below. */
type SettingAttribute = Exclude<(typeof SETTINGS)[number]['attribute'], false>;

/**
 * What a hosted link may set, each passed to the element as its attribute. Not the token, which
 * has its own ways in (docs/host-bridge.md). Not `debug`: it puts the service's developer text
 * on the person's screen, which is for a partner's own testing, never for whoever opens a link
 * (the host gets that text in `link-error.debug` anyway). Not `request-timeout`: a link does not
 * get to change the page's time limits; it keeps the default.
 */
export const FRAGMENT_SETTINGS = [
  'base-url',
  'locale',
  'theme',
  'app-name',
  'provider',
  'providers',
  'region',
  'oauth-mode',
  'parent-origin',
] as const satisfies readonly SettingAttribute[];

export type FragmentSetting = (typeof FRAGMENT_SETTINGS)[number];
