export { createLinkClient, DEFAULT_TIMEOUT_MS } from './client.js';
export type { LinkClient, LinkClientOptions } from './client.js';
export { LinkApiError, isLinkApiError, isTokenError, TOKEN_ERROR_CODES } from './errors.js';
export { safeHttpUrl } from './guards.js';
export type * from './types.js';
