#!/usr/bin/env node
/**
 * Verifies a finished lottery's draws from its public proof, with Node alone (no project code:
 * a second, independent implementation of the scheme "oioc-draw-v1" of
 * src/domain/activity/drawProof.ts; docs/decisions.md "Issue 26: draws anyone can verify").
 *
 *   node scripts/verify-lottery.mjs <base url> <tenant code> <activity id>
 *   e.g. node scripts/verify-lottery.mjs https://brand.example demo 42
 *
 * It reads GET /mapi/v1/lottery/{tenant}/{id}/proof and every page of .../proof/draws, then
 * checks: SHA-256(seed) equals the commitment published at release; the draws are numbered
 * 1..n without a gap; each value is HMAC-SHA256(seed, record) mapped onto 0..9999 without bias;
 * each prize follows from the value, the prize table in force and the stock left; the stock
 * replayed equals each prize's remaining stock. Prints a summary (or --json) and exits 0 when
 * everything holds, 1 when something does not, 2 when the proof cannot be read.
 */
import { createHash, createHmac } from 'node:crypto';

const SCHEME = 'oioc-draw-v1';
const BASIS = 10_000;
const LIMIT = Math.floor(2 ** 32 / BASIS) * BASIS;

export function drawValue(seedHex, message) {
  for (let round = 0; ; round++) {
    const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${message}|${round}`).digest();
    for (let i = 0; i < 32; i += 4) {
      const v = mac.readUInt32BE(i);
      if (v < LIMIT) return v % BASIS;
    }
  }
}

function prizeOf(table, stock, value) {
  let upTo = 0;
  let i = -1;
  for (let k = 0; k < table.prizes.length; k++) {
    upTo += Math.round(Number(table.prizes[k].probability) * 100);
    if (value < upTo) { i = k; break; }
  }
  if (i >= 0 && table.prizes[i].type === 1) {
    const left = stock.get(table.prizes[i].id) ?? 0;
    if (left > 0) stock.set(table.prizes[i].id, left - 1);
    else i = table.prizes.findIndex((p) => p.type === 0);
  }
  return i >= 0 ? table.prizes[i].id : null;
}

/** The problems found (empty: verified). */
export function verify(proof, draws) {
  const problems = [];
  if (!proof.seed) return ['the seed is not revealed yet (the activity has not ended)'];
  if (createHash('sha256').update(Buffer.from(proof.seed, 'hex')).digest('hex') !== String(proof.commitment).toLowerCase()) {
    problems.push('the seed does not match the commitment published at release');
  }
  const tables = [...proof.tables].sort((a, b) => a.fromDraw - b.fromDraw);
  let t = -1;
  let stock = new Map();
  let next = 1;
  for (const d of [...draws].sort((a, b) => a.drawNo - b.drawNo)) {
    if (d.drawNo !== next) problems.push(`draw ${next} is missing (next published: ${d.drawNo})`);
    next = d.drawNo + 1;
    while (t + 1 < tables.length && tables[t + 1].fromDraw <= d.drawNo) { t++; stock = new Map(tables[t].prizes.map((p) => [p.id, p.stock])); }
    if (t < 0) { problems.push(`draw ${d.drawNo}: no prize table`); continue; }
    const v = drawValue(proof.seed, [SCHEME, proof.activityId, d.drawNo, d.recordId, d.createdAt, d.codeTail].join('|'));
    if (v !== d.value) problems.push(`draw ${d.drawNo} (record ${d.recordId}): value ${d.value} published, ${v} computed`);
    const prize = prizeOf(tables[t], stock, v);
    if (prize !== d.prizeId) problems.push(`draw ${d.drawNo} (record ${d.recordId}): prize ${d.prizeId} published, ${prize} computed`);
  }
  if (next - 1 !== proof.drawCount) problems.push(`${proof.drawCount} draws made, ${next - 1} published`);
  while (t + 1 < tables.length) { t++; stock = new Map(tables[t].prizes.map((p) => [p.id, p.stock])); }
  for (const p of tables[t]?.prizes ?? []) {
    if (p.type !== 1) continue;
    const now = proof.prizes.find((x) => x.id === p.id);
    if (!now || now.remaining !== stock.get(p.id)) problems.push(`prize ${p.id}: ${now?.remaining} left published, ${stock.get(p.id)} replayed`);
  }
  return problems;
}

async function getJson(url) {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function main(argv) {
  const args = argv.filter((a) => !a.startsWith('--'));
  const asJson = argv.includes('--json');
  if (args.length !== 3) {
    console.error('usage: node scripts/verify-lottery.mjs <base url> <tenant code> <activity id> [--json]');
    return 2;
  }
  const [base, tenant, id] = args;
  const root = `${base.replace(/\/$/, '')}/mapi/v1/lottery/${encodeURIComponent(tenant)}/${encodeURIComponent(id)}/proof`;
  let proof;
  const draws = [];
  try {
    proof = await getJson(root);
    if (proof.seed) {
      for (let after = 0; after !== null;) {
        const page = await getJson(`${root}/draws?after=${after}`);
        draws.push(...page.items);
        after = page.next;
      }
    }
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    return 2;
  }
  const problems = verify(proof, draws);
  if (asJson) console.log(JSON.stringify({ activityId: proof.activityId, commitment: proof.commitment, draws: draws.length, ok: problems.length === 0, problems }));
  else {
    console.log(`lottery ${proof.activityId} "${proof.name}": commitment ${proof.commitment}, ${draws.length} draws`);
    console.log(problems.length === 0 ? 'VERIFIED: every draw and the stock left follow from the revealed seed' : `NOT VERIFIED:\n- ${problems.join('\n- ')}`);
  }
  return problems.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
