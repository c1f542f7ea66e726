/**
 * Vite plugin: modulepreload hints for the page a load opens (issue 10 section 4). The app
 * loads in steps — the entry, then the full app (boot), then the shell, then the screens'
 * registry, the section screen and the list — each chunk asked for only once the one before
 * has run. A small inline script in index.html asks for the first of them at once, from the
 * first bytes of the page, by route: the light sign-in page's own files after its first paint
 * (/login?code= without a session), the full app elsewhere, the shell when a session is stored,
 * with /home the home page. A section route's screens follow the shell (src/engine/routes/routes.tsx preloadRoute):
 * asked for here too they held up the shell, the logo (the list's largest paint) queued
 * behind 90 scripts. It only warms the cache: the app imports the same modules as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { afterFirstPaint } from './first-paint.ts';
import { APP_PRELOAD_GLOBAL, EARLY_CALLS, EARLY_GLOBAL, FIRST_ROWS_GLOBAL, FIRST_ROWS_MIN_WIDTH, firstPageCall, listOnPath, type ListHead } from '../src/engine/api/early.ts';

/** The modules heading each group (paths from the project root). */
const GROUPS = {
  app: ['src/app/boot.tsx'],
  shell: ['src/engine/shell/Shell.tsx'],
  home: ['src/engine/pages/HomePage.tsx'],
  /** A list's first rows drawn before the app (src/engine/firstRows): alone first on such a page. */
  rows: ['src/app/firstRows.ts'],
  /** The light sign-in page (a fresh /login?code=): React and the form's hydration. */
  signin: ['src/app/signinMount.tsx'],
} as const;
/** Groups hinted on their own page only, each with all it needs (not left to the app's groups). */
const ALONE: readonly Group[] = ['rows', 'signin'];
type Group = keyof typeof GROUPS;

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
}

/** The files of `heads` and of everything they import statically, minus `known`. */
function closure(bundle: OutputBundle, heads: string[], known: Set<string>): string[] {
  const byFile = new Map(chunksOf(bundle).map((c) => [c.fileName, c]));
  const out: string[] = [];
  const visit = (file: string) => {
    if (known.has(file)) return;
    known.add(file);
    out.push(file);
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
  };
  heads.forEach(visit);
  return out;
}

/**
 * The first page's call of each menu path that shows one declared list and nothing else
 * (src/schemas/<area>/*.json): the head script asks it on that path with the shell's calls.
 */
export function firstPageCalls(root: string): Record<string, string> {
  const dir = path.join(root, 'src/schemas');
  const decls: (ListHead & { kind?: unknown; path?: unknown })[] = [];
  for (const area of fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of fs.readdirSync(path.join(dir, area.name)).filter((f) => f.endsWith('.json'))) {
      const decl = JSON.parse(fs.readFileSync(path.join(dir, area.name, file), 'utf8')) as ListHead & { kind?: unknown; path?: unknown };
      if (typeof decl.path === 'string' && decl.kind) decls.push(decl);
    }
  }
  const out: Record<string, string> = {};
  for (const menuPath of new Set(decls.map((d) => d.path as string))) {
    const list = listOnPath(decls, menuPath);
    const call = list ? firstPageCall(list) : null;
    if (call) out[menuPath] = call;
  }
  return out;
}

/**
 * On a signed-in page (`g` holds 'shell'), the calls every signed-in page makes, asked at once
 * with the headers of the app's client (src/engine/api/early.ts takes the answers), and on a
 * list's path its first page; where the first rows are drawn (`r`), that page's URL for them.
 */
function earlyCalls(base: string): string {
  const c = EARLY_CALLS;
  const v1 = JSON.stringify(`${base}v1/`);
  return `if(g[1]==='shell')try{var d=JSON.parse(s),u=d.user,e=window[${JSON.stringify(EARLY_GLOBAL)}]={},h={Accept:'application/json',Authorization:'Bearer '+u.token},`
    + `c=[${JSON.stringify(c.menu)}];if(u.tenantCode)c.push(${JSON.stringify(c.configPrefix)}+encodeURIComponent(u.tenantCode));`
    // Where the first rows are drawn, their page is asked first: the embedded database answers one query at a time.
    + `if(l){if(r){c.unshift(L[p]);window[${JSON.stringify(FIRST_ROWS_GLOBAL)}]=${v1}+L[p]}else c.push(L[p])}`
    + `if((d.menu||[]).some(function(m){return(m.children||[]).some(function(x){return x.id===${c.exportMenuId}})}))c.push(${JSON.stringify(c.exportAmount)});`
    + `if(typeof u.token==='string')for(var k=0;k<c.length;k++)e[${v1}+c[k]]={token:u.token,answer:fetch(${v1}+c[k],{headers:h})}}catch(x){}`;
}

/**
 * The head script: modulepreloads by route and the early calls. On a signed-in list path at
 * least FIRST_ROWS_MIN_WIDTH wide (`r`) it hints the first rows' files only, and leaves the
 * app's to APP_PRELOAD_GLOBAL, which the first rows call once their data answered.
 */
export function preloadScript(files: Record<Group, string[]>, sessionKey: string, base = '/', early = true, firstPages: Record<string, string> = {}): string {
  const lists = JSON.stringify(Object.fromEntries(Object.entries(files).map(([g, f]) => [g, f.map((x) => `${base}${x}`)])));
  return `<script>(function(){var f=${lists},p=location.pathname.replace(/\\/+$/,'')||'/',s=null;`
    + `try{s=localStorage.getItem(${JSON.stringify(sessionKey)})}catch(e){}`
    + `function a(q){for(var i=0;i<q.length;i++)for(var j=0;j<f[q[i]].length;j++){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=f[q[i]][j];document.head.appendChild(k)}}`
    // The sign-in page's hints wait for its first paint: hinted at once, their compiling held
    // the prerendered form's paint back ~50 ms, and its entry loads after that paint anyway.
    + `if(p==='/login'&&/[?&]code=[^&]/.test(location.search)&&!s)return ${afterFirstPaint("function(){a(['signin'])}")};`
    + `var g=['app'];if(s&&p!=='/'&&p!=='/login'&&p!=='/forbidden'){g.push('shell');if(p==='/home')g.push('home')}`
    + `var L=${JSON.stringify(firstPages)},l=g[1]==='shell'&&Object.prototype.hasOwnProperty.call(L,p),r=${early ? `l&&window.innerWidth>=${FIRST_ROWS_MIN_WIDTH}` : 'false'};`
    + `if(r){a(['rows']);var n=0;window[${JSON.stringify(APP_PRELOAD_GLOBAL)}]=function(){if(!n){n=1;a(g)}}}else a(g);`
    + (early ? earlyCalls(base) : '')
    + `})()</script>`;
}

export function routePreload(sessionKey: string): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const chunks = chunksOf(bundle);
      const fileOf = (module: string) => {
        const id = path.join(root, module);
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-preload: no chunk holds ${module}`);
        return chunk.fileName;
      };
      const source = typeof html.source === 'string' ? html.source : Buffer.from(html.source).toString('utf8');
      // What the page already asks for (its entry script and modulepreloads) is not hinted again.
      const asked = [...source.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
      const entry = closure(bundle, asked, new Set());
      const known = new Set<string>(entry);
      const files = {} as Record<Group, string[]>;
      // The app's groups share one `known` (each file hinted once); the first rows' and the sign-in
      // page's groups stand alone (a page hints one of them instead of the app's).
      for (const group of Object.keys(GROUPS) as Group[]) files[group] = closure(bundle, GROUPS[group].map(fileOf), ALONE.includes(group) ? new Set(entry) : known);
      // After <meta charset> (the first 1024 bytes), before the entry script.
      if (!source.includes('<script type="module"')) throw new Error('route-preload: no module script in index.html');
      html.source = source.replace('<script type="module"', () => `${preloadScript(files, sessionKey, '/', true, firstPageCalls(root))}\n    <script type="module"`);
    },
  };
}
