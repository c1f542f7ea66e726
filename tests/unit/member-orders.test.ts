/** The CSV reader (RFC 4180) and the member order rules of src/domain. */
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from '../../src/domain/csv';
import { canChangeStatus, importColumnOf, nextStatuses, orderNumber, parseOrderStatus, parseTimezone } from '../../src/domain/memberOrders';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF, and keeps line numbers', () => {
    const text = '\uFEFFa,b\r\n"x,1","say ""hi"""\n"two\nlines",z\n\n,\nlast,"" \n'.replace(' \n', '\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x,1', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
      { line: 6, fields: ['', ''] },
      { line: 7, fields: ['last', ''] },
    ]);
  });

  it('reads a last record without a line break and an empty file', () => {
    expect(parseCsv('a,b')).toEqual([{ line: 1, fields: ['a', 'b'] }]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses an unterminated quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,1\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"x"y,1\n')).toThrowError(/line 2/);
    expect(() => parseCsv('a\nx"y,1\n')).toThrow(CsvSyntaxError);
  });
});

describe('member order rules', () => {
  it('allows Created -> Stocking | Canceled, Stocking -> Shipped | Canceled, nothing after Shipped or Canceled', () => {
    expect(canChangeStatus(1, 2)).toBe(true);
    expect(canChangeStatus(1, 4)).toBe(true);
    expect(canChangeStatus(1, 3)).toBe(false);
    expect(canChangeStatus(2, 3)).toBe(true);
    expect(canChangeStatus(2, 1)).toBe(false);
    expect(canChangeStatus(3, 4)).toBe(false);
    expect(canChangeStatus(4, 1)).toBe(false);
    expect(canChangeStatus(3, 3)).toBe(true);
    expect(canChangeStatus(1, 9)).toBe(false);
    expect(nextStatuses(2)).toEqual([2, 3, 4]);
  });

  it('reads statuses, zones and header cells in any language', () => {
    expect(parseOrderStatus('3')).toBe(3);
    expect(parseOrderStatus(' shipped ')).toBe(3);
    expect(parseOrderStatus('已出貨')).toBe(3);
    expect(parseOrderStatus('备货中')).toBe(2);
    expect(parseOrderStatus('Lost')).toBeNull();
    expect(parseOrderStatus('5')).toBeNull();
    expect(parseTimezone('Asia/Taipei')).toBe(103);
    expect(parseTimezone('103')).toBe(103);
    expect(parseTimezone('Mars/Olympus')).toBeNull();
    expect(importColumnOf('Order number')).toBe('orderNo');
    expect(importColumnOf('訂單編號')).toBe('orderNo');
    expect(importColumnOf('STATUS')).toBe('status');
    expect(importColumnOf('Points')).toBeNull();
  });

  it('makes order numbers of the date and six unambiguous characters', () => {
    const no = orderNumber(new Date('2026-11-25T08:00:00Z'), () => 0);
    expect(no).toBe('M261125-222222');
    expect(orderNumber(new Date())).toMatch(/^M\d{6}-[2-9A-HJKMNP-Z]{6}$/);
  });
});
