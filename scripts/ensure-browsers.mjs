// Tests run in Debian's Chromium, Firefox ESR and WebKitGTK; no tool may download a browser of
// its own. Installs what is missing with apt when we are allowed to (root), else says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Each engine: the file that must be there, and the Debian packages that bring it. */
const engines = [
  { name: 'Chromium', path: process.env.CHROME_PATH || '/usr/bin/chromium', packages: ['chromium'] },
  { name: 'Firefox', path: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', packages: ['firefox-esr'] },
  // WebKitWebDriver starts MiniBrowser, which needs a display: xvfb-run gives it one.
  { name: 'WebKit', path: process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver', packages: ['webkit2gtk-driver'] },
  { name: 'Xvfb', path: '/usr/bin/xvfb-run', packages: ['xvfb'] },
];

const missing = engines.filter((engine) => !existsSync(engine.path));
if (missing.length > 0) {
  const packages = missing.flatMap((engine) => engine.packages).join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Installing ${missing.map((engine) => engine.name).join(', ')} from Debian's packages for the browser tests…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
  } else {
    console.error(`Not found: ${missing.map((engine) => `${engine.name} (${engine.path})`).join(', ')}. Install them (sudo apt-get install -y ${packages}) or set the path variables.`);
    process.exit(1);
  }
}
