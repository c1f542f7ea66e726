/**
 * The consumer page's sections (src/consumer/app.ts composes them): the scan's answer, the
 * anti-counterfeiting page, banners, activities, popular products and the contact card, with
 * their date and price formats. Preact + htm, no MUI.
 */
import { h, type ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { pickName, type Lang } from '../domain/lang';
import { MarketingPlatform, QueryPageFunction } from '../domain/enums';
import type { PageAuthenticity } from '../domain/antiCounterfeit';
import type { PageActivity, PageBanner, PageData, PagePlatform, PagePopularProduct, PageQuery } from '../domain/marketing/page';
import { messageInLang, phoneLink, platformHref } from '../domain/marketing/consumer';
import { INTL_LOCALE, type Texts } from './texts';
import { icons, platformIcon } from './icons';

const html = htm.bind(h);

/** What every section reads: language, texts, the page's data, preview or live. */
export interface Ctx { lang: Lang; t: Texts; page: PageData; preview: boolean }
/** The offer to share the shopper's position under the scan's answer. */
export interface LocationOffer { offer: boolean; done: boolean; ask: () => void }

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


function Img({ src, alt, cls, w, h: hh }: { src: string | null | undefined; alt: string; cls?: string; w?: number; h?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return html`<div class=${`img-fallback ${cls ?? ''}`} role=${alt ? 'img' : undefined} aria-label=${alt || undefined}>${icons.scan()}</div>`;
  return html`<img class=${cls} src=${src} alt=${alt} width=${w} height=${hh} loading="lazy" decoding="async" onError=${() => setBroken(true)} />`;
}

export function Carousel({ banners, t }: { banners: PageBanner[]; t: Texts }) {
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

export function QueryResult({ ctx, query, location }: { ctx: Ctx; query: PageQuery | null; location: LocationOffer }) {
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

export function Activities({ ctx, grid }: { ctx: Ctx; grid: boolean }) {
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

export function Popular({ ctx, grid }: { ctx: Ctx; grid: boolean }) {
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

export function Contact({ ctx, cards }: { ctx: Ctx; cards: boolean }) {
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
