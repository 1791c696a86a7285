/**
 * `ProviderLink.open()` for script-tag users: the widget in a native modal `<dialog>` (the page
 * behind is inert, so focus stays inside), ended by Escape, Close or Done with `link-exit`,
 * focus handed back to whatever had it. One at a time: a second `open` returns the first.
 */
import { css } from 'lit';
import { LINK_EVENTS } from '../element/events.js';
import type { LinkCallbacks } from '../element/events.js';
import type { ProviderLinkElement } from '../element/provider-link-element.js';
import { applySettings } from '../element/settings.js';
import type { Settings } from '../element/settings.js';
import { hostBridge } from '../host/bridge.js';
import { messagesFor } from '../i18n/index.js';

/**
 * Every setting of the element (src/element/settings.ts), the token required, and a callback for
 * each of its events (`onSuccess`, `onError`, `onExit`, `onEvent`), which gets the event's detail.
 */
export type OpenOptions = Partial<Settings> & { linkToken: string } & LinkCallbacks;

export interface LinkHandle {
  /** The `<provider-link>` inside the dialog. */
  readonly element: ProviderLinkElement;
  /** Ends the flow as the user's Close would (`link-exit`, `onExit`) and removes the dialog. */
  close(): void;
}

const modalStyles = css`
  dialog.provider-link-modal {
    padding: 0;
    border: 0;
    background: transparent;
    width: min(440px, calc(100vw - 16px));
    max-width: none;
    max-height: calc(100dvh - 16px);
    overflow: auto;
  }
  dialog.provider-link-modal::backdrop {
    background: rgb(12 16 22 / 0.6);
  }
  dialog.provider-link-modal:focus {
    outline: none;
  }
`;

let current: LinkHandle | null = null;

/**
 * The dialog's styles, adopted by the document as a constructed stylesheet (as Lit does for the
 * element): a strict Content-Security-Policy (`style-src 'self'`) blocks an injected `<style>`.
 * No `<style>` fallback: every browser that runs the bundle (it needs class static blocks) and has
 * `showModal()` adopts stylesheets, but for Firefox 98–100, where the dialog keeps its default
 * look; a fallback costs about 95 B of the gzip budget.
 */
function adoptModalStyles(): void {
  // The constructed sheet Lit makes once for a style; none where the browser cannot adopt sheets.
  const sheet = modalStyles.styleSheet;
  if (sheet && !document.adoptedStyleSheets.includes(sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The dialog showing now, if any: there is one at a time, and `openLinkModal` hands it back to a second caller. */
export const shownLinkModal = (): LinkHandle | null => current;

export function openLinkModal(options: OpenOptions): LinkHandle {
  // Else a dialog would spin on its loading screen for ever. ('' is allowed: a return page's token is spent.)
  if (typeof options?.linkToken != 'string') throw new TypeError('ProviderLink.open() needs {linkToken}');
  if (current) return current;
  const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = document.createElement('dialog');
  dialog.className = 'provider-link-modal';
  dialog.setAttribute('aria-label', messagesFor(options.locale || navigator.language).providersTitle);
  adoptModalStyles();
  const element = document.createElement('provider-link');
  applySettings(element, options);
  // A full-page redirect would take the page, and the dialog with it: here `auto` means the
  // system browser through a native app, else a popup (a blocked one opens from a fresh click).
  const mode = options.oauthMode ?? 'auto';
  element.oauthMode = mode !== 'auto' ? mode : hostBridge('').native ? 'external' : 'popup';

  for (const { name, callback } of Object.values(LINK_EVENTS)) {
    element.addEventListener(name, (event) => {
      try {
        (options[callback] as ((detail: unknown) => void) | undefined)?.((event as CustomEvent).detail);
      } catch (error) {
        // The integrator's callback failing must not leave the dialog stuck open.
        console.error(error);
      }
    });
  }
  // After the page's onExit (listeners run in the order they were added): the dialog is gone.
  element.addEventListener(LINK_EVENTS.exit.name, () => remove());

  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    if (current === handle) current = null;
    dialog.close();
    dialog.remove();
    returnFocusTo?.focus();
  };
  const handle: LinkHandle = {
    element,
    close() {
      element.exit(); // fires link-exit, which removes the dialog
      remove(); // a flow that had not started (no token) has no exit to fire
    },
  };
  // Escape: the widget ends the flow itself, so the exit is reported like any other.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    handle.close();
  });

  dialog.append(element);
  document.body.append(dialog);
  dialog.showModal();
  current = handle;
  return handle;
}
