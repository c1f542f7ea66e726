/** The lottery rules shared by the wizard and the server (src/domain/activity/lottery.ts). */
import { describe, expect, it } from 'vitest';
import {
  checkPrizes, checkQualification, checkRedemptionForm, exchangeMethodLocked, lotteryStatus, offeredOptions, parseSerials,
  probabilityTotal, remainderProbability, settleNoWin, type PrizeInput,
} from '../../src/domain/activity/lottery';

const win = (probability: number, extra: Partial<PrizeInput> = {}): PrizeInput => ({ name: `W${probability}`, picture: '/files/x.png', probability, type: 1, amount: 1, ...extra });
const lose = (probability: number): PrizeInput => ({ name: 'Lose', picture: '/files/y.png', probability, type: 0 });

describe('lottery rules', () => {
  it('prize count 6704, missing picture 6710, over 100% 6703, under 100% 6712, exact hundredths', () => {
    expect(checkPrizes([], 1)?.code).toBe(6704);
    expect(checkPrizes([lose(100)], 1)?.code).toBe(6704);
    expect(checkPrizes([win(50), lose(25), { ...lose(25), name: 'L2' }], 1)?.code).toBe(6704);
    expect(checkPrizes(Array.from({ length: 13 }, (_, i) => win(1, { name: `P${i}` })), 1)?.code).toBe(6704);
    expect(checkPrizes([win(100, { picture: null })], 1)).toMatchObject({ code: 6710, fields: { 'prizeInfo.0.picture': { key: 'required' } } });
    expect(checkPrizes([win(60, { name: 'a' }), win(40.01, { name: 'b' }), lose(0)], 1)?.code).toBe(6703);
    // A no-win prize makes up the rest: no 6712 with one, whatever it was given.
    expect(checkPrizes([win(60), lose(39.99)], 1)).toBeNull();
    expect(checkPrizes([win(60), lose(40.01)], 1)).toBeNull();
    expect(settleNoWin([win(60), lose(10)]).map((p) => p.probability)).toEqual([60, 40]);
    expect(settleNoWin([win(60, { name: 'a' }), win(50, { name: 'b' }), lose(10)]).map((p) => p.probability)).toEqual([60, 50, 10]);
    expect(checkPrizes([win(99.99)], 1)?.code).toBe(6712);
    expect(checkPrizes([win(33.33, { name: 'a' }), win(33.33, { name: 'b' }), win(33.34, { name: 'c' })], 1)).toBeNull();
    expect(checkPrizes([win(0.1, { name: 'a' }), win(0.2, { name: 'b' }), lose(99.7)], 1)).toBeNull();
    expect(checkPrizes([win(12.345), lose(87.655)], 1)?.code).toBe(1);
    expect(checkPrizes([win(100, { amount: 0 })], 1)?.fields['prizeInfo.0.amount'].key).toBe('min_value');
    expect(checkPrizes([win(50, { name: 'Same' }), win(50, { name: 'same' })], 1)?.fields['prizeInfo.1.name'].key).toBe('checkRepeatName');
    // Imported serials: no amount needed, a checked CSV is.
    expect(checkPrizes([win(100, { amount: null })], 4)?.code).toBe(6707);
    expect(checkPrizes([win(100, { amount: null, serialImportId: 3 })], 4)).toBeNull();
    expect(probabilityTotal([win(10.1), win(20.2)])).toBe(30.3);
    expect(remainderProbability([win(10.1), win(20.2)])).toBe(69.7);
  });

  it('redemption form: required unless exchange 3 or 4; options, names and number conditions', () => {
    expect(checkRedemptionForm([], 1)?.fields.exchangeForm.key).toBe('required');
    expect(checkRedemptionForm([], 2)?.fields.exchangeForm.key).toBe('required');
    expect(checkRedemptionForm([], 3)).toBeNull();
    expect(checkRedemptionForm([], 4)).toBeNull();
    expect(checkRedemptionForm([{ name: 'Size', type: 2, options: ['S', 'S'] }], 1)?.fields['exchangeForm.0.options'].key).toBe('checkRepeatName');
    expect(checkRedemptionForm([{ name: 'Age', type: 6 }], 1)?.fields['exchangeForm.0.condition'].key).toBe('required');
    expect(checkRedemptionForm([{ name: 'Note', type: 4, options: ['x'] }], 1)?.fields['exchangeForm.0.options'].key).toBe('invalid');
    expect(checkRedemptionForm([{ name: 'Age', type: 6, condition: 1 }, { name: 'Address', type: 9, required: true }], 1)).toBeNull();
  });

  it('qualification: chosen ids, duplicate products flagged in package lists', () => {
    expect(checkQualification({ qualificationType: 1, qualificationProduct: [] })?.fields.qualificationProduct.key).toBe('required');
    const dup = checkQualification({ qualificationType: 3, qualificationShipment: [{ productId: 1, packageIds: [1] }, { productId: 1, packageIds: [2] }] });
    expect(dup?.fields['qualificationShipment.1.productId'].key).toBe('uniqueItems');
    expect(offeredOptions([{ value: 1, label: 'a' }, { value: 2, label: 'b', enable: false }, { value: 3, label: 'c', deleted: true }, { value: 4, label: 'd', codePackageDeleted: true }], [3]).map((o) => o.value)).toEqual([1, 3]);
  });

  it('serial CSV: header and quotes, 6707 empty, 6708 short, 6709 duplicates', () => {
    expect(parseSerials('\uFEFFserial\r\nAB12\r\n"CD,34"\r\n\r\n')).toEqual({ serials: ['AB12', 'CD,34'] });
    expect(parseSerials('serial\n')).toMatchObject({ code: 6707 });
    expect(parseSerials('AB\nC')).toMatchObject({ code: 6708, data: { lines: [2] } });
    expect(parseSerials('AB\nAB\nCD')).toMatchObject({ code: 6709, data: { serials: ['AB'] } });
  });

  it('serial CSV on the imports\' reader: a quoted field with a comma or a doubled quote, a BOM, a broken quote (6706 with its line)', () => {
    expect(parseSerials('"AB,12",second column\n"CD""34"\n')).toEqual({ serials: ['AB,12', 'CD"34'] });
    // A BOM before the header: the header is still recognized and dropped; line numbers count from the file's first line.
    expect(parseSerials('\uFEFFserial\nAB12\nC\n')).toMatchObject({ code: 6708, data: { lines: [3] } });
    expect(parseSerials('\uFEFFAB12\nCD34')).toEqual({ serials: ['AB12', 'CD34'] });
    // A quoted field holding a line break is one serial; the next record keeps its own line.
    expect(parseSerials('"AB\n12"\nC')).toMatchObject({ code: 6708, data: { lines: [3] } });
    // An unterminated quote (the line where the reader gave up: the file's last), or a quote
    // inside an unquoted field: not CSV, code 6706 naming the line.
    expect(parseSerials('AB12\n"CD34\nEF56\n')).toMatchObject({ code: 6706, fields: { file: { key: 'invalid' } }, data: { line: 3 } });
    expect(parseSerials('AB12\nCD34\nE"F"56\n')).toMatchObject({ code: 6706, data: { line: 3 } });
  });

  it('status from enable and period; exchange lock', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(lotteryStatus({ enable: true, from: '2026-06-02T00:00:00Z', to: '2026-07-01T00:00:00Z' }, now)).toBe(1);
    expect(lotteryStatus({ enable: true, from: '2026-05-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }, now)).toBe(2);
    expect(lotteryStatus({ enable: true, from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' }, now)).toBe(3);
    expect(lotteryStatus({ enable: false, from: '2026-05-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }, now)).toBe(4);
    expect(exchangeMethodLocked({ started: false, prizeCount: 0 })).toBe(false);
    expect(exchangeMethodLocked({ started: false, prizeCount: 1 })).toBe(true);
    expect(exchangeMethodLocked({ started: true, prizeCount: 0 })).toBe(true);
  });
});
