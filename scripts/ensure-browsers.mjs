// Tests run in Debian's Chromium and Firefox ESR; no tool may download a browser of its own.
// Installs what is missing with apt when we are allowed to (root), else says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const BROWSERS = [
  { name: 'Chromium', path: process.env.CHROME_PATH || '/usr/bin/chromium', pkg: 'chromium', env: 'CHROME_PATH' },
  { name: 'Firefox ESR', path: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', pkg: 'firefox-esr', env: 'FIREFOX_PATH' },
];

const missing = BROWSERS.filter((browser) => !existsSync(browser.path));
if (missing.length > 0) {
  if (process.getuid?.() === 0) {
    console.log(`Installing ${missing.map((b) => `Debian ${b.name}`).join(' and ')} for the browser tests…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.map((b) => b.pkg).join(' ')}`, { stdio: 'inherit' });
  } else {
    for (const b of missing) console.error(`${b.name} not found at ${b.path}. Install it (sudo apt-get install -y ${b.pkg}) or set ${b.env}.`);
    process.exit(1);
  }
}
