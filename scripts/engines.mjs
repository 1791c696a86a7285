// Firefox and WebKit for web-test-runner, from Debian's packages (no browser of a vendor's own):
// Firefox ESR over WebDriver BiDi (puppeteer-core, no geckodriver), WebKitGTK's MiniBrowser
// through WebKitWebDriver on a display of its own (xvfb-run). Both are kept off the network.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import * as puppeteer from 'puppeteer-core';
import { ChromeLauncher } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * Firefox stays off the network: every request but the test server's goes to a proxy that is
 * not there, and the browser's own calls home (updates, telemetry, safe browsing, captive-portal
 * and connectivity checks) are off.
 */
const FIREFOX_PREFS = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'app.update.enabled': false,
  'app.update.auto': false,
  'browser.region.network.url': '',
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'toolkit.telemetry.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'extensions.update.enabled': false,
  'browser.search.update': false,
  // The tests open sign-in windows from key presses and clicks, as a person would.
  'dom.disable_open_during_load': false,
};

const NO_NETWORK_ENV = {
  http_proxy: 'http://127.0.0.1:9',
  https_proxy: 'http://127.0.0.1:9',
  no_proxy: 'localhost,127.0.0.1',
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * WebKitWebDriver on a display of its own (xvfb-run): MiniBrowser, which it starts, needs one.
 * Started when asked for, ended when the process that asked ends. Resolves to its port.
 */
export async function startWebKitDriver() {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // MiniBrowser, started by the driver, keeps off the network as Firefox does: every address
    // but the test server's goes to a proxy that is not there.
    env: { ...process.env, ...NO_NETWORK_ENV },
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  driver.unref(); // the runner's end, not the driver's, ends the process
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      // Said, so that a run stopped from outside does not end as a silent exit code 1.
      console.error(`web-test-runner: ${signal} received, so WebKitWebDriver is stopped and the run ends`);
      stop();
      process.exit(1);
    });
  }
  // Ready once it answers its status endpoint.
  for (let tries = 0; ; tries++) {
    try {
      const status = await fetch(`http://127.0.0.1:${port}/status`);
      if (status.ok) break;
    } catch {
      if (tries > 100) throw new Error(`WebKitWebDriver did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return port;
}

/** The capabilities of a MiniBrowser session through WebKitWebDriver. */
export const WEBKIT_CAPABILITIES = {
  // Classic WebDriver: WebKitWebDriver refuses a session that asks for BiDi (webSocketUrl).
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
};

/**
 * WebKitWebDriver drops a key from one action sequence that presses the same key twice in a row
 * ("password" arrives as "pasword"), so `sendKeys({ type })` sends one key per sequence here.
 */
class WebKitLauncher extends WebdriverLauncher {
  async initialize(config) {
    await super.initialize(config);
    this.name = 'WebKit'; // the runner's label would be empty: the capabilities name no browser
  }
  async sendKeys(sessionId, keys) {
    for (const key of keys) await super.sendKeys(sessionId, [key]);
  }
}

/**
 * Firefox over WebDriver BiDi, through the runner's puppeteer launcher. Each test file's page is
 * brought to the front first, as the page a person is using: Firefox sends no key to, and opens
 * no popup from, a tab behind another one (a popup an earlier file's test left in front). The
 * launcher reuses pages from one file to the next, so this is done on every session.
 */
class FirefoxLauncher extends ChromeLauncher {
  async startSession(sessionId, url) {
    const { browser, context } = await this.getOrStartBrowser();
    if (this.inactivePages.length === 0) this.inactivePages.push(await this.createNewPage(browser, context));
    await this.inactivePages.at(-1).puppeteerPage.bringToFront();
    return super.startSession(sessionId, url);
  }
}

export const firefoxLauncher = () =>
  new FirefoxLauncher(
    { browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, extraPrefsFirefox: FIREFOX_PREFS },
    ({ browser }) => browser.defaultBrowserContext(),
    ({ context }) => context.newPage(),
    puppeteer,
  );

export const webkitLauncher = async () =>
  new WebKitLauncher({ hostname: '127.0.0.1', port: await startWebKitDriver(), logLevel: 'error', capabilities: WEBKIT_CAPABILITIES });
