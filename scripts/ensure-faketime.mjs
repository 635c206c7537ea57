// Makes sure Debian's libfaketime is installed: `npm test` runs the date-sensitive integration
// files and e2e tests again with the clock moved (vitest.config.ts, e2e/playwright.config.ts;
// issue 31). As root it installs the package; otherwise it says the command.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';

if (existsSync(libfaketime)) process.exit(0);

const command = 'apt-get update && apt-get install -y faketime';
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`libfaketime is missing; installing it: ${command}`);
  execSync(command, {
    stdio: 'inherit',
    shell: '/bin/bash',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(libfaketime)) process.exit(0);
  console.error(`libfaketime is still missing at ${libfaketime} after installing.`);
  process.exit(1);
}
console.error(`libfaketime is missing at ${libfaketime}. Install it with:\n  sudo ${command}`);
process.exit(1);
