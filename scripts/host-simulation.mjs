// Server command for test/hosted-page/: `simulate-hosts` installs, in every frame the test page loads
// from then on, a script that runs before the frame's own, as a native app's injected code does
// (WKUserScript at document start, react-native-webview, addJavascriptInterface). A browser page
// cannot do that for a frame it loads, so the test asks the browser. Only on dist/link.html:
// - always: records Content-Security-Policy violations and the address when the DOM was ready;
// - in a frame named `native-host`: a React Native host (`window.ReactNativeWebView`) that keeps
//   what it is sent in `window.hostReceived`.
const SIMULATION = `(() => {
  if (location.pathname !== '/dist/link.html') return;
  window.violations = [];
  addEventListener('securitypolicyviolation', (event) => window.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  addEventListener('DOMContentLoaded', () => (window.addressAtReady = location.href), { capture: true });
  window.hostReceived = [];
  if (window.name === 'native-host') window.ReactNativeWebView = { postMessage: (message) => window.hostReceived.push(message) };
})();`;

const installed = new WeakSet();

export const hostSimulation = {
  name: 'host-simulation',
  async executeCommand({ command, session }) {
    if (command !== 'simulate-hosts') return undefined;
    const page = session.browser.getPage(session.id);
    if (installed.has(page)) return true;
    // Chromium through Puppeteer; Playwright's browsers name it addInitScript.
    if (typeof page.evaluateOnNewDocument === 'function') await page.evaluateOnNewDocument(SIMULATION);
    else await page.addInitScript(SIMULATION);
    installed.add(page);
    return true;
  },
};
