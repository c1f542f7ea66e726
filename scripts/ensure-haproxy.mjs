// The cluster test (tests/cluster) puts Debian's haproxy in front of two server nodes. On a
// fresh machine this installs it from Debian's packages, as ensure-chromium.mjs does chromium.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const HAPROXY = '/usr/sbin/haproxy';

export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return HAPROXY;
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log('Installing haproxy from Debian packages...');
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
  return HAPROXY;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureHaproxy();
