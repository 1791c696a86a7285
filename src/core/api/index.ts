export { createLinkClient, DEFAULT_TIMEOUT_MS } from './client.js';
export type { LinkClient, LinkClientOptions } from './client.js';
export { ERRORS, errorInfo, LinkApiError, isLinkApiError } from './errors.js';
export type { ErrorCode, ErrorField, ErrorInfo } from './errors.js';
export { safeHttpUrl } from './guards.js';
export type * from './types.js';
