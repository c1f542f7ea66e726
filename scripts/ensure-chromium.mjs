// Browser tests drive Debian's chromium (never a downloaded browser). On a fresh machine this
// installs it, with the CJK fonts that make Chinese render, from Debian's packages.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const need = ['/usr/bin/chromium', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'];
if (need.every((p) => existsSync(p))) process.exit(0);
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
console.log('Installing chromium and fonts-noto-cjk from Debian packages...');
execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk`, {
  stdio: 'inherit',
  shell: '/bin/bash',
});
