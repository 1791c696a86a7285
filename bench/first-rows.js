// Injected by `npm run bench` (scripts/bench.mjs, cold start) into every frame of a cold-start
// load, before the frame's own scripts: the partner page, and the hosted page framed by it. It
// notes when the list's first rows exist and the animation frame after that, the same way for the
// floor, the product inline and the product in its frame, so that one clock serves all three.
//
// Shadow roots are found as they are attached (a frame on another origin cannot be reached from
// the partner page, and a MutationObserver sees no shadow root being added). The callback runs in
// the microtask right after the render that made the rows; the animation frame asked for there is
// the first that can show them. Everything else waits for a task after that frame, so that the
// frame's own task, whose end the bench reads from Chromium's trace, holds nothing of ours.
(() => {
  const ROWS = { 'PROVIDER-LINK': 'button[part="provider"]', 'FLOOR-ELEMENT': 'ul button' };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    const selector = ROWS[this.tagName];
    if (!selector) return root;
    const observer = new MutationObserver(() => {
      if (!root.querySelector(selector)) return;
      observer.disconnect();
      // In the trace too (blink.user_timing), inside the task whose render made the rows: what
      // scripts/trace-breakdown.mjs takes as the answer's task.
      performance.mark('bench-rows-exist');
      const rowsAt = performance.now();
      requestAnimationFrame(() => {
        const rafAt = performance.now();
        setTimeout(() => {
          const name = `bench-clock-cold-${Math.random().toString(36).slice(2)}`;
          const resources = performance.getEntriesByType('resource').map((entry) => ({
            path: new URL(entry.name).pathname,
            start: entry.startTime,
            end: entry.responseEnd,
          }));
          // The bench's binding (Playwright's exposeBinding), present in every frame.
          window.benchFirstRows({
            rowsAt,
            rafAt,
            rows: root.querySelectorAll(selector).length,
            timeOrigin: performance.timeOrigin,
            resources,
            clock: { name, at: performance.mark(name).startTime },
          });
        }, 0);
      });
    });
    observer.observe(root, { childList: true, subtree: true });
    return root;
  };
})();
