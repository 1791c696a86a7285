import type { Messages } from '../i18n/messages.js';
import type { EmailInvite, PasswordCredentials } from '../core/api/types.js';
import type { LinkContext, LinkSnapshot } from '../core/machine/link-machine.js';

/** Everything the widget's view is drawn from: the flow's state, the words, and view-only state. */
export interface WidgetState {
  /** The flow's state; null before there is a flow (no token yet). */
  snapshot: LinkSnapshot | null;
  t: Messages;
  /** What the user typed into the provider search box. */
  query: string;
  /** How many providers the list shows before "Show more". */
  listLimit: number;
  /** The region sign-ins are sent with (the `region` attribute), or ''; it preselects the region picker. */
  region: string;
  /** The partner's product name (the `app-name` setting), for the consent sentence; '' for neutral words. */
  appName: string;
  /** A host app or a parent page is around the widget (a webview, a frame): it has a window to close. */
  hosted: boolean;
  /** The `debug` setting: errors show the service's developer text behind "Technical details". */
  debug: boolean;
}

/** What a screen may read: the widget state with the flow's snapshot known to be there. */
export interface ViewState extends WidgetState {
  snapshot: LinkSnapshot;
  context: LinkContext;
  /** A request is in flight (the machine's `busy` tag). */
  busy: boolean;
}

/** What a view can ask for; the element turns these into machine events. */
export interface ViewActions {
  select(slug: string): void;
  search(query: string): void;
  /** Empties the search box and puts the keyboard back in it. */
  clearSearch(): void;
  showMore(): void;
  submitCredentials(credentials: PasswordCredentials): void;
  submitMfa(code: string): void;
  submitEmail(invite: EmailInvite): void;
  openWindow(): void;
  /** Brings the sign-in window that is open to the front. */
  showWindow(): void;
  retry(): void;
  cancel(): void;
  back(): void;
  close(): void;
  restart(): void;
  /** From the success screen: a fresh token, and the list again. */
  connectAnother(): void;
  /** From the list: disconnect this provider (asks first). */
  disconnect(slug: string): void;
  /** On the confirmation: disconnect it now. */
  confirmDisconnect(): void;
}

/** One screen: its words, whether Back makes sense, and its body. */
export interface Screen {
  heading: string;
  /** The first line under the heading, said with it when the screen appears. */
  lead?: string | undefined;
  /** While a request is in flight: what is happening ("Signing in…"). */
  busy?: string | undefined;
  back: boolean;
  /** The flow is over: there is nothing left to close. */
  ended?: boolean;
  /** The body shows the provider's logo itself (a success), so the header leaves its small one out. */
  providerInBody?: boolean;
  /**
   * What stays in view under the header while the body scrolls (the list's intro and search
   * box), when the frame is held to a height.
   */
  top?: unknown;
  /** Anything Lit renders: a template, or a directive such as `keyed`. */
  body: unknown;
}
