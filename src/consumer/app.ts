/**
 * The public consumer page (/m/{tenantCode}[/{brandProductId}]?c=&lang=&mode=preview): what a
 * shopper sees on scanning a product's code. Preact + htm (no JSX transform, no React, no MUI):
 * the whole page is a few kilobytes. Data contract: src/domain/marketing/page.ts; pure rules:
 * src/domain/marketing/consumer.ts. Layouts (docs/decisions.md "Consumer page"):
 *   A "classic": brand bar, banners, a sticky in-page menu, the sections stacked as lists;
 *   B "tabs": brand bar, banners, one tab per navigator function, one panel at a time;
 *   C "cards": a coloured hero with a large logo, the query result as a raised card, activities
 *     and products as a grid of picture cards.
 */
import { h, render } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import type { Lang } from '../domain/lang';
import { QueryPageFunction, VisibleFunction } from '../domain/enums';
import type { PageData, PageQuery, PreviewDraft } from '../domain/marketing/page';
import {
  acceptPreviewMessage, carouselBanners, consentKey, inkOnWhite, layoutLetter, mergePreview, needsConsent, parseConsent,
  pickPageLang, textOn, tint, safeColor,
} from '../domain/marketing/consumer';
import { HTML_LANG, TEXTS } from './texts';
import { MemberSection } from './member';
import { PointShop } from './points';
import { LotteryOffer } from './lottery/offer';
import { browserEnv, type ConsumerEnv } from './env';
import { Activities, Carousel, Contact, Popular, QueryResult, type Ctx, type LocationOffer } from './sections';
import { LangSwitch, Notice, PrivacyDialog, Skeleton } from './frame';

const html = htm.bind(h);

// The environment (globals by default; tests pass their own) is in env.ts.
export { browserEnv, type ConsumerEnv } from './env';

/** What the address says: tenant code, brand product, scanned code, language, preview. */
export interface Route {
  tenantCode: string;
  brandProductId: string | null;
  code: string | null;
  langParam: string | null;
  preview: boolean;
}

export function parseRoute(href: string): Route {
  const url = new URL(href);
  const parts = url.pathname.split('/').filter(Boolean).map((p) => { try { return decodeURIComponent(p); } catch { return p; } });
  const at = parts[0] === 'm' ? 1 : 0;
  return {
    tenantCode: parts[at] ?? '',
    brandProductId: parts[at + 1] ?? null,
    code: url.searchParams.get('c')?.trim() || null,
    langParam: url.searchParams.get('lang'),
    preview: url.searchParams.get('mode') === 'preview',
  };
}

// --- Data ------------------------------------------------------------------------------------

type Load =
  | { state: 'loading' }
  | { state: 'ready'; page: PageData }
  | { state: 'error' }
  | { state: 'unknown' };

/** The page call; `unknown` for a tenant the server does not know (404), `error` otherwise. */
async function fetchPage(env: ConsumerEnv, route: Route, lang: Lang, withCode: boolean, pos: GeolocationCoordinates | null): Promise<Load> {
  const q = new URLSearchParams();
  if (withCode && route.code) q.set('c', route.code);
  q.set('lang', lang);
  if (withCode && route.code && pos) {
    q.set('lat', pos.latitude.toFixed(6));
    q.set('lng', pos.longitude.toFixed(6));
  }
  const path = `/mapi/v1/page/${encodeURIComponent(route.tenantCode)}${route.brandProductId ? `/${encodeURIComponent(route.brandProductId)}` : ''}`;
  try {
    const res = await env.fetch(`${path}?${q}`, { headers: { accept: 'application/json' } });
    if (res.status === 404) return { state: 'unknown' };
    if (!res.ok) return { state: 'error' };
    const raw = (await res.json()) as PageData;
    // Missing lists or objects become empty ones; the scan's answer is kept exactly as sent.
    return { state: 'ready', page: { ...mergePreview(route.tenantCode, raw, null), query: raw?.query ?? null, authenticity: raw?.authenticity ?? null } };
  } catch {
    return { state: 'error' };
  }
}

/**
 * The shopper's position, only when they already allowed this site (no prompt on arrival), and
 * at most `waitMs` late: a slow fix is dropped rather than holding the page back.
 */
async function positionIfGranted(env: ConsumerEnv, waitMs: number): Promise<GeolocationCoordinates | null> {
  if (!env.geolocation || !env.permissions) return null;
  try {
    const status = await env.permissions.query({ name: 'geolocation' as PermissionName });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    env.geolocation!.getCurrentPosition(
      (p) => { clearTimeout(timer); resolve(p.coords); },
      () => { clearTimeout(timer); resolve(null); },
      { maximumAge: 10 * 60_000, timeout: waitMs, enableHighAccuracy: false },
    );
  });
}

type SectionKey = 'query' | 'activities' | 'popular';

function sectionsOf(nav: number): SectionKey[] {
  const out: SectionKey[] = [];
  if (nav & VisibleFunction.QueryResult) out.push('query');
  if (nav & VisibleFunction.LatestActivities) out.push('activities');
  if (nav & VisibleFunction.PopularProducts) out.push('popular');
  return out;
}

function Page({ ctx, onLang, location, onPrivacy, inert, member, points, lottery }: { ctx: Ctx; onLang: (l: Lang) => void; location: LocationOffer; onPrivacy: () => void; inert: boolean; member?: unknown; points?: unknown; lottery?: unknown }) {
  const { t, page, lang } = ctx;
  const li = page.layoutInfo;
  const letter = layoutLetter(li.layout);
  const sections = sectionsOf(li.navigatorFunctions);
  const title = (k: SectionKey) => (k === 'query' ? t.queryResult : k === 'activities' ? t.latestActivities : t.popularProducts);
  const [tab, setTab] = useState<SectionKey>(sections[0] ?? 'query');
  const current = sections.includes(tab) ? tab : sections[0];
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const name = li.clientDisplayName || page.tenant.name || t.pageTitle;
  const logo = li.logoUrl || page.tenant.logoUrl;
  // No advertisement under a not-genuine (unknown) or warned code's answer (issue 26).
  const doubtful = !!page.query && (!page.query.exists || page.query.warning);
  const banners = doubtful ? [] : carouselBanners(page);
  const grid = letter === 'C';
  const body = (k: SectionKey) => (k === 'query'
    ? html`<${QueryResult} ctx=${ctx} query=${page.query} location=${location} />${lottery}`
    : k === 'activities' ? html`<${Activities} ctx=${ctx} grid=${grid || letter === 'B'} />` : html`<${Popular} ctx=${ctx} grid=${grid || letter === 'B'} />`);

  const onTabKey = (e: KeyboardEvent) => {
    const i = sections.indexOf(current!);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? sections.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const k = sections[(next + sections.length) % sections.length]!;
    setTab(k);
    tabRefs.current[k]?.focus();
  };

  const header = letter === 'C'
    ? html`<header class="hero" role="banner">
        <div class="hero-top"><${LangSwitch} lang=${lang} onChange=${onLang} t=${t} /></div>
        ${logo ? html`<img class="hero-logo" src=${logo} alt=${name} />` : null}
        <h1 class=${logo ? 'hero-name' : 'hero-name big'}>${name}</h1>
      </header>`
    : html`<header class="bar" role="banner">
        <div class="bar-inner">
          ${logo ? html`<img class="bar-logo" src=${logo} alt="" />` : null}
          <h1 class="bar-name">${name}</h1>
          <${LangSwitch} lang=${lang} onChange=${onLang} t=${t} />
        </div>
      </header>`;

  const section = (k: SectionKey) => html`<section class=${`section s-${k}`} id=${k} key=${k} aria-labelledby=${`h-${k}`}>
    <h2 id=${`h-${k}`}>${title(k)}</h2>${body(k)}
  </section>`;
  const rest = sections.filter((k) => k !== 'query').map(section);
  const carousel = html`<${Carousel} banners=${banners} t=${t} />`;
  let main: unknown;
  if (letter === 'B' && sections.length > 0) {
    main = html`
      ${carousel}
      <div class="tabs" role="tablist" aria-label=${t.sections} onKeyDown=${onTabKey}>
        ${sections.map((k) => html`<button type="button" role="tab" key=${k} id=${`tab-${k}`} aria-controls=${`panel-${k}`} aria-selected=${k === current ? 'true' : 'false'} tabIndex=${k === current ? 0 : -1} class=${k === current ? 'tab on' : 'tab'} ref=${(el: HTMLButtonElement | null) => { tabRefs.current[k] = el; }} onClick=${() => setTab(k)}>${title(k)}</button>`)}
      </div>
      ${sections.map((k) => html`<section role="tabpanel" key=${k} id=${`panel-${k}`} aria-labelledby=${`tab-${k}`} class="section panel" hidden=${k !== current} tabIndex="0">
        ${k === current ? body(k) : null}
      </section>`)}`;
  } else if (letter === 'C') {
    // The scan's answer rides on the hero; banners and the picture grids follow.
    main = html`
      ${sections.includes('query') && html`<section class="hero-card" id="query" aria-labelledby="h-query"><h2 id="h-query" class="visually-hidden">${title('query')}</h2>${body('query')}</section>`}
      ${carousel}${rest}`;
  } else {
    // A (and B without navigator functions): the scan's answer first, then banners and lists.
    main = html`
      ${sections.length > 1 && html`<nav class="jump" aria-label=${t.sections}><ul>
        ${sections.map((k) => html`<li key=${k}><a href=${`#${k}`}>${title(k)}</a></li>`)}
        <li><a href="#contact">${t.contact}</a></li>
      </ul></nav>`}
      ${sections.includes('query') && section('query')}
      ${carousel}${rest}`;
  }

  return html`
    <div class=${`page layout-${letter}`} inert=${inert || undefined} aria-hidden=${inert ? 'true' : undefined}>
      ${header}
      <main id="main">
        <div class="wrap">
          ${main}
          ${member}
          ${points}
          <${Contact} ctx=${ctx} cards=${letter === 'C'} />
        </div>
      </main>
      <footer class="foot" role="contentinfo">
        <div class="wrap">
          ${li.privacyInfo && html`<button type="button" class="linklike" data-privacy onClick=${onPrivacy}>${t.privacy}</button>`}
          <p>${li.copyright || `© ${new Date().getFullYear()} ${name}`}</p>
        </div>
      </footer>
    </div>`;
}

// --- The app ---------------------------------------------------------------------------------

export function ConsumerApp({ env }: { env: ConsumerEnv }) {
  const route = useMemo(() => parseRoute(env.href), [env]);
  const [lang, setLang] = useState<Lang>(() => pickPageLang(route.langParam, env.languages));
  const [load, setLoad] = useState<Load>(() => (route.preview ? { state: 'ready', page: mergePreview(route.tenantCode, null, null) } : { state: 'loading' }));
  const [saved, setSaved] = useState<PageData | null>(null);
  const [draft, setDraft] = useState<PreviewDraft | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [privacy, setPrivacy] = useState<'consent' | 'view' | null>(null);
  // 'shared': the shopper allowed it from the offer of this page (their later scans carry it).
  const [geo, setGeo] = useState<'unknown' | 'prompt' | 'granted' | 'denied' | 'shared'>('unknown');
  const queryRef = useRef<PageQuery | null>(null);
  // Bumped by a redemption: the member panel reads the new balance (issue 26).
  const [pointsChanged, setPointsChanged] = useState(0);
  const onRedeemed = useCallback(() => setPointsChanged((n) => n + 1), []);
  const t = TEXTS[lang];

  // Live: the page call (with the code: one scan), after a position the shopper already allowed.
  useEffect(() => {
    if (route.preview) return;
    let live = true;
    setLoad({ state: 'loading' });
    (async () => {
      const pos = route.code ? await positionIfGranted(env, 1000) : null;
      const result = await fetchPage(env, route, lang, true, pos);
      if (live) {
        if (result.state === 'ready') queryRef.current = result.page.query;
        setLoad(result);
      }
    })();
    return () => { live = false; };
    // The language switch re-reads without the code (no second scan): see onLang.
  }, [attempt]);

  // Preview: the saved data (no scan) under the drafts posted by the opener, same origin only.
  useEffect(() => {
    if (!route.preview) return;
    let live = true;
    fetchPage(env, route, lang, false, null).then((r) => { if (live && r.state === 'ready') setSaved(r.page); });
    const onMessage = (e: MessageEvent) => {
      if (!acceptPreviewMessage(e.origin, env.origin, e.data)) return;
      if (env.win.opener && e.source && e.source !== env.win.opener) return;
      setDraft(e.data.data);
    };
    env.win.addEventListener('message', onMessage as EventListener);
    return () => { live = false; env.win.removeEventListener('message', onMessage as EventListener); };
  }, [lang]);

  const page: PageData | null = route.preview
    ? mergePreview(route.tenantCode, saved, draft)
    : load.state === 'ready' ? load.page : null;

  // Document language, title and the state tests and the benchmark wait for.
  const state = route.preview ? 'ready' : load.state;
  useEffect(() => {
    const d = env.doc;
    d.documentElement.lang = HTML_LANG[lang];
    const name = page?.layoutInfo.clientDisplayName || page?.tenant.name;
    d.title = `${route.preview ? `[${t.preview}] ` : ''}${name || t.pageTitle}`;
    d.documentElement.dataset.state = state;
  });

  // Privacy: asked once the page shows, per the consent rule (not in a preview: the client sees
  // the text through the footer link and the dialog of a fresh visit when it posts privacy info).
  const privacyInfo = page?.layoutInfo.privacyInfo ?? null;
  useEffect(() => {
    if (!page || route.preview) return;
    const stored = parseConsent(env.storage?.getItem(consentKey(route.tenantCode)) ?? null);
    if (needsConsent(privacyInfo, stored)) setPrivacy('consent');
  }, [privacyInfo?.version, privacyInfo?.force, !!page]);

  // Location: after the page shows, find out whether the shopper could be asked (no prompt here).
  useEffect(() => {
    if (route.preview || state !== 'ready' || !env.permissions || !env.geolocation) return;
    env.permissions.query({ name: 'geolocation' as PermissionName })
      .then((s) => setGeo(s.state as 'prompt' | 'granted' | 'denied'))
      .catch(() => setGeo('unknown'));
  }, [state]);
  const location: LocationOffer = {
    offer: !!page?.query?.exists && !!(page.layoutInfo.queryPageFunctions & QueryPageFunction.LatestScanLocation) && (geo === 'prompt' || geo === 'shared'),
    done: geo === 'shared',
    ask: () => env.geolocation?.getCurrentPosition(() => setGeo('shared'), () => setGeo('denied'), { timeout: 15_000 }),
  };

  const onLang = useCallback((l: Lang) => {
    setLang(l);
    const url = new URL(env.href);
    url.searchParams.set('lang', l);
    env.replaceUrl(url.pathname + url.search);
    if (!route.preview && load.state === 'ready') {
      // Names of activities come localized from the server: re-read without the code (no
      // second scan), keep the answer of the scan.
      fetchPage(env, route, l, false, null).then((r) => {
        if (r.state === 'ready') setLoad({ state: 'ready', page: { ...r.page, query: queryRef.current } });
      });
    }
  }, [env, route, load.state]);

  // Focus goes back where it was (the footer link) once the dialog closes; taken before the
  // page behind turns inert, which drops the focus. A layout effect: the focus is back in the
  // same commit that removes the dialog and the page's inert, not a frame later.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openPrivacy = () => {
    returnFocus.current = env.doc.activeElement as HTMLElement | null;
    setPrivacy('view');
  };
  useLayoutEffect(() => {
    if (privacy === null && returnFocus.current) {
      returnFocus.current.focus();
      returnFocus.current = null;
    }
  }, [privacy]);

  const agree = () => {
    if (privacyInfo) env.storage?.setItem(consentKey(route.tenantCode), JSON.stringify({ version: privacyInfo.version, at: new Date().toISOString() }));
    setPrivacy(null);
  };

  const ribbon = route.preview && html`<div class="ribbon" role="status"><strong>${t.preview}</strong><span>${t.previewNote}</span></div>`;
  const theme = page ? themeStyle(page.layoutInfo.colorCode) : themeStyle(null);
  const skip = html`<a class="skip" href="#main">${t.skip}</a>`;

  if (!route.tenantCode) return html`<div class="root" style=${theme}>${skip}<${Notice} kind="unknown" t=${t} /></div>`;
  if (state === 'loading') return html`<div class="root" style=${theme}><${Skeleton} t=${t} /></div>`;
  if (state === 'error') return html`<div class="root" style=${theme}>${skip}<${Notice} kind="error" t=${t} onRetry=${() => setAttempt((n) => n + 1)} /></div>`;
  if (state === 'unknown' || !page) return html`<div class="root" style=${theme}>${skip}<${Notice} kind="unknown" t=${t} /></div>`;
  const ctx: Ctx = { lang, t, page, preview: route.preview };
  return html`<div class="root" style=${theme}>
    ${skip}${ribbon}
    <${Page} ctx=${ctx} onLang=${onLang} location=${location} onPrivacy=${openPrivacy} inert=${!!privacy}
      member=${route.preview ? null : html`<${MemberSection} env=${env} tenantCode=${route.tenantCode} code=${route.code} lang=${lang} pointsChanged=${pointsChanged} />`}
      points=${html`<${PointShop} env=${env} tenantCode=${route.tenantCode} lang=${lang} products=${page.pointProducts} preview=${route.preview} onRedeemed=${onRedeemed} />`}
      lottery=${!route.preview && route.code && page.query?.exists ? html`<${LotteryOffer} env=${env} tenantCode=${route.tenantCode} code=${route.code} lang=${lang} />` : null} />
    ${privacy && html`<${PrivacyDialog} ctx=${ctx} mode=${privacy} onAgree=${agree} onClose=${() => setPrivacy(null)} />`}
  </div>`;
}

/** CSS variables of the tenant colour: the colour, readable text on it, ink on white, a tint. */
export function themeStyle(color: string | null): string {
  const c = safeColor(color);
  return `--brand:#${c};--on-brand:#${textOn(c)};--ink:#${inkOnWhite(c)};--tint:#${tint(c, 0.1)};--tint2:#${tint(c, 0.22)}`;
}

/** Renders the page into `root`; answers a function that removes it (tests). */
export function mountConsumer(root: Element, env: ConsumerEnv = browserEnv()): () => void {
  // /m/{tenantCode}/verify/{activityId}: the lottery's public verification page (issue 26), its own chunk.
  const route = parseRoute(env.href);
  const verifyId = /^\/m\/[^/]+\/verify\/(\d+)\/?$/.exec(new URL(env.href).pathname)?.[1];
  if (verifyId) {
    const lang = pickPageLang(route.langParam, env.languages);
    env.doc.documentElement.lang = HTML_LANG[lang];
    import('./verify').then((m) => m.mountVerify(root, route.tenantCode, verifyId, lang, env.fetch));
    return () => render(null, root);
  }
  render(html`<${ConsumerApp} env=${env} />`, root);
  return () => render(null, root);
}
