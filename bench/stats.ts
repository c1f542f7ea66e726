/**
 * Small helpers shared by the benchmarks: timing, percentiles and a plain-text table.
 * Nothing here asserts a speed: figures are measured and printed, never judged.
 */

/** Milliseconds since an arbitrary origin, sub-microsecond resolution. */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Runs `fn` `runs` times and answers each duration in milliseconds. */
export function sample(runs: number, fn: () => unknown): number[] {
  const out = new Array<number>(runs);
  for (let i = 0; i < runs; i++) {
    const t = nowMs();
    fn();
    out[i] = nowMs() - t;
  }
  return out;
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** A duration in ms as text with a sensible unit: '38 µs', '4.21 ms', '1.35 s'. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.1 ? 1 : 0)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function fmtInt(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-';
}

/** A plain-text table: the first row is the header; numbers-looking cells align right. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, [...cell].length); });
  const numeric = (s: string) => /^[-+]?[\d,.]+( ?[a-zµ/%]+)?$/i.test(s.trim());
  const line = (row: readonly string[]) => row.map((cell, i) => {
    const pad = ' '.repeat(widths[i] - [...cell].length);
    return numeric(cell) && i > 0 ? pad + cell : cell + pad;
  }).join(' | ');
  const [head, ...body] = rows;
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/** The same table as GitHub markdown (for docs/benchmarks.md). */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  const [head, ...body] = rows;
  const numeric = (s: string) => s.trim() === '' || /^[-+]?[\d,.]+( ?[a-zµ/%]+)?$/i.test(s.trim());
  const align = head.map((_, i) => (i > 0 && body.every((row) => numeric(row[i] ?? '')) ? '---:' : '---'));
  const line = (row: readonly string[]) => `| ${row.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), `|${align.join('|')}|`, ...body.map(line)].join('\n');
}

/** One part of the report: a table (first row the header) and notes under it. */
export interface Section {
  title: string;
  table: string[][];
  notes: string[];
}
