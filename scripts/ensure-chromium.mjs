// Makes sure Debian's Chromium is installed for the e2e specs (Playwright's own browser
// download cannot work here). As root it installs the package; otherwise it says the command.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(chromiumPath)) process.exit(0);

const command = 'apt-get update && apt-get install -y chromium';
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`Chromium is missing; installing it: ${command}`);
  execSync(command, {
    stdio: 'inherit',
    shell: '/bin/bash',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(chromiumPath)) process.exit(0);
  console.error(`Chromium is still missing at ${chromiumPath} after installing.`);
  process.exit(1);
}
console.error(`Chromium is missing at ${chromiumPath}. Install it with:\n  sudo ${command}`);
process.exit(1);
