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
import { h, render, type ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { pickName, type Lang, LANGS } from '../domain/lang';
import { MarketingPlatform, QueryPageFunction, VisibleFunction } from '../domain/enums';
import type { PageAuthenticity } from '../domain/antiCounterfeit';
import type { PageActivity, PageBanner, PageData, PagePlatform, PagePopularProduct, PageQuery, PreviewDraft } from '../domain/marketing/page';
import {
  acceptPreviewMessage, carouselBanners, consentKey, inkOnWhite, layoutLetter, mergePreview, needsConsent, parseConsent,
  messageInLang, phoneLink, pickPageLang, platformHref, textOn, tint, safeColor,
} from '../domain/marketing/consumer';
import { HTML_LANG, INTL_LOCALE, LANG_LABEL, TEXTS, type Texts } from './texts';
import { icons, platformIcon } from './icons';
import { MemberSection } from './member';
import { PointShop } from './points';
import { LotteryOffer } from './lottery/offer';
import { browserEnv, type ConsumerEnv } from './env';

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

// --- Formatting ------------------------------------------------------------------------------

function fmtPrice(lang: Lang, price: number | null, currency: string | null): string {
  if (price === null || price === undefined) return '';
  try {
    return new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency', currency: currency || 'TWD', minimumFractionDigits: Number.isInteger(price) ? 0 : 2, maximumFractionDigits: 2,
    }).format(price);
  } catch {
    return `${currency ?? ''} ${price}`.trim();
  }
}

function fmtDate(lang: Lang, iso: string, withTime = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(d);
}

function fmtPeriod(lang: Lang, t: Texts, from: string, to: string): string {
  const a = fmtDate(lang, from);
  const b = fmtDate(lang, to);
  return a && b ? `${a} ${t.until} ${b}` : a || b;
}

// --- Pieces ----------------------------------------------------------------------------------

interface Ctx { lang: Lang; t: Texts; page: PageData; preview: boolean }

function Img({ src, alt, cls, w, h: hh }: { src: string | null | undefined; alt: string; cls?: string; w?: number; h?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return html`<div class=${`img-fallback ${cls ?? ''}`} role=${alt ? 'img' : undefined} aria-label=${alt || undefined}>${icons.scan()}</div>`;
  return html`<img class=${cls} src=${src} alt=${alt} width=${w} height=${hh} loading="lazy" decoding="async" onError=${() => setBroken(true)} />`;
}

function Carousel({ banners, t }: { banners: PageBanner[]; t: Texts }) {
  const slides = banners.map((b) => b.images.large ?? b.images.small).filter((s): s is string => !!s);
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (slides.length === 0) return null;
  const go = (i: number) => {
    const n = (i + slides.length) % slides.length;
    setIndex(n);
    const el = track.current;
    if (el && typeof el.scrollTo === 'function') el.scrollTo({ left: n * el.clientWidth, behavior: 'smooth' });
  };
  const onScroll = () => {
    const el = track.current;
    if (el?.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  return html`
    <section class="carousel" aria-roledescription="carousel" aria-label=${t.banners}>
      <div class="carousel-track" ref=${track} onScroll=${onScroll} tabIndex="0">
        ${slides.map((src, i) => html`
          <div class="carousel-slide" role="group" aria-roledescription="slide" aria-label=${t.slide(i + 1, slides.length)} key=${i}>
            <img src=${src} alt="" width="660" height="352" loading=${i === 0 ? 'eager' : 'lazy'} decoding="async" />
          </div>`)}
      </div>
      ${slides.length > 1 && html`
        <button type="button" class="carousel-btn prev" aria-label=${t.prev} onClick=${() => go(index - 1)}>${icons.chevronLeft()}</button>
        <button type="button" class="carousel-btn next" aria-label=${t.next} onClick=${() => go(index + 1)}>${icons.chevronRight()}</button>
        <div class="carousel-dots">
          ${slides.map((_, i) => html`<button type="button" key=${i} class=${i === index ? 'dot on' : 'dot'} aria-label=${t.slide(i + 1, slides.length)} aria-current=${i === index ? 'true' : undefined} onClick=${() => go(i)}></button>`)}
        </div>`}
    </section>`;
}

/** One fact of the query card: a `<div>` of the `<dl>` holds only its `<dt>` and `<dd>` (the icon sits in the dt). */
function Row({ icon, label, children }: { icon?: unknown; label: string; children: ComponentChildren }) {
  return html`<div class="row"><dt>${icon ? html`<span class="row-icon" aria-hidden="true">${icon}</span>` : null}<span>${label}</span></dt><dd>${children}</dd></div>`;
}

function QueryResult({ ctx, query, location }: { ctx: Ctx; query: PageQuery | null; location: LocationOffer }) {
  const { t, lang, page } = ctx;
  const li = page.layoutInfo;
  const flags = li.queryPageFunctions;
  if (!query) {
    return html`<div class="card query query-none">${icons.scan()}<p>${t.noCode}</p></div>`;
  }
  if (!query.exists) {
    return html`
      <div class="card query query-unknown" role="alert" data-answer="not-genuine">
        <div class="alert">${icons.warning()}<div><strong>${t.notExist}</strong><p>${t.notExistBody}</p></div></div>
        ${flags & QueryPageFunction.Code ? html`<p class="code-line"><span>${t.code}</span> <code>${query.code}</code></p>` : null}
      </div>`;
  }
  const name = pickName(query.productNames, lang);
  const rows: unknown[] = [];
  if (flags & QueryPageFunction.Code) rows.push(html`<${Row} icon=${icons.scan()} label=${t.code}><code>${query.code}</code><//>`);
  if (flags & QueryPageFunction.ScannedCount) {
    rows.push(html`<${Row} icon=${icons.refresh()} label=${t.scannedCount}><span class="count">${query.scannedCount}</span> <span class="muted">${t.times(query.scannedCount)}</span><//>`);
  }
  if (flags & QueryPageFunction.LatestScanLocation) {
    const ls = query.latestScan;
    rows.push(html`<${Row} icon=${icons.place()} label=${t.latestScan}>
      ${ls ? html`<span>${ls.location || t.unknownPlace}</span><br /><span class="muted">${fmtDate(lang, ls.at, true)}</span>` : html`<span class="muted">${t.firstScan}</span>`}
    <//>`);
  }
  if (flags & QueryPageFunction.Price && query.price !== null) {
    rows.push(html`<${Row} icon=${icons.store()} label=${t.price}><span class="price">${fmtPrice(lang, query.price, query.currency)}</span><//>`);
  }
  return html`
    <div class=${query.warning ? 'card query query-warning' : 'card query'} data-answer=${query.warning ? 'warning' : 'genuine'}>
      ${query.warning
        ? html`<div class="alert" role="alert">${icons.warning()}<div><strong>${t.warningTitle}</strong><p>${messageInLang(li.scanExceptionMessage, lang) || t.warningDefault}</p></div></div>`
        : html`<div class="status good">${icons.shield()}<strong>${t.verified}</strong></div>`}
      ${(name || query.brandName) && html`<div class="product-head">${query.brandName && html`<p class="brand-name">${query.brandName}</p>`}${name && html`<p class="product-name">${name}</p>`}</div>`}
      ${!query.warning && messageInLang(li.scanGeneralMessage, lang) && html`<p class="message">${li.scanGeneralMessage}</p>`}
      ${rows.length > 0 && html`<dl class="facts">${rows}</dl>`}
      ${!query.warning && page.authenticity && html`<${Authenticity} page=${page.authenticity} />`}
      ${location.offer && !ctx.preview && html`<div class="locate">
        ${location.done
          ? html`<p class="muted">${icons.place()} ${t.locationShared}</p>`
          : html`<button type="button" class="btn ghost" onClick=${location.ask}>${icons.place()} ${t.shareLocation}</button><p class="muted small">${t.shareLocationNote}</p>`}
      </div>`}
    </div>`;
}

/** The tenant's anti-counterfeiting page (menu 30) under a genuine code's answer. */
function Authenticity({ page }: { page: PageAuthenticity }) {
  return html`<section class="authenticity" data-testid="authenticity">
    ${page.title && html`<h3>${page.title}</h3>`}
    ${page.content && html`<p>${page.content}</p>`}
    ${page.images.length > 0 && html`<div class="authenticity-images">${page.images.map((src) => html`<${Img} key=${src} src=${src} alt="" cls="authenticity-image" />`)}</div>`}
  </section>`;
}

function Empty({ t }: { t: Texts }) {
  return html`<p class="empty muted">${t.empty}</p>`;
}

function Activities({ ctx, grid }: { ctx: Ctx; grid: boolean }) {
  const { t, lang, page } = ctx;
  if (page.activities.length === 0) return html`<${Empty} t=${t} />`;
  return html`<ul class=${grid ? 'tiles' : 'list'}>
    ${page.activities.map((a: PageActivity) => {
      const href = platformHref(a.url);
      const body = html`<${Img} src=${a.imageUrl} alt="" cls="thumb" /><div class="item-body"><h3>${a.name}</h3><p class="muted small">${fmtPeriod(lang, t, a.from, a.to)}</p></div>${href ? html`<span class="go">${icons.arrow()}</span>` : null}`;
      return html`<li key=${`${a.kind ?? ''}${a.id}`} data-activity-kind=${a.kind}>${href ? html`<a class="item" href=${href} target="_blank" rel="noopener noreferrer">${body}</a>` : html`<div class="item">${body}</div>`}</li>`;
    })}
  </ul>`;
}

function Popular({ ctx, grid }: { ctx: Ctx; grid: boolean }) {
  const { t, lang, page } = ctx;
  if (page.popularProducts.length === 0) return html`<${Empty} t=${t} />`;
  return html`<ul class=${grid ? 'tiles' : 'list'}>
    ${page.popularProducts.map((p: PagePopularProduct) => {
      const name = pickName(p.names, lang);
      const href = platformHref(p.url);
      const body = html`<${Img} src=${p.image} alt="" cls="thumb" /><div class="item-body"><h3>${name}</h3>${p.price !== null && html`<p class="price">${fmtPrice(lang, p.price, p.currency)}</p>`}</div>${href ? html`<span class="go">${icons.arrow()}</span>` : null}`;
      return html`<li key=${p.id}>${href ? html`<a class="item" href=${href} target="_blank" rel="noopener noreferrer">${body}</a>` : html`<div class="item">${body}</div>`}</li>`;
    })}
  </ul>`;
}

function PlatformButton({ p, t }: { p: PagePlatform; t: Texts }) {
  const label = t.platforms[p.type] ?? t.platforms[MarketingPlatform.Custom];
  const href = platformHref(p.url, p.type);
  const icon = p.type === MarketingPlatform.CustomImage && p.iconImage
    ? html`<img class="platform-img" src=${p.iconImage} alt="" width="24" height="24" />`
    : platformIcon(p.type);
  const inner = html`<span class="platform-icon">${icon}</span><span>${label}</span>`;
  // An address that may not be a link (javascript: ...) shows no link at all.
  if (!href) return html`<li><span class=${`platform p${p.type}`}>${inner}</span></li>`;
  return html`<li><a class=${`platform p${p.type}`} href=${href} target=${p.type === MarketingPlatform.Email ? undefined : '_blank'} rel="noopener noreferrer">${inner}</a></li>`;
}

function Contact({ ctx, cards }: { ctx: Ctx; cards: boolean }) {
  const { t, page } = ctx;
  const ci = page.contactInfo;
  const c = ci.company;
  const platforms = [...(ci.platforms ?? [])].sort((a, b) => a.priority - b.priority);
  const more = (ci.moreInfo ?? []).slice(0, 4);
  if (!c && platforms.length === 0 && more.length === 0) return null;
  const phone = c && phoneLink(c.phoneCountryCode, c.phone);
  const fax = c && phoneLink(c.faxCountryCode, c.fax);
  return html`
    <section class=${cards ? 'section contact cards' : 'section contact'} id="contact" aria-labelledby="h-contact">
      <h2 id="h-contact">${t.contact}</h2>
      <div class="contact-grid">
        ${c && html`<div class="card company">
          ${c.name && html`<h3>${c.name}</h3>`}
          <dl class="facts">
            ${phone && html`<${Row} icon=${icons.phone()} label=${t.phone}><a href=${phone.href}>${phone.text}</a><//>`}
            ${fax && html`<${Row} icon=${icons.fax()} label=${t.fax}>${fax.text}<//>`}
            ${c.addr && html`<${Row} icon=${icons.place()} label=${t.address}>${c.addr}<//>`}
            ${c.businessHours && html`<${Row} icon=${icons.clock()} label=${t.hours}><span class="pre">${c.businessHours}</span><//>`}
            ${c.subsidiaries && html`<${Row} icon=${icons.store()} label=${t.subsidiaries}><span class="pre">${c.subsidiaries}</span><//>`}
          </dl>
        </div>`}
        ${c?.mapImage && html`<figure class="card map"><${Img} src=${c.mapImage} alt=${`${t.map}${c.addr ? `: ${c.addr}` : ''}`} /></figure>`}
      </div>
      ${more.length > 0 && html`<nav class="more" aria-label=${t.moreInfo}><h3>${t.moreInfo}</h3><ul>
        ${more.map((m, i) => {
          const href = platformHref(m.url);
          return html`<li key=${i}>${href ? html`<a class="btn outline" href=${href} target="_blank" rel="noopener noreferrer">${icons.link()} ${m.name || m.url}</a>` : html`<span class="btn outline">${m.name || m.url}</span>`}</li>`;
        })}
      </ul></nav>`}
      ${platforms.length > 0 && html`<div class="follow"><h3>${t.followUs}</h3><ul class="platforms">
        ${platforms.map((p, i) => html`<${PlatformButton} key=${i} p=${p} t=${t} />`)}
      </ul></div>`}
    </section>`;
}

function PrivacyDialog({ ctx, mode, onAgree, onClose }: { ctx: Ctx; mode: 'consent' | 'view'; onAgree: () => void; onClose: () => void }) {
  const p = ctx.page.layoutInfo.privacyInfo;
  const btn = useRef<HTMLButtonElement>(null);
  useEffect(() => { btn.current?.focus(); }, []);
  if (!p) return null;
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape' && mode === 'view') onClose(); };
  return html`
    <div class="overlay" onKeyDown=${onKey}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="privacy-title" aria-describedby="privacy-body">
        <h2 id="privacy-title">${p.title || ctx.t.privacy}</h2>
        <div id="privacy-body" class="dialog-body pre" tabIndex="0">${p.content}</div>
        <div class="dialog-actions">
          ${mode === 'consent'
            ? html`<button type="button" class="btn primary" ref=${btn} onClick=${onAgree}>${ctx.t.agree}</button>`
            : html`<button type="button" class="btn primary" ref=${btn} onClick=${onClose}>${ctx.t.close}</button>`}
        </div>
      </div>
    </div>`;
}

function LangSwitch({ lang, onChange, t }: { lang: Lang; onChange: (l: Lang) => void; t: Texts }) {
  return html`<div class="langs" role="group" aria-label=${t.language}>
    ${LANGS.map((l) => html`<button type="button" key=${l} lang=${HTML_LANG[l]} class=${l === lang ? 'lang on' : 'lang'} aria-pressed=${l === lang ? 'true' : 'false'} onClick=${() => onChange(l)}>${LANG_LABEL[l]}</button>`)}
  </div>`;
}

interface LocationOffer { offer: boolean; done: boolean; ask: () => void }

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

function Skeleton({ t }: { t: Texts }) {
  return html`<div class="skeleton" aria-busy="true">
    <div class="sk-bar"></div>
    <div class="wrap">
      <div class="sk sk-banner"></div>
      <div class="card"><div class="sk sk-line w60"></div><div class="sk sk-line w90"></div><div class="sk sk-line w40"></div></div>
      <div class="card"><div class="sk sk-line w80"></div><div class="sk sk-line w50"></div></div>
      <p class="visually-hidden" role="status">${t.loading}</p>
    </div>
  </div>`;
}

function Notice({ kind, t, onRetry }: { kind: 'error' | 'unknown'; t: Texts; onRetry?: () => void }) {
  return html`<main class="notice" id="main">
    <div class="notice-card" role=${kind === 'error' ? 'alert' : undefined}>
      <span class="notice-icon">${kind === 'error' ? icons.warning() : icons.info()}</span>
      <h1>${kind === 'error' ? t.errorTitle : t.unknownTenantTitle}</h1>
      <p>${kind === 'error' ? t.errorBody : t.unknownTenantBody}</p>
      ${onRetry && html`<button type="button" class="btn primary dark" onClick=${onRetry}>${icons.refresh()} ${t.retry}</button>`}
    </div>
  </main>`;
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
  // page behind turns inert, which drops the focus.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openPrivacy = () => {
    returnFocus.current = env.doc.activeElement as HTMLElement | null;
    setPrivacy('view');
  };
  useEffect(() => {
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
