/**
 * A small line diff (longest common subsequence of lines) for the playground's "changes
 * against the current file": the lines removed, added and kept, and hunks with a few lines of
 * context, like `diff -u`. Declarations are a few hundred lines: the O(n·m) table after
 * trimming the common head and tail is instant. (The `diff` package would do the same; no
 * package is added for it.)
 */
export interface DiffLine {
  kind: 'same' | 'add' | 'del';
  text: string;
  /** Line number in the old text (same, del), from 1. */
  oldNo?: number;
  /** Line number in the new text (same, add), from 1. */
  newNo?: number;
}

export interface DiffHunk {
  lines: DiffLine[];
}

const splitLines = (s: string): string[] => (s === '' ? [] : s.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'));

/** Every line of both texts in order, each kept, removed or added. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // lcs[i][j]: length of the LCS of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i -= 1) {
    for (let j = y.length - 1; j >= 0; j -= 1) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: DiffLine[] = [];
  for (let k = 0; k < head; k += 1) out.push({ kind: 'same', text: a[k], oldNo: k + 1, newNo: k + 1 });
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      out.push({ kind: 'same', text: x[i], oldNo: head + i + 1, newNo: head + j + 1 });
      i += 1;
      j += 1;
    } else if (i < x.length && (j === y.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      // Removed lines before added ones, like diff -u.
      out.push({ kind: 'del', text: x[i], oldNo: head + i + 1 });
      i += 1;
    } else {
      out.push({ kind: 'add', text: y[j], newNo: head + j + 1 });
      j += 1;
    }
  }
  for (let k = 0; k < tail; k += 1) {
    out.push({ kind: 'same', text: a[a.length - tail + k], oldNo: a.length - tail + k + 1, newNo: b.length - tail + k + 1 });
  }
  return out;
}

/** The changed lines with `context` kept lines around them, in separate hunks; [] when equal. */
export function diffHunks(before: string, after: string, context = 3): DiffHunk[] {
  const lines = diffLines(before, after);
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k += 1) keep[k] = true;
  });
  const hunks: DiffHunk[] = [];
  let current: DiffLine[] | null = null;
  lines.forEach((l, i) => {
    if (!keep[i]) {
      current = null;
      return;
    }
    if (!current) hunks.push({ lines: (current = []) });
    current.push(l);
  });
  return hunks;
}
