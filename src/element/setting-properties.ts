/** The element's `static properties`, as Lit takes them, from the settings table. */
import { SETTINGS } from '../contract/settings.js';

export const settingProperties = Object.fromEntries(
  SETTINGS.map((setting) => [
    setting.property,
    { attribute: setting.attribute, reflect: 'reflect' in setting, ...('fromAttribute' in setting ? { converter: { fromAttribute: setting.fromAttribute } } : {}) },
  ]),
);
