// Browser tests drive Debian's Chromium through playwright-core; they never download a browser.
// This makes sure /usr/bin/chromium exists: as root on Debian it installs the package, otherwise
// it says what to run. Set JOSTLE_SKIP_BROWSER=1 to run only the Node tests.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (process.env.JOSTLE_SKIP_BROWSER === '1' || existsSync(CHROMIUM)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it (Debian: sudo apt-get install -y chromium), set CHROMIUM_PATH, or set JOSTLE_SKIP_BROWSER=1.`);
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests (apt-get)...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
