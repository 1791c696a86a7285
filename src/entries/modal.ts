/**
 * `ProviderLink.open()` for script-tag users: the widget in a native modal `<dialog>` (the page
 * behind is inert, so focus stays inside), ended by Escape, Close or Done with `link-exit`,
 * focus handed back to whatever had it. One at a time: a second `open` returns the first.
 */
import { css } from 'lit';
import { LINK_EVENTS } from '../contract/events.js';
import type { LinkCallbacks } from '../contract/events.js';
import type { ProviderLinkElement } from '../element/provider-link-element.js';
import { applySettings, hasTokenSource } from '../contract/settings.js';
import type { Settings } from '../contract/settings.js';
import { hostBridge } from '../browser/bridge.js';
import { messagesFor } from '../i18n/index.js';

/**
 * Every setting of the element (src/contract/settings.ts), a token or the function that gets one
 * (`linkToken`, `requestLinkToken`, or both), and a callback for each of its events (`onSuccess`,
 * `onError`, `onExit`, `onEvent`, `onDisconnect`), which gets the event's detail.
 */
export type OpenOptions = Partial<Settings> & ({ linkToken: string } | { requestLinkToken: NonNullable<Settings['requestLinkToken']> }) & LinkCallbacks;

export interface LinkHandle {
  /** The `<provider-link>` inside the dialog. */
  readonly element: ProviderLinkElement;
  /** Ends the flow as the user's Close would (`link-exit`, `onExit`) and removes the dialog. */
  close(): void;
}

/**
 * The dialog fits the viewport with a margin on every side (8 px at the sides, where a phone has
 * little width to spare, 24 px above and below), down to 320 px wide, and keeps one
 * size from step to step: 640 px (taller than every screen but a long list, so those show
 * whole) or the viewport less its margins, whichever is smaller. The widget fills it, and its
 * body scrolls under the header that stays put. `100vh` first for engines without `dvh`.
 */
const modalStyles = css`
  dialog.provider-link-modal {
    padding: 0;
    border: 0;
    background: transparent;
    width: min(440px, calc(100vw - 16px));
    height: min(640px, calc(100vh - 48px));
    height: min(640px, calc(100dvh - 48px));
    max-width: none;
    max-height: none;
    overflow: hidden;
  }
  dialog.provider-link-modal > provider-link {
    height: 100%;
  }
  dialog.provider-link-modal::backdrop {
    background: rgb(12 16 22 / 0.6);
  }
  dialog.provider-link-modal:focus {
    outline: none;
  }
`;

let current: LinkHandle | null = null;
/** While a dialog's onExit runs: where that dialog would have given focus back, for one opened from it. */
let focusAfterExit: HTMLElement | null = null;

/**
 * The dialog's styles, adopted by the document as a constructed stylesheet (as Lit does for the
 * element): a strict Content-Security-Policy (`style-src 'self'`) blocks an injected `<style>`.
 * No `<style>` fallback: every browser that runs the bundle (it needs class static blocks) and has
 * `showModal()` adopts stylesheets, but for Firefox 98–100, where the dialog keeps its default
 * look and still works; a second way in for three old versions is not worth its upkeep.
 */
function adoptModalStyles(): void {
  // The constructed sheet Lit makes once for a style; none where the browser cannot adopt sheets.
  const sheet = modalStyles.styleSheet;
  if (sheet && !document.adoptedStyleSheets.includes(sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The dialog showing now, if any: there is one at a time, and `openLinkModal` hands it back to a second caller. */
export const shownLinkModal = (): LinkHandle | null => current;

export function openLinkModal(options: OpenOptions): LinkHandle {
  // Else a dialog would spin on its loading screen for ever. '' is no token, but open() takes it on
  // purpose (docs/oauth.md, "In the modal"): a return page's token is spent, and the dialog shows the
  // redirect's outcome, or says the link cannot be used. With requestLinkToken and no token, the
  // token is asked for now that the dialog opens.
  if (!hasTokenSource(options) && options?.linkToken !== '') throw new TypeError('ProviderLink.open() needs {linkToken} or {requestLinkToken}');
  if (current) return current;
  const returnFocusTo = focusAfterExit ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const dialog = document.createElement('dialog');
  dialog.className = 'provider-link-modal';
  // Centred in the viewport whatever the page's sheets say: a reset's `* { margin: 0 }` beats the
  // browser's own `margin: auto` and pins the dialog to the top-left corner. Styles set through the
  // CSSOM outrank every rule of the page's but `!important`, and a strict CSP allows them (it
  // blocks `style` attributes, not the CSSOM).
  Object.assign(dialog.style, { position: 'fixed', inset: '0', margin: 'auto' });
  dialog.setAttribute('aria-label', messagesFor(options.locale || navigator.language).providersTitle);
  adoptModalStyles();
  const element = document.createElement('provider-link');
  applySettings(element, options);
  // Nothing else will hand a dialog its token: without one (and no redirect result to show), it
  // says the link is missing, with Close, instead of loading for ever.
  element.withoutToken = 'fail';
  // A full-page redirect would take the page, and the dialog with it: here `auto` means the
  // system browser through a native app, else a popup (a blocked one opens from a fresh click).
  const mode = options.oauthMode ?? 'auto';
  element.oauthMode = mode !== 'auto' ? mode : hostBridge('').native ? 'external' : 'popup';

  for (const { name, callback } of Object.values(LINK_EVENTS)) {
    element.addEventListener(name, (event) => {
      // The flow is over before the page hears so: an open() inside onExit opens a new dialog,
      // which gives focus back where this one would have.
      const exiting = name === LINK_EVENTS.exit.name;
      if (exiting) {
        release();
        focusAfterExit = returnFocusTo;
      }
      try {
        (options[callback] as ((detail: unknown) => void) | undefined)?.((event as CustomEvent).detail);
      } catch (error) {
        // The integrator's callback failing must not leave the dialog stuck open.
        console.error(error);
      } finally {
        if (exiting) focusAfterExit = null;
      }
      if (exiting) remove();
    });
  }

  // A page that clears its DOM (an SPA's router, a body swap) takes the dialog with it: that ends
  // the flow as Close would, so onExit still comes and the next open() makes a new dialog. The
  // observer's microtask runs before the element's own disconnection stops its flow. The dialog is
  // a child of <body>, so only the child lists of <body>, <html> and the document can lose it.
  const leftDocument = new MutationObserver(() => {
    if (!dialog.isConnected) handle.close();
  });
  const release = () => {
    leftDocument.disconnect();
    if (current === handle) current = null;
  };
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    release();
    dialog.close();
    dialog.remove();
    // Unless a dialog opened from onExit has the focus now.
    if (!current && returnFocusTo?.isConnected) returnFocusTo.focus();
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
  for (const node of [document, document.documentElement, document.body]) leftDocument.observe(node, { childList: true });
  current = handle;
  return handle;
}
