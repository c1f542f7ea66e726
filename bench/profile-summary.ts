/**
 * Where a V8 CPU profile's time went: self time by package (or file of this project) and by
 * function, then inclusive time. For the bench server: `BENCH_CPU_PROF=/tmp/prof BENCH_ONLY="page 1,"
 * npx tsx bench/list.ts postgres`, then `npx tsx bench/profile-summary.ts /tmp/prof/<file>.cpuprofile`.
 * WINDOW=<function name> keeps only the time span of the samples whose stack holds it (e.g.
 * WINDOW=listPage: the list endpoint's run, without the hello-world's). Arguments after the
 * file: how many functions (40) and inclusive rows (60) to print.
 * In a busy VM "writev" and "(idle)" also hold the time the process was off the CPU.
 */
import fs from 'node:fs';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

const [file, fnRows = '40', inclRows = '60'] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [functions] [inclusive rows]');
const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (url: string): string => {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return url;
  const own = /\/(server|src|bench|tests)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
};
const label = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const times: number[] = [];
let t = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) times.push((t += prof.timeDeltas[i] ?? 0));

let lo = -Infinity;
let hi = Infinity;
const marker = process.env.WINDOW;
if (marker) {
  const holds = new Map<number, boolean>();
  const inside = (id: number): boolean => {
    const known = holds.get(id);
    if (known !== undefined) return known;
    let cur: number | undefined = id;
    let found = false;
    while (cur !== undefined && !found) {
      found = byId.get(cur)!.callFrame.functionName === marker;
      cur = parent.get(cur);
    }
    holds.set(id, found);
    return found;
  };
  lo = Infinity;
  hi = -Infinity;
  prof.samples.forEach((id, i) => { if (inside(id)) { lo = Math.min(lo, times[i]); hi = Math.max(hi, times[i]); } });
  console.log(`window: ${((hi - lo) / 1e6).toFixed(1)} s around ${marker}`);
}

const self = new Map<number, number>();
prof.samples.forEach((id, i) => { if (times[i] >= lo && times[i] <= hi) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)); });
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  byPackage.set(where(n.callFrame.url), (byPackage.get(where(n.callFrame.url)) ?? 0) + us);
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + us);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (!seen.has(l)) { seen.add(l); inclusive.set(l, (inclusive.get(l) ?? 0) + us); }
  }
}
const show = (title: string, m: Map<string, number>, rows: number) => {
  console.log(`--- ${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(`total ${(total / 1000).toFixed(0)} ms`);
show('self time by package / file', byPackage, 30);
show('self time by function', byFunction, Number(fnRows));
show('inclusive time', inclusive, Number(inclRows));
