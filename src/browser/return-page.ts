/**
 * Imported first by `/define`, so by every entry that registers the element (the React entry and
 * both bundles too): when this page is a sign-in window the widget opened, back with its result,
 * it hands the result over and closes before the rest of the app evaluates, so a partner whose
 * `redirect_url` is their whole app needs no code of their own for it. An app that imports only
 * the side-effect-free entry and registers the element itself calls `finishOAuthPopup()`.
 */
import { finishOAuthPopup } from './popup.js';

// No window to finish where the entry is imported to render on a server.
if (typeof window !== 'undefined') finishOAuthPopup();
