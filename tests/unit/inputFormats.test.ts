/** Input formats strip disallowed characters (SPEC.md section 2), for the formattedInput widget. */
import { describe, expect, it } from 'vitest';
import { displayFormatted, formatInput, INPUT_FORMATS, isInputFormat, parseFormatted } from '../../src/widgets/inputFormats';

describe('formatInput', () => {
  it('knows the ten formats of SPEC.md', () => {
    expect([...INPUT_FORMATS].sort()).toEqual(['alpha', 'domain', 'email', 'integer', 'number', 'percentage', 'phoneDigits', 'positiveInteger', 'thousands', 'url'].sort());
    expect(isInputFormat('number')).toBe(true);
    expect(isInputFormat('money')).toBe(false);
  });

  it.each([
    ['number', '12.5', '12.5'],
    ['number', 'a1b2.3.4c', '12.34'],
    ['number', '-007.50', '-7.50'],
    ['number', '1-2', '12'],
    ['number', '.5', '.5'],
    ['number', '１２３．５', '123.5'],
    ['number', '', ''],
    ['positiveInteger', '0042', '42'],
    ['positiveInteger', '0', ''],
    ['positiveInteger', '-12.7', '127'],
    ['positiveInteger', '1 000', '1000'],
    ['integer', '-0042', '-42'],
    ['integer', '12.5', '125'],
    ['integer', '--3', '-3'],
    ['integer', '000', '0'],
    ['phoneDigits', '+886 912-345-678', '886912345678'],
    ['phoneDigits', '1234567890123456789', '123456789012345'],
    ['email', ' a b@c d.com ', 'ab@cd.com'],
    ['email', 'a@@b@c.com', 'a@bc.com'],
    ['email', 'ü.ser+tag@exam ple.com', '.ser+tag@example.com'],
    ['thousands', '1234567', '1,234,567'],
    ['thousands', '1,2,3,4', '1,234'],
    ['thousands', '001234.567', '1,234.567'],
    ['thousands', 'abc', ''],
    ['percentage', '12.345', '12.34'],
    ['percentage', '100', '100'],
    ['percentage', '101', '10'],
    ['percentage', '1000', '100'],
    ['percentage', '50%', '50'],
    ['domain', 'Shop.Example.com/path', 'shop.example.compath'],
    ['domain', 'my_site -x.tw', 'mysite-x.tw'],
    ['url', 'https://a.b/c d?e=f&g=<h>', 'https://a.b/cd?e=f&g=h'],
    ['url', 'http://例子.tw', 'http://.tw'],
    ['alpha', 'Ab1 c-D_é', 'AbcD'],
  ] as const)('%s keeps %j as %j', (format, raw, kept) => {
    expect(formatInput(format, raw)).toBe(kept);
  });

  it('is idempotent: formatting what it kept changes nothing', () => {
    const samples = ['12.5', '-007.50', 'a1b2', '1234567.891', '+886 912', 'a@b@c.com', 'Shop.Example.com', 'https://x.y/z?q=1', 'Abc1', '99.999', '100.5'];
    for (const format of INPUT_FORMATS) {
      for (const raw of samples) {
        const once = formatInput(format, raw);
        expect(formatInput(format, once), `${format} ${raw}`).toBe(once);
      }
    }
  });
});

describe('parseFormatted and displayFormatted', () => {
  it('stores numbers for number-typed fields, text otherwise, nothing for empty input', () => {
    expect(parseFormatted('thousands', '1,234,567', true)).toBe(1234567);
    expect(parseFormatted('thousands', '1,234', false)).toBe('1234');
    expect(parseFormatted('number', '12.', true)).toBe(12);
    expect(parseFormatted('number', '-', true)).toBeUndefined();
    expect(parseFormatted('number', '.', true)).toBeUndefined();
    expect(parseFormatted('percentage', '12.5', true)).toBe(12.5);
    expect(parseFormatted('phoneDigits', '0912', false)).toBe('0912');
    expect(parseFormatted('alpha', '', false)).toBeUndefined();
  });

  it('shows a stored value in its format', () => {
    expect(displayFormatted('thousands', 1234567)).toBe('1,234,567');
    expect(displayFormatted('number', 12.5)).toBe('12.5');
    expect(displayFormatted('number', null)).toBe('');
    expect(displayFormatted('alpha', undefined)).toBe('');
  });
});
