/**
 * A visit's id (`linkSessionId`): a random UUID (version 4), so the partner's analytics can join a
 * visit's events. Random, never derived from the token or anything the person typed: it may sit
 * in logs that a token must never reach. `getRandomValues`, not `randomUUID`, which only secure
 * contexts have (a partner's plain-http page in development is not one).
 */
export function newLinkSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
