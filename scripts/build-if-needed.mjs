// Builds the SPA into dist/ when dist/index.html is missing or older than any source the
// bundle is made of; otherwise does nothing. Used by `npm start` (SKIP_BUILD=1: never builds).
import { statSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

const sources = ['src', 'public', 'index.html', 'consumer.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));
const built = existsSync(target) ? statSync(target).mtimeMs : 0;
// SKIP_BUILD=1: serve whatever dist/ holds (a node started from a built image, the tests of npm start).
if (process.env.SKIP_BUILD === '1') {
  // nothing to do
} else if (built === 0 || Math.max(...sources.map(newest)) > built) {
  console.log('Building the web app (vite build)...');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
