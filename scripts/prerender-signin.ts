/**
 * Vite plugin: after the build wrote dist/index.html, renders the light sign-in page
 * (src/engine/signin/prerender.tsx) into a copy of it per interface language,
 * dist/prerender/signin.<lang>.html, with the entry's stylesheet inlined, so /login?code=
 * paints the form with its HTML (issue 10 section 4). The server answers /login?code= with it
 * (server/signinPage.ts), filling in the tenant code and the year; the script, loaded after the
 * form's first paint (entryLoader), hydrates it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { PrerenderedSignIn } from '../src/engine/signin/prerender.tsx';
import { SIGNIN_PENDING_CLASS } from '../src/engine/signin/slots.ts';
import { afterFirstPaint } from './first-paint.ts';

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
  // The entry script loads after the form's first paint (entryLoader).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('prerender-signin: no entry <script type="module"> in index.html');
  html = html.replace(entry[0], '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  await mkdir(path.join(outDir, PRERENDER_DIR), { recursive: true });
  const written: string[] = [];
  for (const page of module.prerenderSignIn()) {
    if (!html.includes('<div id="root"></div>')) throw new Error('prerender-signin: no <div id="root"></div> in index.html');
    const out = html
      .replace(/<html lang="[^"]*">/, `<html lang="${page.htmlLang}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
      .replace('</head>', () => `${page.head}${entryLoader(entry[1])}\n  </head>`)
      .replace('<div id="root"></div>', () => page.root);
    const file = path.join(outDir, PRERENDER_DIR, signInPageFile(page.lang));
    await writeFile(file, out);
    written.push(file);
  }
  return written;
}

/**
 * The inline script that loads the entry (`src`, a module) once the prerendered form has painted
 * (its first contentful paint: scripts/first-paint.ts): fetched and run while the page
 * is parsed, the entry's small module still ran before that paint and held it back (measured:
 * the prerendered page with its scripts painted ~30 ms later than with the entry after the paint,
 * docs/benchmarks.md). At once when nothing will paint (a hidden tab), when the form is hidden
 * (the pending class: another language or a stored session, where the app decides), or without
 * paint timing; after 500 ms if no paint was reported. The entry's own imports follow it.
 * Until the script has run the form cannot be sent: its button is disabled until the tenant's
 * key is read (tests/e2e/01-guards.spec.ts).
 */
export function entryLoader(src: string): string {
  const q = JSON.stringify;
  return `<script>(function(){var d=document;function load(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${q(src)};d.head.appendChild(s)}`
    + `if(d.documentElement.classList.contains(${q(SIGNIN_PENDING_CLASS)}))return load();`
    + `${afterFirstPaint('load')}})()</script>`;
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
