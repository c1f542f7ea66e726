/**
 * The rules of playing a lottery (src/domain/activity/lotteryPlay.ts): the draw over basis
 * points with an injected random source, qualification of a code, once-per-code rules
 * (9001/9003), the redemption answers, prize expiry; and a statistical test of the draw with
 * node:crypto randomness (100,000 draws against the probabilities).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BASIS, checkAnswers, drawIndex, noWinIndex, playRefusal, prizeExpiry, qualificationFailure, qualifies, type DrawPrize,
} from '../../src/domain/activity/lotteryPlay';

const prizes: DrawPrize[] = [
  { probability: 0.5, type: 1 }, { probability: '2.00', type: 1 }, { probability: 10.5, type: 1 }, { probability: 87, type: 0 },
];
const fixed = (r: number) => () => r;

describe('the draw', () => {
  it('lands on the prize whose cumulative range in hundredths holds the random number', () => {
    expect(drawIndex(prizes, fixed(0))).toBe(0);
    expect(drawIndex(prizes, fixed(49))).toBe(0);
    expect(drawIndex(prizes, fixed(50))).toBe(1);
    expect(drawIndex(prizes, fixed(249))).toBe(1);
    expect(drawIndex(prizes, fixed(250))).toBe(2);
    expect(drawIndex(prizes, fixed(1299))).toBe(2);
    expect(drawIndex(prizes, fixed(1300))).toBe(3);
    expect(drawIndex(prizes, fixed(BASIS - 1))).toBe(3);
    // A prize of 0% is never drawn; a list under 100% answers -1 past its total.
    expect(drawIndex([{ probability: 0, type: 1 }, { probability: 100, type: 0 }], fixed(0))).toBe(1);
    expect(drawIndex([{ probability: 40, type: 1 }], fixed(4000))).toBe(-1);
    // The random source is asked for [0, 10000) and must answer inside it.
    let asked = 0;
    drawIndex(prizes, (max) => { asked = max; return 0; });
    expect(asked).toBe(BASIS);
    expect(() => drawIndex(prizes, fixed(BASIS))).toThrow(RangeError);
    expect(noWinIndex(prizes)).toBe(3);
    expect(noWinIndex(prizes.slice(0, 3))).toBe(-1);
  });

  // Chi-square of the counts against the probabilities (3 degrees of freedom here). The bound
  // 35 is passed by a right draw with probability about 1e-7 and is far below what a wrong
  // draw gives (truncating 0.5% and 10.5% to whole percent: chi-square in the hundreds).
  const N = 100_000;
  const CHI2_BOUND = 35;
  const chiSquare = (draw: () => number) => {
    const counts = new Array(prizes.length).fill(0);
    for (let i = 0; i < N; i++) counts[draw()]++;
    const expected = prizes.map((p) => (N * Number(p.probability)) / 100);
    return { counts, chi2: counts.reduce((s, c, i) => s + (c - expected[i]) ** 2 / expected[i], 0), expected };
  };

  it('draws 100,000 times with crypto randomness at the configured frequencies', () => {
    const { counts, chi2, expected } = chiSquare(() => drawIndex(prizes, randomInt));
    expect(chi2, `counts ${counts} expected ${expected}`).toBeLessThan(CHI2_BOUND);
    // Per prize: within 6 standard deviations of the binomial count.
    counts.forEach((c, i) => {
      const p = Number(prizes[i].probability) / 100;
      expect(Math.abs(c - N * p)).toBeLessThan(6 * Math.sqrt(N * p * (1 - p)));
    });
  });

  it('the same test catches a wrong draw', () => {
    const truncated = prizes.map((p) => ({ ...p, probability: Math.floor(Number(p.probability)) }));
    const wrong = () => { const i = drawIndex(truncated, randomInt); return i < 0 ? 3 : i; };
    expect(chiSquare(wrong).chi2).toBeGreaterThan(CHI2_BOUND * 5);
    // A biased source (modulo of a byte) is caught too.
    const biased = () => drawIndex(prizes, () => (randomInt(256) * 39) % BASIS);
    expect(chiSquare(biased).chi2).toBeGreaterThan(CHI2_BOUND);
  });
});

describe('qualification and plays', () => {
  const code = { brandProductId: 7, packageId: 30, sheetIds: [500, 501] };
  it('qualifies by product, order package or shipment sheet', () => {
    expect(qualifies(1, { product: [7, 8] }, code)).toBe(true);
    expect(qualifies(1, { product: [8] }, code)).toBe(false);
    expect(qualifies(1, { product: [7] }, { ...code, brandProductId: null })).toBe(false);
    expect(qualifies(2, { order: [{ productId: 1, packageIds: [29] }, { productId: 2, packageIds: [30] }] }, code)).toBe(true);
    expect(qualifies(2, { order: [{ productId: 1, packageIds: [29] }] }, code)).toBe(false);
    expect(qualifies(3, { shipment: [{ productId: 1, packageIds: [501] }] }, code)).toBe(true);
    expect(qualifies(3, { shipment: [{ productId: 1, packageIds: [502] }] }, code)).toBe(false);
    expect(qualifies(2, {}, code)).toBe(false);
    expect([1, 2, 3].map(qualificationFailure)).toEqual([211, 210, 212]);
  });
  it('once per code and activity (9003); one lottery per code for SingleOnce and BothOnce (9001)', () => {
    expect(playRefusal(5, [], 1)).toBeNull();
    expect(playRefusal(5, [5], 1)).toBe(9003);
    expect(playRefusal(5, [4], 1)).toBeNull();
    expect(playRefusal(5, [4], null)).toBeNull();
    expect(playRefusal(5, [4], 2)).toBe(9001);
    expect(playRefusal(5, [4], 3)).toBe(9001);
    expect(playRefusal(5, [5], 2)).toBe(9003);
  });
});

describe('redemption answers', () => {
  const fields = [
    { id: 1, name: 'Size', type: 1, options: ['S', 'M'], required: true, condition: null },
    { id: 2, name: 'Colour', type: 2, options: ['Red', 'Blue'], required: false, condition: null },
    { id: 3, name: 'Extras', type: 3, options: ['Bag', 'Card', 'Box'], required: false, condition: null },
    { id: 4, name: 'Name', type: 4, options: [], required: true, condition: null },
    { id: 5, name: 'Note', type: 5, options: [], required: false, condition: null },
    { id: 6, name: 'Age', type: 6, options: [], required: false, condition: 1 },
    { id: 7, name: 'Birthday', type: 7, options: [], required: false, condition: null },
    { id: 9, name: 'Address', type: 9, options: [], required: true, condition: null },
  ];
  it('keeps good answers by field name, in option order', () => {
    const r = checkAnswers(fields, { 1: 'M', 3: ['Box', 'Bag'], 4: ' Ann ', 6: '12', 7: '2024-02-29', 9: 'Taipei\nXinyi Rd 1' });
    expect(r).toEqual({ answers: { Size: 'M', Extras: ['Bag', 'Box'], Name: 'Ann', Age: 12, Birthday: '2024-02-29', Address: 'Taipei\nXinyi Rd 1' } });
  });
  it('names each wrong answer', () => {
    const r = checkAnswers(fields, { 1: 'XL', 2: 'Green', 3: ['Bag', 'Bag'], 4: 'a\nb', 6: -1, 7: '2023-02-29', 9: '', 99: 'x' });
    expect('fields' in r && r.fields).toEqual({
      'answers.99': { key: 'unknownField' }, 'answers.1': { key: 'oneOf' }, 'answers.2': { key: 'oneOf' }, 'answers.3': { key: 'oneOf' },
      'answers.4': { key: 'invalid' }, 'answers.6': { key: 'exclusiveMinimum', params: { min: 0 } }, 'answers.7': { key: 'date' }, 'answers.9': { key: 'required' },
    });
    const neg = checkAnswers([{ ...fields[5], condition: 2 }], { 6: 3 });
    expect('fields' in neg && neg.fields['answers.6'].key).toBe('exclusiveMaximum');
    expect(checkAnswers([{ ...fields[5], condition: 3 }], { 6: 'abc' })).toEqual({ fields: { 'answers.6': { key: 'number' } } });
    expect(checkAnswers([fields[3]], { 4: 'x'.repeat(201) })).toEqual({ fields: { 'answers.4': { key: 'max', params: { length: 200 } } } });
  });
  it('prize expiry: a date (end of day) or days after the play', () => {
    const won = new Date('2026-01-10T08:00:00Z');
    expect(prizeExpiry({ expireType: 1, expireDate: '2026-02-01', expireDays: null }, won)?.toISOString()).toBe('2026-02-01T23:59:59.999Z');
    expect(prizeExpiry({ expireType: 2, expireDate: null, expireDays: 3 }, won)?.toISOString()).toBe('2026-01-13T08:00:00.000Z');
    expect(prizeExpiry({ expireType: null, expireDate: null, expireDays: null }, won)).toBeNull();
  });
});
