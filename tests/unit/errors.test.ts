import { describe, it, expect } from 'vitest';
import { ERROR_CODES, ErrorCode, formatErrorMessage, isErrorCode, offendingAccounts } from '../../src/domain/errors';
import enErrors from '../../src/locales/en/errors';
import zhTWErrors from '../../src/locales/zh_TW/errors';

const textFrom = (table: Record<string, string>) => (key: string) =>
  key.startsWith('errors.') ? table[key.slice('errors.'.length)] : undefined;

// Every code of SPEC.md section 8, written out independently of the ErrorCode object.
const SPEC_CODES = [
  1, 2, 3, 10, 11, 12, 13, 14, 15, 50, 51, 101, 102, 103, 104, 201, 202,
  203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216,
  1501, 1502, 1503, 1601, 1602, 1801, 2201, 2202, 2203, 2301, 3101, 3201, 3202, 3301, 3501,
  4101, 4102, 4103, 4104, 4105, 6101, 6401, 6402, 6403, 6404, 6501,
  6701, 6702, 6703, 6704, 6705, 6706, 6707, 6708, 6709, 6710, 6711, 6712,
  7101, 7102, 7103, 7104, 7301, 7302, 7303, 7304, 7305, 7306, 7307, 7308, 7309, 7310, 7311,
  7401, 7402, 7403, 7404, 7405, 7406, 8001, 8002,
  8101, 8102, 8103, 8121, 8122, 8131, 8132, 8140, 8141, 8142, 8143, 8144, 8150, 8151,
  8152, // decided in issue 23 (docs/decisions.md): a member's password sign-in locked
  9001, 9002, 9003, 9004, 9011, 9012, 9021, 9920, 9999, 14501, 14502, 14503, 14504, 31301,
];

describe('error catalogue', () => {
  it('covers exactly the codes of SPEC.md section 8 and the decided ones, no placeholders', () => {
    expect(ERROR_CODES).toEqual(SPEC_CODES);
    expect(ERROR_CODES.some((c) => c >= 20000 && c <= 29999)).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('names the codes the brief fixes', () => {
    expect(ErrorCode).toMatchObject({
      BadRequest: 1, NotFound: 2, NotAllowed: 3, WrongOriginalPassword: 10, RoleInUse: 11,
      DuplicateAccount: 12, UserLocked: 13, LoginFailed: 14, PasswordFormat: 15,
    });
    expect(isErrorCode(11)).toBe(true);
    expect(isErrorCode(12345)).toBe(false);
  });
});

describe('formatErrorMessage', () => {
  const en = textFrom(enErrors);

  it('shows the code text followed by the code', () => {
    expect(formatErrorMessage(en, { status: 400, code: 12 })).toBe(`${enErrors['12']} (12)`);
    expect(formatErrorMessage(en, { status: 409, code: 2202 })).toBe('This category name already exists. (2202)');
  });

  it('falls back to the unknown text for a code without text', () => {
    expect(formatErrorMessage(en, { status: 400, code: 4242 })).toBe(`${enErrors.unknown} (4242)`);
  });

  it('treats i18next returning the key as missing', () => {
    const t = (key: string) => (key === 'errors.unknown' ? 'Oops' : key);
    expect(formatErrorMessage(t, { status: 400, code: 4242 })).toBe('Oops (4242)');
  });

  it('lists the offending accounts of code 11 from an array or { accounts }', () => {
    expect(formatErrorMessage(en, { status: 409, code: 11, data: ['amy', 'bob'] })).toBe(`${enErrors['11']} amy, bob (11)`);
    expect(formatErrorMessage(en, { status: 409, code: 11, data: { accounts: ['carl'] } })).toBe(`${enErrors['11']} carl (11)`);
    expect(formatErrorMessage(textFrom(zhTWErrors), { status: 409, code: 11, data: ['amy', 'bob'] })).toBe(
      `${zhTWErrors['11']}amy, bob (11)`,
    );
  });

  it('adds no account list to code 11 without accounts, nor to other codes with data', () => {
    expect(formatErrorMessage(en, { status: 409, code: 11 })).toBe(`${enErrors['11']} (11)`);
    expect(formatErrorMessage(en, { status: 400, code: 1, data: ['amy'] })).toBe(`${enErrors['1']} (1)`);
  });

  it("without a code: 'Error: {status}'", () => {
    expect(formatErrorMessage(() => undefined, { status: 500 })).toBe('Error: 500');
    expect(formatErrorMessage(en, { status: 502 })).toBe('Error: 502');
    expect(formatErrorMessage(textFrom(zhTWErrors), { status: 404 })).toBe('錯誤：404');
  });

  it('offendingAccounts ignores junk', () => {
    expect(offendingAccounts(null)).toEqual([]);
    expect(offendingAccounts({ accounts: 'amy' })).toEqual([]);
    expect(offendingAccounts(['amy', { x: 1 }, 7])).toEqual(['amy', '7']);
  });
});
