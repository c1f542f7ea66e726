// Browser tests drive Debian's chromium (never a downloaded browser). On a fresh machine this
// installs it from Debian's packages: chromium (the benches and the screenshot scripts),
// chromium-headless-shell (the same Chromium's old headless mode, which the browser tests run
// in: Playwright's own choice for headless runs, ~15-20% less CPU per test here) and the CJK
// fonts that make Chinese render.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const need = ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'];
if (need.every((p) => existsSync(p))) process.exit(0);
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
console.log('Installing chromium, chromium-headless-shell and fonts-noto-cjk from Debian packages...');
execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk`, {
  stdio: 'inherit',
  shell: '/bin/bash',
});
