/**
 * Vite plugin: after the build wrote dist/index.html, renders the light sign-in page
 * (src/engine/signin/prerender.tsx) into a copy of it per interface language,
 * dist/prerender/signin.<lang>.html, with the entry's stylesheet inlined, so /login?code=
 * paints the form with its HTML (issue 10 section 4). The server answers /login?code= with it
 * (server/signinPage.ts), filling in the tenant code and the year; the script hydrates it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { PrerenderedSignIn } from '../src/engine/signin/prerender.tsx';

export const PRERENDER_DIR = 'prerender';
export const signInPageFile = (lang: string) => `signin.${lang}.html`;

export async function writeSignInPages(root: string, outDir: string): Promise<string[]> {
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  // The entry's stylesheet (the sign-in page's own CSS), inlined: no request before the paint.
  let html = index;
  for (const m of index.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(path.join(outDir, m[1].replace(/^\//, '')), 'utf8');
    html = html.replace(m[0], () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  const { module } = await runnerImport<{ prerenderSignIn: () => PrerenderedSignIn[] }>(
    path.join(root, 'src/engine/signin/prerender.tsx'),
    { root, logLevel: 'error' },
  );
  await mkdir(path.join(outDir, PRERENDER_DIR), { recursive: true });
  const written: string[] = [];
  for (const page of module.prerenderSignIn()) {
    if (!html.includes('<div id="root"></div>')) throw new Error('prerender-signin: no <div id="root"></div> in index.html');
    const out = html
      .replace(/<html lang="[^"]*">/, `<html lang="${page.htmlLang}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
      .replace('</head>', () => `${page.head}\n  </head>`)
      .replace('<div id="root"></div>', () => page.root);
    const file = path.join(outDir, PRERENDER_DIR, signInPageFile(page.lang));
    await writeFile(file, out);
    written.push(file);
  }
  return written;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function prerenderSignIn(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'prerender-signin',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle: the html is on disk, and it runs before closeBundle (precompress).
    async writeBundle(_options, bundle) {
      if (!Object.keys(bundle).includes('index.html')) return;
      await writeSignInPages(root, outDir);
    },
  };
}
