/** The bytes of an uploaded CSV (src/domain/csv.ts csvText): UTF-8 without NUL, or why not and where. */
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/domain/csv';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('csvText', () => {
  it('reads UTF-8 text, a BOM kept for the parser to drop', () => {
    expect(csvText(bytes('\ufeffa,b\r\n名,2'))).toEqual({ text: '\ufeffa,b\r\n名,2' });
  });

  it('refuses a NUL byte, naming its line whatever the line ends', () => {
    expect(csvText(bytes('a\r\nb\rc\nd\u0000'))).toEqual({ fault: 'nul', line: 4 });
  });

  it('refuses bytes that are not UTF-8 (Latin-1, UTF-16), naming the line', () => {
    expect(csvText(bytes('a\nb', [0xe9], '\n'))).toEqual({ fault: 'encoding', line: 2 });
    expect(csvText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b', 'utf16le')]))).toEqual({ fault: 'encoding', line: 1 });
  });
});
