/**
 * index.html's head script (scripts/route-preload.ts preloadScript), run as the browser runs it:
 * what it hints (modulepreload) and asks (the early calls) on each kind of page load, and the
 * first rows' plan on a signed-in list path (issue 27: only the first rows' files before them).
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { entryLoader } from '../../scripts/prerender-signin';
import { preloadScript } from '../../scripts/route-preload';
import { APP_PRELOAD_GLOBAL, EARLY_GLOBAL, FIRST_ROWS_GLOBAL, FIRST_ROWS_MIN_WIDTH } from '../../src/engine/api/early';

const FILES = { app: ['a/boot.js', 'a/mui.js'], shell: ['a/Shell.js'], home: ['a/Home.js'], rows: ['a/paint.js', 'a/texts.js'], signin: ['a/signinMount.js', 'a/react.js'] };
const LISTS = { '/system/employee': 'system/employee?page=1&pageSize=10&sort=createdAt&order=desc' };
const SESSION = JSON.stringify({ user: { token: 'tok', tenantCode: 'demo' }, menu: [] });

/** Runs the script on a page `url` with `session` stored and a window `width` wide. */
function load(url: string, session: string | null, width = 1440, hidden = false) {
  const { pathname, search } = new URL(url, 'http://x');
  const hinted: string[] = [];
  const asked: string[] = [];
  const window: Record<string, unknown> = { innerWidth: width };
  /** What the page runs later: timers (after the first paint is reported to the observers). */
  const later: (() => void)[] = [];
  const painted: ((list: { getEntriesByName: (n: string) => unknown[] }) => void)[] = [];
  const sandbox = {
    window,
    location: { pathname, search },
    localStorage: { getItem: (k: string) => (k === 'oioc.session' ? session : null) },
    setTimeout: (fn: () => void) => later.push(fn),
    PerformanceObserver: class { constructor(cb: (typeof painted)[number]) { painted.push(cb); } observe() {} },
    document: { hidden, createElement: () => ({}), head: { appendChild: (l: { href: string }) => hinted.push(l.href) } },
    fetch: (u: string) => {
      asked.push(u);
      return Promise.resolve(null);
    },
  };
  const html = preloadScript(FILES, 'oioc.session', '/', true, LISTS);
  vm.runInNewContext(html.replace(/^<script>/, '').replace(/<\/script>$/, ''), sandbox);
  const runLater = () => {
    for (const cb of painted) cb({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    while (later.length) later.shift()!();
  };
  return { hinted, asked, window, runLater };
}

describe('the head script', () => {
  it('on a signed-in list path hints the first rows\' files only, asks the list\'s first page, and hints the app once asked', () => {
    const { hinted, asked, window } = load('/system/employee', SESSION);
    expect(hinted).toEqual(['/a/paint.js', '/a/texts.js']);
    expect(window[FIRST_ROWS_GLOBAL]).toBe(`/v1/${LISTS['/system/employee']}`);
    // Asked first: the rows wait for it, the shell's calls wait for the app.
    expect(asked).toEqual([`/v1/${LISTS['/system/employee']}`, '/v1/system/menu/nested', '/v1/Config/tenant/demo']);
    expect(Object.keys(window[EARLY_GLOBAL] as object)).toEqual(asked);
    const preloadApp = window[APP_PRELOAD_GLOBAL] as () => void;
    preloadApp();
    preloadApp();
    expect(hinted).toEqual(['/a/paint.js', '/a/texts.js', '/a/boot.js', '/a/mui.js', '/a/Shell.js']);
  });

  it('below the table\'s width (the list shows as cards) plans no first rows, and hints the app at once', () => {
    const { hinted, asked, window } = load('/system/employee/', SESSION, FIRST_ROWS_MIN_WIDTH - 1);
    expect(window[FIRST_ROWS_GLOBAL]).toBeUndefined();
    expect(hinted).toEqual(['/a/boot.js', '/a/mui.js', '/a/Shell.js']);
    expect(asked).toContain(`/v1/${LISTS['/system/employee']}`);
  });

  it('on another section page asks the shell\'s calls only; on /home hints the home page too', () => {
    const other = load('/code/generate', SESSION);
    expect(other.window[FIRST_ROWS_GLOBAL]).toBeUndefined();
    expect(other.asked).toEqual(['/v1/system/menu/nested', '/v1/Config/tenant/demo']);
    expect(load('/home', SESSION).hinted).toEqual(['/a/boot.js', '/a/mui.js', '/a/Shell.js', '/a/Home.js']);
  });

  it('on a fresh sign-in hints the sign-in page\'s files after its first paint and asks nothing; without a session nothing is asked', () => {
    const signin = load('/login?code=demo', null);
    // Nothing before the prerendered form's first paint (their compiling would hold it back).
    expect(signin.hinted).toEqual([]);
    signin.runLater();
    // Once (the paint and the fallback timer both came).
    expect(signin.hinted).toEqual(['/a/signinMount.js', '/a/react.js']);
    expect(signin.asked).toEqual([]);
    // A hidden tab paints nothing: at once.
    expect(load('/login?code=demo', null, 1440, true).hinted).toEqual(['/a/signinMount.js', '/a/react.js']);
    const signedOut = load('/system/employee', null);
    expect(signedOut.hinted).toEqual(['/a/boot.js', '/a/mui.js']);
    expect(signedOut.asked).toEqual([]);
    expect(signedOut.window[FIRST_ROWS_GLOBAL]).toBeUndefined();
  });
});

describe('the prerendered sign-in page\'s entry loader', () => {
  /** Runs entryLoader's script; `pending`: the form hidden (the app decides), `paint`: the observer's report. */
  function run({ pending = false, hidden = false, paintTiming = true }) {
    const loaded: string[] = [];
    const later: (() => void)[] = [];
    const painted: ((list: { getEntriesByName: (n: string) => unknown[] }) => void)[] = [];
    const sandbox: Record<string, unknown> = {
      setTimeout: (fn: () => void) => later.push(fn),
      document: {
        hidden,
        documentElement: { classList: { contains: (c: string) => pending && c === 'si-pending' } },
        createElement: () => ({}),
        head: { appendChild: (s: { type: string; src: string }) => loaded.push(`${s.type} ${s.src}`) },
      },
    };
    if (paintTiming) sandbox.PerformanceObserver = class { constructor(cb: (typeof painted)[number]) { painted.push(cb); } observe() {} };
    vm.runInNewContext(entryLoader('/assets/main-x.js').replace(/^<script>/, '').replace(/<\/script>$/, ''), sandbox);
    const paint = () => {
      for (const cb of painted) cb({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
      later.pop()?.(); // the timer the report queued (not the 500 ms fallback)
    };
    return { loaded, paint, timers: () => { while (later.length) later.shift()!(); } };
  }

  it('loads the entry once the form has painted, once', () => {
    const page = run({});
    expect(page.loaded).toEqual([]);
    page.paint();
    expect(page.loaded).toEqual(['module /assets/main-x.js']);
    page.timers();
    expect(page.loaded).toHaveLength(1);
  });

  it('loads it at once when the form is hidden (the app decides), in a hidden tab, or without paint timing; else after 500 ms at the latest', () => {
    expect(run({ pending: true }).loaded).toEqual(['module /assets/main-x.js']);
    expect(run({ hidden: true }).loaded).toEqual(['module /assets/main-x.js']);
    expect(run({ paintTiming: false }).loaded).toEqual(['module /assets/main-x.js']);
    const unpainted = run({});
    unpainted.timers();
    expect(unpainted.loaded).toEqual(['module /assets/main-x.js']);
  });
});
