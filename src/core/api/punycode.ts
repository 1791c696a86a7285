/**
 * Punycode decoding (RFC 3492), to read a host name the way it was written. A URL parser writes
 * each non-ASCII label of a host as `xn--` and Punycode, so a secret with an umlaut in a host is
 * found by no plain search of the address; browsers offer no way back (`URL` only encodes).
 * Decoding only: the widget never encodes a host itself.
 */

// The parameters RFC 3492 fixes for Punycode (section 5).
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
/** The decoder's integers stay below this (RFC 3492, 6.4): a longer run of digits is not Punycode. */
const MAX_INT = 0x7fffffff;

/** The bias for the next code point (RFC 3492, 6.1). */
function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** `a`–`z` (either case) are 0–25 and `0`–`9` are 26–35; anything else is no digit (`BASE`). */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/**
 * The Unicode text a Punycode string (a label without its `xn--`) stands for, or null when it is
 * not valid Punycode. Linear in the input but for the insertions, and a label is short.
 */
export function decodePunycode(input: string): string | null {
  // The basic code points come first, up to the last delimiter, and are taken as they are.
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let index = 0; index < delimiter; index++) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    // One variable-length integer: how far to move along (position × code point) to the next insertion.
    const before = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / weight)) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      if (weight > Math.floor(MAX_INT / (BASE - threshold))) return null;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    if (Math.floor(i / length) > MAX_INT - n) return null;
    n += Math.floor(i / length);
    i %= length;
    // A code point that Unicode does not have cannot have been encoded.
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/**
 * A host name with each `xn--` label decoded (`xn--bcher-kva.example` reads `bücher.example`); a
 * label that is not valid Punycode stays as it is.
 */
export function hostInUnicode(host: string): string {
  return host
    .split('.')
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}
