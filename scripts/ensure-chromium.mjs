// Tests run in Debian's Chromium; no tool may download a browser of its own.
// Installs it with apt when it is missing and we are allowed to (root), else says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian Chromium for the browser tests…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(`Chromium not found at ${chromium}. Install it (sudo apt-get install -y chromium) or set CHROME_PATH.`);
    process.exit(1);
  }
}
