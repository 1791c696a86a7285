/**
 * What a link token must be to travel in the `x-service-link-token` header: one line of visible
 * ASCII, and not absurdly long. The API gives no format; this is what a header can carry (fetch
 * throws on a line break or text beyond Latin-1, which would read as a network failure and offer
 * "Try again" for ever) with room for any token a service makes. Every door a token comes in by
 * (the property or attribute, the hosted page's message or fragment, `requestLinkToken`) is
 * checked with it.
 */
export const LINK_TOKEN_MAX = 4096;

export const usableToken = (token: string): boolean => token.length <= LINK_TOKEN_MAX && /^[\x21-\x7e]+$/.test(token);

/** Why a token cannot be used, by its length only: the value may be a token with something stuck to it. */
export const unusableTokenReason = (token: string): string =>
  `a link token is one line of visible ASCII of at most ${LINK_TOKEN_MAX} characters; this one has ${token.length} characters${token.length <= LINK_TOKEN_MAX ? ' and others than those' : ''}`;
