import { firefoxLauncher, webkitLauncher } from './scripts/engines.mjs';
import { sharedConfig } from './scripts/test-server.mjs';

// Firefox ESR and WebKitGTK (Debian's, scripts/engines.mjs) run these after Chromium has run the
// whole suite (web-test-runner.config.mjs); CONTRIBUTING.md, "Test engines" says what runs where and why.
// `ENGINES=firefox` or `ENGINES=webkit` runs one of them while developing.
const engines = (process.env.ENGINES || 'firefox,webkit').split(',');

/**
 * Every file but two, each for a reason (CONTRIBUTING.md, "Test engines"):
 * - test/fuzz/: 10 000 generated answers, two minutes per engine; the widget code they reach is the
 *   same in every engine, and Chromium runs them.
 * - test/hosted/: the hosted page's tests play a native app by injecting a script into a frame
 *   before the frame's own scripts run (scripts/host-simulation.mjs). That is a DevTools Protocol
 *   command; Firefox over WebDriver BiDi runs such scripts too late for frames, and WebKit's
 *   classic WebDriver has none. Chromium runs them.
 */
export const ENGINE_FILES = ['test/**/*.test.ts', '!test/fuzz/**', '!test/hosted/**'];

export default {
  ...sharedConfig,
  files: ENGINE_FILES,
  testsFinishTimeout: 240000,
  browsers: [...(engines.includes('firefox') ? [firefoxLauncher()] : []), ...(engines.includes('webkit') ? [await webkitLauncher()] : [])],
};
