import { en } from './en.js';
import type { Messages } from './messages.js';

export type { KnownErrorCode, Messages } from './messages.js';
export { en };

const catalogues: Record<string, Messages> = { en };

/** The closest catalogue for a BCP 47 tag (`es-MX` → `es`), falling back to English. */
export function messagesFor(locale: string | null | undefined): Messages {
  const tag = (locale ?? '').toLowerCase();
  const base = tag.split('-')[0] ?? '';
  if (Object.hasOwn(catalogues, tag)) return catalogues[tag] as Messages;
  return Object.hasOwn(catalogues, base) ? (catalogues[base] as Messages) : en;
}

/** The user's words for an error code; an unknown code gets the generic message, never the raw code. */
export function errorMessage(messages: Messages, code: string): string {
  const known: Record<string, string> = messages.errors;
  return Object.hasOwn(known, code) ? (known[code] as string) : messages.errors.generic;
}
