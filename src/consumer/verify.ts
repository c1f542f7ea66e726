/**
 * The public verification page of a lottery's draws (issue 26): /m/{tenantCode}/verify/{id}.
 * Loaded on demand (a chunk of its own): it reads the proof and, once the activity has ended,
 * every page of the draws, and recomputes them in the browser with the shared scheme
 * (src/domain/activity/drawProof.ts). Stable hooks: `data-verify="pending|verified|failed|waiting"`
 * on the root; the counts in `data-draws` and `data-mismatches`.
 */
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { verifyDraws, type DrawProof, type PublicDraw, type Verification } from '../domain/activity/drawProof';
import type { Lang } from '../domain/lang';
import { VERIFY_TEXTS } from './verifyTexts';

const html = htm.bind(h);

type State =
  | { kind: 'pending' }
  | { kind: 'error'; status: number }
  | { kind: 'waiting'; proof: DrawProof }
  | { kind: 'done'; proof: DrawProof; draws: PublicDraw[]; result: Verification };

async function load(fetcher: typeof fetch, tenant: string, id: string): Promise<State> {
  const root = `/mapi/v1/lottery/${encodeURIComponent(tenant)}/${encodeURIComponent(id)}/proof`;
  const res = await fetcher(root, { headers: { accept: 'application/json' } });
  if (!res.ok) return { kind: 'error', status: res.status };
  const proof = (await res.json()) as DrawProof;
  if (!proof.seed) return { kind: 'waiting', proof };
  const draws: PublicDraw[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page = await fetcher(`${root}/draws?after=${after}`, { headers: { accept: 'application/json' } });
    if (!page.ok) return { kind: 'error', status: page.status };
    const body = (await page.json()) as { items: PublicDraw[]; next: number | null };
    draws.push(...body.items);
    after = body.next;
  }
  return { kind: 'done', proof, draws, result: await verifyDraws(proof, draws) };
}

const SHOWN = 500;

function VerifyPage({ tenant, id, lang, fetcher }: { tenant: string; id: string; lang: Lang; fetcher: typeof fetch }) {
  const t = VERIFY_TEXTS[lang];
  const [state, setState] = useState<State>({ kind: 'pending' });
  useEffect(() => { load(fetcher, tenant, id).then(setState, () => setState({ kind: 'error', status: 0 })); }, []);
  useEffect(() => { document.title = t.title; }, [lang]);
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(lang.replace('_', '-')) : '');

  if (state.kind === 'pending') return html`<main class="verify wrap" id="main" data-verify="pending" aria-busy="true"><h1>${t.title}</h1><p role="status">${t.loading}</p></main>`;
  if (state.kind === 'error') return html`<main class="verify wrap" id="main" data-verify="error"><h1>${t.title}</h1><p role="alert">${state.status === 404 ? t.notFound : t.failedToLoad}</p></main>`;
  const p = state.proof;
  const head = html`<h1>${t.title}</h1>
    <p class="verify-name"><strong>${p.name}</strong></p>
    <dl class="verify-facts">
      <div><dt>${t.period}</dt><dd>${time(p.from)} – ${time(p.to)}</dd></div>
      <div><dt>${t.commitment}</dt><dd><code data-commitment>${p.commitment ?? '—'}</code></dd></div>
      <div><dt>${t.drawCount}</dt><dd>${p.drawCount}</dd></div>
      ${p.seed && html`<div><dt>${t.seed}</dt><dd><code data-seed>${p.seed}</code></dd></div>`}
    </dl>`;
  if (state.kind === 'waiting') {
    return html`<main class="verify wrap" id="main" data-verify="waiting">${head}<p class="verify-note" role="status">${t.waiting}</p><p class="muted small">${t.how}</p></main>`;
  }
  const { result, draws } = state;
  const names = new Map(p.prizes.map((x) => [x.id, x.name]));
  const bad = new Set(result.mismatches.map((m) => m.drawNo));
  return html`<main class="verify wrap" id="main" data-verify=${result.ok ? 'verified' : 'failed'} data-draws=${result.draws} data-mismatches=${result.mismatches.length}>
    ${head}
    <p class=${result.ok ? 'verify-result good' : 'verify-result bad'} role="status">
      <strong>${result.ok ? t.verified(result.draws) : t.failed(result.mismatches.length)}</strong>
    </p>
    ${!result.commitmentOk && html`<p role="alert">${t.commitmentBad}</p>`}
    <h2>${t.stock}</h2>
    <table class="verify-table"><thead><tr><th scope="col">${t.prize}</th><th scope="col">${t.expected}</th><th scope="col">${t.published}</th></tr></thead>
      <tbody>${result.stock.map((s) => html`<tr key=${s.prizeId} class=${s.expected === s.published ? '' : 'bad'}><td>${names.get(s.prizeId) ?? s.prizeId}</td><td>${s.expected}</td><td>${s.published ?? '—'}</td></tr>`)}</tbody></table>
    <h2>${t.draws}</h2>
    ${draws.length > SHOWN && html`<p class="muted small">${t.firstShown(SHOWN)}</p>`}
    <div class="verify-scroll" tabIndex="0" role="region" aria-label=${t.draws}>
      <table class="verify-table"><thead><tr><th scope="col">#</th><th scope="col">${t.time}</th><th scope="col">${t.code}</th><th scope="col">${t.value}</th><th scope="col">${t.prize}</th><th scope="col">${t.check}</th></tr></thead>
        <tbody>${draws.slice(0, SHOWN).map((d) => html`<tr key=${d.drawNo} class=${bad.has(d.drawNo) ? 'bad' : ''}>
          <td>${d.drawNo}</td><td>${time(d.createdAt)}</td><td><code>…${d.codeTail}</code></td><td>${d.value}</td><td>${d.prizeId === null ? '—' : names.get(d.prizeId) ?? d.prizeId}</td><td>${bad.has(d.drawNo) ? '✗' : '✓'}</td>
        </tr>`)}</tbody></table>
    </div>
    <p class="muted small">${t.how}</p>
  </main>`;
}

export function mountVerify(root: Element, tenant: string, id: string, lang: Lang, fetcher: typeof fetch = (...a) => fetch(...a)): void {
  render(html`<${VerifyPage} tenant=${tenant} id=${id} lang=${lang} fetcher=${fetcher} />`, root);
}
