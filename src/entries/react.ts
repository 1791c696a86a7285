/**
 * `@provider-link/widget/react`: the element as a React component, and a hook that opens the
 * widget in a modal dialog, in the shape partners know from other link SDKs. React is an optional
 * peer dependency: only this entry imports it, and the bundles do not include it.
 *
 * ```tsx
 * const { open, ready } = useProviderLink({ linkToken, onSuccess: (detail) => save(detail.provider) });
 * return <button disabled={!ready} onClick={open}>Connect a device</button>;
 * ```
 */
// First: registering the element finishes an OAuth popup before the app renders in it.
import './define.js';
import { createComponent } from '@lit/react';
import type { EventName } from '@lit/react';
import * as React from 'react';
import { LINK_EVENTS } from '../contract/events.js';
import type { LinkDisconnectDetail, LinkErrorDetail, LinkEventDetail, LinkEventMap, LinkExitDetail, LinkOutcome, LinkSuccessDetail } from '../contract/events.js';
import { ProviderLinkElement } from '../element/provider-link-element.js';
import { openLinkModal, shownLinkModal } from './modal.js';
import type { LinkHandle, OpenOptions } from './modal.js';
import { hasTokenSource } from '../contract/settings.js';

export type { LinkDisconnectDetail, LinkErrorDetail, LinkEventDetail, LinkExitDetail, LinkSuccessDetail, OpenOptions };

/** `onSuccess: 'link-success'`, and so on: each event as the prop that hears it. */
type ComponentEvents = { [K in LinkOutcome as (typeof LINK_EVENTS)[K]['callback']]: EventName<LinkEventMap[(typeof LINK_EVENTS)[K]['name']]> };
const componentEvents = Object.fromEntries(Object.values(LINK_EVENTS).map(({ name, callback }) => [callback, name])) as ComponentEvents;

/**
 * `<ProviderLink linkToken={token} onSuccess={(event) => event.detail.provider} />`: the element
 * inline. Its props are the element's properties (every setting, src/contract/settings.ts), set as
 * properties, and its events as typed props (each gets the `CustomEvent`).
 */
export const ProviderLink = createComponent({
  tagName: 'provider-link',
  elementClass: ProviderLinkElement,
  react: React,
  events: componentEvents,
  displayName: 'ProviderLink',
});

/** Every setting of the element, a token or `requestLinkToken`, and the callbacks (each gets its event's detail). */
export type UseProviderLinkOptions = OpenOptions;

export interface ProviderLinkControls {
  /** Shows the widget in a modal dialog; does nothing until `ready`, or while a dialog (its own or another's) is showing. */
  open(): void;
  /** Ends the flow as the user's Close would (`onExit` is called) and removes the dialog. */
  exit(): void;
  /** A link token or `requestLinkToken` is given: `open` will show the widget. */
  ready: boolean;
}

/**
 * Opens the widget in a modal dialog (the script tag's `ProviderLink.open`). The callbacks are
 * read when they fire, so inline functions work; the dialog closes when the component unmounts.
 */
export function useProviderLink(options: UseProviderLinkOptions): ProviderLinkControls {
  const latest = React.useRef(options);
  latest.current = options;
  const handle = React.useRef<LinkHandle | null>(null);
  // A token, or the function that gets one: with that alone, it is asked for when the person opens the dialog, not before.
  const ready = hasTokenSource(options);

  const open = React.useCallback(() => {
    // Another hook's dialog is showing (one at a time): its handle is not this hook's to keep or close.
    if (!hasTokenSource(latest.current) || handle.current || shownLinkModal()) return;
    // The settings as they are now; each callback as it is when its event fires.
    const callbacks = Object.fromEntries(
      Object.values(LINK_EVENTS).map(({ callback }) => [callback, (detail: never) => (latest.current[callback] as ((detail: never) => void) | undefined)?.(detail)]),
    );
    handle.current = openLinkModal({
      ...latest.current,
      ...callbacks,
      onExit: (detail) => {
        handle.current = null;
        latest.current.onExit?.(detail);
      },
    });
  }, []);

  // Forgotten here too, not only when link-exit comes: a close before the widget started would
  // otherwise leave a handle that stops every later open().
  const exit = React.useCallback(() => {
    handle.current?.close();
    handle.current = null;
  }, []);

  React.useEffect(() => exit, [exit]);

  return React.useMemo(() => ({ open, exit, ready }), [open, exit, ready]);
}
