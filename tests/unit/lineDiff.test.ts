import { describe, expect, it } from 'vitest';
import { diffHunks, diffLines } from '../../src/engine/playground/lineDiff';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('line diff', () => {
  it('finds nothing between equal texts', () => {
    expect(diffHunks(text('a', 'b'), text('a', 'b'))).toEqual([]);
    expect(diffLines(text('a', 'b'), text('a', 'b')).every((l) => l.kind === 'same')).toBe(true);
  });

  it('shows a changed line as removed then added, with numbers in both texts', () => {
    expect(diffLines(text('a', 'b', 'c'), text('a', 'B', 'c'))).toEqual([
      { kind: 'same', text: 'a', oldNo: 1, newNo: 1 },
      { kind: 'del', text: 'b', oldNo: 2 },
      { kind: 'add', text: 'B', newNo: 2 },
      { kind: 'same', text: 'c', oldNo: 3, newNo: 3 },
    ]);
  });

  it('keeps the longest common lines (an insertion in the middle is one added line)', () => {
    const d = diffLines(text('x', 'a', 'b', 'c', 'y'), text('x', 'a', 'z', 'b', 'c', 'y'));
    expect(d.filter((l) => l.kind !== 'same')).toEqual([{ kind: 'add', text: 'z', newNo: 3 }]);
  });

  it('rebuilds both texts from the lines', () => {
    const before = text('1', '2', '3', '4', '5', '6');
    const after = text('0', '2', '3', '5', '6', '7', '8');
    const d = diffLines(before, after);
    expect(text(...d.filter((l) => l.kind !== 'add').map((l) => l.text))).toBe(before);
    expect(text(...d.filter((l) => l.kind !== 'del').map((l) => l.text))).toBe(after);
  });

  it('cuts hunks with context lines around each change', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const changed = [...lines];
    changed[1] = 'two';
    changed[17] = 'eighteen';
    const hunks = diffHunks(text(...lines), text(...changed), 2);
    expect(hunks).toHaveLength(2);
    expect(hunks[0].lines.map((l) => l.text)).toEqual(['l1', 'l2', 'two', 'l3', 'l4']);
    expect(hunks[1].lines[0]).toMatchObject({ text: 'l16', oldNo: 16 });
  });
});
