/**
 * What a flow must never pass on (the link token, and all the user typed), and how free text
 * from a server is cleaned of it before it reaches an event or a host. Error codes are never
 * cleaned here: they are checked against their own shape instead (`errorCode`).
 */
import { ERRORS } from '../../contract/errors.js';
import { hostInUnicode } from './punycode.js';

const MASK = '•••';
/** Shorter secrets ("al", a PIN) are masked where they stand as a word, not inside other words. */
const SHORT = 4;

/** What HTML escapers write by name (&, <, >, quotes); everything else they write as a number or leave as it is. */
const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text as a person would read it: HTML entities, JSON escapes and percent-encoding decoded,
 * so that an echo in any of those forms reads like the secret itself. Each pass is one linear
 * regular expression; this text is for `debug`, so decoding loses nothing.
 */
export function decodedForms(text: string): string {
  const html = text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return codePoint(parseInt(lower.slice(2), 16)) ?? entity;
    if (lower.startsWith('#')) return codePoint(parseInt(lower.slice(1), 10)) ?? entity;
    return HTML_ENTITIES[lower] ?? entity;
  });
  const json = html.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_escape, what: string) => {
    if (what.startsWith('u')) return String.fromCharCode(parseInt(what.slice(1), 16));
    return ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[what] ?? what;
  });
  const percent = json.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return percent.normalize('NFC');
}

function codePoint(value: number): string | null {
  return Number.isInteger(value) && value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : null;
}

/**
 * A secret as a host name would hold it: in lower case, and with compatibility forms folded as a
 * URL parser folds a host's (full-width `Ｐ` is `p`).
 */
const hostForms = (secret: string) => [...new Set([secret.toLowerCase(), secret.normalize('NFKC').toLowerCase()])];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface FlowSecrets {
  /** Remembers a value the flow sent (the token, a username, a password, a code). */
  add(value: string | null | undefined): void;
  /** Free text without any secret, in any of its forms, cut to `max` characters after cleaning. */
  scrub(text: string, max: number): string;
  /** Whether the text holds a secret of at least four characters, in any of its forms. */
  foundIn(text: string): boolean;
  /**
   * Whether an address holds a secret of at least four characters: as the server wrote it, as a
   * URL parser rewrites it, or in its host name in any case, `xn--` labels read back as Unicode.
   */
  foundInAddress(address: string): boolean;
  /** Forgets them all: the visit is over. */
  clear(): void;
}

export function flowSecrets(initial: Iterable<string> = []): FlowSecrets {
  const secrets = new Set<string>();
  const add = (value: string | null | undefined) => {
    const secret = value?.normalize('NFC');
    if (secret) secrets.add(secret);
  };
  for (const value of initial) add(value);
  const foundIn = (text: string) => {
    const forms = [text, decodedForms(text), decodedForms(text.replaceAll('+', ' '))];
    return [...secrets].some((secret) => secret.length >= SHORT && forms.some((form) => form.includes(secret)));
  };
  const mask = (text: string) => {
    let clean = text;
    for (const secret of secrets) {
      for (const form of new Set([secret, decodedForms(secret), secret.replaceAll(' ', '+')])) {
        clean =
          form.length >= SHORT
            ? clean.replaceAll(form, MASK)
            : clean.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(form)}(?![\\p{L}\\p{N}_])`, 'gu'), MASK);
      }
    }
    return clean;
  };
  return {
    add,
    scrub(text, max) {
      // Masked as written first (a secret that itself looks escaped, `P%40ss`, reads differently
      // once decoded), then after each decoding, until nothing decodes any more: an echo escaped
      // twice (JSON inside JSON) must not come out readable from whoever decodes it next. Each
      // pass shortens the text, and each level of escaping doubles it, so the passes are few.
      let clean = mask(text);
      for (let decoded = decodedForms(clean); decoded !== clean; decoded = decodedForms(clean)) clean = mask(decoded);
      // Cut only now: a secret that straddled the cut would leave its first letters behind.
      return clean.slice(0, max);
    },
    foundIn,
    foundInAddress(address) {
      if (foundIn(address)) return true;
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        return false;
      }
      // The parser drops tabs and line breaks, resolves dot segments and escapes what it must:
      // search what it wrote as well. Its host name is lower case, read by numbers where it is
      // one (`https://987654/` is `0.15.18.6`, caught as written above) and in Punycode where a
      // label is not ASCII; a host name has no case, so a secret in it counts in any case.
      if (foundIn(url.href)) return true;
      const host = hostInUnicode(url.hostname).toLowerCase();
      return [...secrets].some((secret) => secret.length >= SHORT && hostForms(secret).some((form) => host.includes(form)));
    },
    clear: () => secrets.clear(),
  };
}

/**
 * An error code from outside (a server's `error_type`, a result in an address or from a host):
 * a code we know, or one of the documented shape (the list may grow) that repeats no secret of
 * the flow, else `unknown_error`. Never cleaned of secrets: cleaning rewrote
 * `provider_credential_error` (with the username "al") into a code nobody knows.
 */
export function errorCode(value: unknown, secrets?: FlowSecrets): string {
  if (typeof value !== 'string') return 'unknown_error';
  if (Object.hasOwn(ERRORS, value)) return value;
  return /^[a-z0-9_]{1,64}$/.test(value) && !secrets?.foundIn(value) ? value : 'unknown_error';
}
