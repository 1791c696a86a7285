/**
 * For tests that check a widget ignored an OAuth result meant for someone else: a positive signal
 * that the result has reached it, instead of a wait that hopes so.
 */
import { announcementFrom, OAUTH_CHANNEL } from '../../src/browser/oauth-result.js';
import type { OAuthAnnouncement } from '../../src/browser/oauth-result.js';

/**
 * Listens, from now on, for a sign-in window's announcement that `matches`: on the same-origin
 * channel, and with `posted` (a window this page opened, and whose opener it still is) also in a
 * message posted to this page. Resolves once it has been heard each way.
 *
 * Call it after every widget that is to ignore the announcement is listening, and before the
 * announcement can come. Each way delivers in order: a channel's message reaches the channels of
 * a page in the order they were made, and a message posted to the page reaches its listeners in
 * the order they were added. So by the time these listeners hear it, every widget's has too.
 */
export function oauthAnnouncementHeard(matches: (announcement: OAuthAnnouncement) => boolean, { posted }: { posted: boolean }): Promise<void> {
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  const heardOn = (target: EventTarget) =>
    new Promise<void>((resolve) => {
      const hear = (event: Event) => {
        const announcement = announcementFrom((event as MessageEvent).data);
        if (!announcement || !matches(announcement)) return;
        target.removeEventListener('message', hear);
        resolve();
      };
      target.addEventListener('message', hear);
    });
  const ways = [heardOn(channel), ...(posted ? [heardOn(window)] : [])];
  return Promise.all(ways).then(() => channel.close());
}
