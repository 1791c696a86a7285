import type { Provider } from '../api/types.js';
import type { Messages } from '../i18n/messages.js';
import type { LinkContext } from '../machine/link-machine.js';

/** Everything a view may read: the machine's state, the words, and the search text. */
export interface ViewState {
  /** The innermost active state, dotted: `password.mfa`, `oauth.waiting`, `providers`. */
  state: string;
  context: LinkContext;
  /** A request is in flight (the machine's `busy` tag). */
  busy: boolean;
  t: Messages;
  query: string;
}

/** What a view can ask for; the element turns these into machine events. */
export interface ViewActions {
  select(provider: Provider): void;
  search(query: string): void;
  submitCredentials(form: HTMLFormElement): void;
  submitMfa(form: HTMLFormElement): void;
  submitEmail(form: HTMLFormElement): void;
  openOAuthWindow(): void;
  retry(): void;
  back(): void;
  close(): void;
  restart(): void;
}

/** One screen: its heading, whether Back makes sense, and its body. */
export interface Screen {
  heading: string;
  back: boolean;
  /** Anything Lit renders: a template, or a directive such as `keyed`. */
  body: unknown;
}
