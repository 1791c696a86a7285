import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { languageFor, loadMessages, messagesFor } from '../i18n/index.js';
import type { Messages } from '../i18n/messages.js';
import type { MessageOverrides } from '../contract/words.js';

/**
 * The host's words, in the manner of Shoelace's `LocalizeController`: the catalogue for the
 * host's `locale` (or the browser's language), loaded on demand; until it arrives the host speaks
 * English and updates once it is there. Each element speaks its own language, in its own words
 * where the page gave some.
 */
export class LocalizeController implements ReactiveController {
  #requested = '';

  constructor(private readonly host: ReactiveControllerHost & { locale: string; messages: MessageOverrides | null }) {
    host.addController(this);
  }

  /** The BCP 47 tag in effect: the host's `locale`, else the browser's language. */
  get locale(): string {
    return this.host.locale || globalThis.navigator?.language || 'en';
  }

  /** The words for that language, with the host's own (`messages`) over them. */
  get t(): Messages {
    return messagesFor(this.locale, this.host.messages);
  }

  hostUpdate(): void {
    const locale = this.locale;
    if (locale === this.#requested || messagesFor(locale).lang === languageFor(locale)) return;
    this.#requested = locale;
    void loadMessages(locale).then(() => {
      if (this.locale === locale) this.host.requestUpdate();
    });
  }
}
