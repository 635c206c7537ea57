// Makes sure a file that a Debian package installs is there, for the tests that need it:
//   node scripts/ensure-debian-package.mjs /usr/bin/chromium chromium
//     (the browser tests and the e2e specs; Playwright's own browser download cannot work here)
//   node scripts/ensure-debian-package.mjs /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 faketime
//     (the date-sensitive tests at shifted clocks)
// As root it installs the package; otherwise it says the command.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [file, pkg] = process.argv.slice(2);
if (!file || !pkg) {
  console.error('usage: node scripts/ensure-debian-package.mjs <file> <package>');
  process.exit(2);
}
if (existsSync(file)) process.exit(0);

const command = `apt-get update && apt-get install -y ${pkg}`;
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`${file} is missing; installing ${pkg}: ${command}`);
  execSync(command, {
    stdio: 'inherit',
    shell: '/bin/bash',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(file)) process.exit(0);
  console.error(`${file} is still missing after installing ${pkg}.`);
  process.exit(1);
}
console.error(`${file} is missing. Install it with:\n  sudo ${command}`);
process.exit(1);
