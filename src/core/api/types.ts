/**
 * The shapes the widget reads from the link API, after narrowing (see `guards.ts`).
 * Enums are non-exhaustive on the wire, so they are typed as known values plus `string`.
 */

// `string & {}` keeps editor completion for the known values while accepting any string.
type Open<Known extends string> = Known | (string & {});

import type { AuthType } from '../../contract/events.js';

export type { AuthType };
export type LinkState = Open<'success' | 'error' | 'pending_provider_mfa'>;
export type MfaMethod = Open<'sms' | 'email'>;

export interface Provider {
  id: number | null;
  slug: string;
  name: string;
  description: string;
  /** Only an `http:` or `https:` URL survives narrowing; anything else becomes `null`. */
  logo: string | null;
  authType: AuthType;
  /** Whatever the service says the forms need, unread: `region.ts` beside this file reads what it knows of it. */
  formComponents: Record<string, unknown>;
  /**
   * The kinds of data the provider shares (`sleep`, `heartrate`…; the list is open), for the
   * consent sentence; empty when the service does not say.
   */
  supportedResources: string[];
}

export interface MfaChallenge {
  method: MfaMethod;
  hint: string;
}

/** A password or MFA answer that is not an error (errors are thrown as `LinkApiError`). */
export interface LinkProgress {
  state: LinkState;
  redirectUrl: string | null;
  mfa: MfaChallenge | null;
}

export interface OAuthStart {
  /** Only `http:`/`https:`; any other scheme is refused as `unsafe_oauth_url`. */
  oauthUrl: string;
}

export interface PasswordCredentials {
  username: string;
  password: string;
  region?: string | null | undefined;
}

export interface EmailInvite {
  email: string;
  region?: string | null | undefined;
}

/**
 * How an OAuth sign-in ended, as the service appends it to the redirect URL (`state`,
 * `error_type`, `error`), however it reached the widget: the return page, the page's own address
 * after a redirect, or the host app.
 */
export interface OAuthResult {
  state: string;
  errorType?: string | null;
  error?: string | null;
}
