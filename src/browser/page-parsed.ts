/**
 * Runs `then` once the page's own scripts have had their chance to listen: after
 * `DOMContentLoaded` has been dispatched (or at once, when it has been already). Returns the
 * function that forgets it, for an element removed before then.
 *
 * `document.readyState` alone cannot say so: it is already `interactive` while deferred and
 * module scripts run, before `DOMContentLoaded`, so a return page whose listeners stand in a
 * later module would miss the outcome. The navigation entry's `domContentLoadedEventStart` is 0
 * until the event is dispatched, in every engine we support.
 */
export function whenPageParsed(then: () => void, doc: Document = document): () => void {
  if (pageParsed(doc)) {
    then();
    return () => {};
  }
  const parsed = () => then();
  doc.addEventListener('DOMContentLoaded', parsed, { once: true });
  return () => doc.removeEventListener('DOMContentLoaded', parsed);
}

function pageParsed(doc: Document): boolean {
  if (doc.readyState === 'loading') return false;
  if (doc.readyState === 'complete') return true;
  const navigation = doc.defaultView?.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  // A document without a navigation entry (about:blank, document.open) has no later scripts to wait for.
  return !navigation || navigation.domContentLoadedEventStart > 0;
}
