/**
 * Every generic rule of SPEC.md section 5 through the declaration validator: a passing case,
 * a failing case with the exact FieldErrors (key and params), and the message of each
 * failure rendered by i18next in zh_TW, zh_CN and en from src/locales.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '../../src/locales/index';
import { LANGS, type Lang } from '../../src/domain/lang';
import type { FieldErrors } from '../../src/domain/api';
import { createValidator, VALIDATION_KEYS, type FormDeclaration, type JsonSchema } from '../../src/domain/validation';

const MB = 1024 * 1024;
const NOW = new Date('2025-01-01T00:00:00Z');

interface RuleCase {
  /** The SPEC.md section 5 rule (or keyword) under test. */
  rule: string;
  form: FormDeclaration;
  pass: unknown[];
  fail: [data: unknown, errors: FieldErrors][];
}

/** A one-field form: `{ v: <schema> }`. */
const field = (schema: JsonSchema, required = true): FormDeclaration => ({
  schema: { type: 'object', ...(required ? { required: ['v'] } : {}), properties: { v: schema } },
});
const file = (name: string, size = 1000, type = '', dims?: { width: number; height: number }) => ({ name, size, type, ...dims });
const png = (width: number, height: number, size = 1000) => file('a.png', size, 'image/png', { width, height });

const CASES: RuleCase[] = [
  { rule: 'alpha', form: field({ type: 'string', format: 'alpha' }), pass: [{ v: 'abcXYZ' }], fail: [[{ v: 'abc1' }, { v: { key: 'alpha' } }], [{ v: 'abç' }, { v: { key: 'alpha' } }]] },
  { rule: 'alpha_dash', form: field({ type: 'string', format: 'alpha_dash' }), pass: [{ v: 'a-b_1' }], fail: [[{ v: 'a b' }, { v: { key: 'alpha_dash' } }]] },
  { rule: 'alpha_num', form: field({ type: 'string', format: 'alpha_num' }), pass: [{ v: 'ab12' }], fail: [[{ v: 'ab-1' }, { v: { key: 'alpha_num' } }]] },
  { rule: 'alpha_spaces', form: field({ type: 'string', format: 'alpha_spaces' }), pass: [{ v: 'John Smith' }], fail: [[{ v: 'John2' }, { v: { key: 'alpha_spaces' } }]] },
  { rule: 'alphaUpperCase', form: field({ type: 'string', format: 'alphaUpperCase' }), pass: [{ v: 'ABC' }], fail: [[{ v: 'ABc' }, { v: { key: 'alphaUpperCase' } }], [{ v: 'AB1' }, { v: { key: 'alphaUpperCase' } }]] },
  {
    rule: 'between',
    form: field({ type: 'string', minLength: 2, maxLength: 5 }),
    pass: [{ v: 'ab' }, { v: 'abcde' }, { v: '台北市' }],
    fail: [[{ v: 'a' }, { v: { key: 'between', params: { min: 2, max: 5 } } }], [{ v: 'abcdef' }, { v: { key: 'between', params: { min: 2, max: 5 } } }]],
  },
  { rule: 'length', form: field({ type: 'string', 'x-length': 4 }), pass: [{ v: 'abcd' }, { v: '一二三四' }], fail: [[{ v: 'abc' }, { v: { key: 'length', params: { length: 4 } } }], [{ v: 'abcde' }, { v: { key: 'length', params: { length: 4 } } }]] },
  { rule: 'max', form: field({ type: 'string', maxLength: 3 }), pass: [{ v: 'abc' }], fail: [[{ v: 'abcd' }, { v: { key: 'max', params: { length: 3 } } }]] },
  { rule: 'min', form: field({ type: 'string', minLength: 3 }), pass: [{ v: 'abc' }], fail: [[{ v: 'ab' }, { v: { key: 'min', params: { length: 3 } } }]] },
  { rule: 'max_value', form: field({ type: 'number', maximum: 10 }), pass: [{ v: 10 }, { v: -3 }], fail: [[{ v: 10.5 }, { v: { key: 'max_value', params: { max: 10 } } }]] },
  { rule: 'min_value', form: field({ type: 'integer', minimum: 1 }), pass: [{ v: 1 }], fail: [[{ v: 0 }, { v: { key: 'min_value', params: { min: 1 } } }]] },
  { rule: 'greaterThan (exclusiveMinimum)', form: field({ type: 'number', exclusiveMinimum: 0 }), pass: [{ v: 0.1 }], fail: [[{ v: 0 }, { v: { key: 'greaterThan', params: { min: 0 } } }]] },
  { rule: 'lessThan (exclusiveMaximum)', form: field({ type: 'number', exclusiveMaximum: 100 }), pass: [{ v: 99.9 }], fail: [[{ v: 100 }, { v: { key: 'lessThan', params: { max: 100 } } }]] },
  {
    rule: 'digits',
    form: field({ type: 'string', 'x-digits': 6 }),
    pass: [{ v: '012345' }],
    fail: [[{ v: '12345a' }, { v: { key: 'digits', params: { length: 6 } } }], [{ v: '12345' }, { v: { key: 'digits', params: { length: 6 } } }]],
  },
  { rule: 'integer (type)', form: field({ type: 'integer' }), pass: [{ v: 3 }, { v: -2 }], fail: [[{ v: 3.5 }, { v: { key: 'integer' } }], [{ v: '3' }, { v: { key: 'integer' } }]] },
  { rule: 'integer (format)', form: field({ type: 'string', format: 'integer' }), pass: [{ v: '-12' }, { v: '7' }], fail: [[{ v: '1.2' }, { v: { key: 'integer' } }]] },
  { rule: 'numeric (type)', form: field({ type: 'number' }), pass: [{ v: 1.5 }], fail: [[{ v: '1.5' }, { v: { key: 'numeric' } }]] },
  { rule: 'numeric (format)', form: field({ type: 'string', format: 'numeric' }), pass: [{ v: '0123' }], fail: [[{ v: '12a' }, { v: { key: 'numeric' } }], [{ v: '-1' }, { v: { key: 'numeric' } }]] },
  {
    rule: 'confirmed',
    form: { schema: { type: 'object', properties: { pw: { type: 'string' }, pw2: { type: 'string', 'x-confirmed': { field: 'pw' } } } } },
    pass: [{ pw: 'Abcdefg1', pw2: 'Abcdefg1' }],
    fail: [[{ pw: 'Abcdefg1', pw2: 'Abcdefg2' }, { pw2: { key: 'confirmed' } }]],
  },
  {
    rule: 'crossEqual (const $data)',
    form: { schema: { type: 'object', properties: { a: { type: 'string' }, b: { const: { $data: '1/a' } } } } },
    pass: [{ a: 'x', b: 'x' }],
    fail: [[{ a: 'x', b: 'y' }, { b: { key: 'crossEqual' } }]],
  },
  {
    rule: 'crossEqual (x-crossEqual, root pointer)',
    form: { schema: { type: 'object', properties: { total: { type: 'number' }, nested: { type: 'object', properties: { sum: { type: 'number', 'x-crossEqual': { field: '/total' } } } } } } },
    pass: [{ total: 5, nested: { sum: 5 } }],
    fail: [[{ total: 5, nested: { sum: 4 } }, { 'nested.sum': { key: 'crossEqual' } }]],
  },
  { rule: 'isEqual', form: field({ const: 'AGREE' }), pass: [{ v: 'AGREE' }], fail: [[{ v: 'agree' }, { v: { key: 'isEqual' } }]] },
  {
    rule: 'email',
    form: field({ type: 'string', format: 'email' }),
    pass: [{ v: 'a.b+c@example.com.tw' }],
    fail: [[{ v: 'a@b' }, { v: { key: 'email' } }], [{ v: 'a@@example.com' }, { v: { key: 'email' } }], [{ v: 'a b@example.com' }, { v: { key: 'email' } }]],
  },
  {
    rule: 'url',
    form: field({ type: 'string', format: 'url' }),
    pass: [{ v: 'https://example.com/a?b=1#c' }, { v: 'http://localhost:8080/x' }],
    fail: [[{ v: 'ftp://example.com' }, { v: { key: 'url' } }], [{ v: 'example.com' }, { v: { key: 'url' } }], [{ v: 'http://exa mple.com' }, { v: { key: 'url' } }], [{ v: 'https://nodot' }, { v: { key: 'url' } }]],
  },
  { rule: 'regex', form: field({ type: 'string', pattern: '^[A-Z]{2}\\d{3}$' }), pass: [{ v: 'AB123' }], fail: [[{ v: 'AB12' }, { v: { key: 'regex' } }]] },
  { rule: 'domain', form: field({ type: 'string', format: 'domain' }), pass: [{ v: 'shop-1.example.com' }], fail: [[{ v: 'shop_1.example.com' }, { v: { key: 'domain' } }], [{ v: 'a/b' }, { v: { key: 'domain' } }]] },
  {
    rule: 'characterChineseSpace',
    form: field({ type: 'string', format: 'characterChineseSpace' }),
    pass: [{ v: '台北 Shop-1' }, { v: '北京分公司' }],
    fail: [[{ v: '台北!' }, { v: { key: 'characterChineseSpace' } }], [{ v: '台北_1' }, { v: { key: 'characterChineseSpace' } }]],
  },
  {
    rule: 'ext',
    form: field({ 'x-file': { ext: ['csv'] } }),
    pass: [{ v: file('orders.CSV') }],
    fail: [[{ v: file('orders.txt') }, { v: { key: 'ext' } }]],
  },
  {
    rule: 'ext (default .pdf for files)',
    form: field({ 'x-file': true }),
    pass: [{ v: file('manual.pdf', 10, 'application/pdf') }],
    fail: [[{ v: file('manual.docx') }, { v: { key: 'ext' } }]],
  },
  {
    rule: 'ext (default .jpg .jpeg .png for images)',
    form: field({ 'x-file': { kind: 'image' } }),
    pass: [{ v: file('a.JPEG', 10, 'image/jpeg') }, { v: file('a.png', 10, 'image/png') }],
    fail: [[{ v: file('a.gif', 10, 'image/gif') }, { v: { key: 'ext' } }]],
  },
  {
    rule: 'mimes',
    form: field({ 'x-file': { ext: ['.csv'], mimes: ['text/csv', 'application/vnd.ms-excel'] } }),
    pass: [{ v: file('a.csv', 10, 'text/csv') }],
    fail: [[{ v: file('a.csv', 10, 'application/pdf') }, { v: { key: 'mimes' } }]],
  },
  {
    rule: 'image',
    form: field({ 'x-file': { kind: 'image' } }),
    pass: [{ v: file('a.jpg', 10, 'image/jpeg') }],
    fail: [[{ v: file('a.pdf', 10, 'application/pdf') }, { v: { key: 'image' } }]],
  },
  {
    rule: 'size',
    form: field({ 'x-file': { kind: 'image', maxMB: 2 } }),
    pass: [{ v: file('a.png', 2 * MB, 'image/png') }],
    fail: [[{ v: file('a.png', 2 * MB + 1, 'image/png') }, { v: { key: 'size', params: { size: 2048 } } }]],
  },
  {
    rule: 'dimensions',
    form: field({ 'x-file': { kind: 'image', width: 162, height: 38 } }),
    pass: [{ v: png(162, 38) }],
    fail: [
      [{ v: png(160, 38) }, { v: { key: 'dimensions', params: { width: 162, height: 38 } } }],
      [{ v: file('a.png', 10, 'image/png') }, { v: { key: 'dimensions', params: { width: 162, height: 38 } } }],
    ],
  },
  {
    rule: 'maxFiles (up to 10 images when multiple)',
    form: field({ type: 'array', 'x-file': { kind: 'image', maxMB: 2 } }),
    pass: [{ v: Array.from({ length: 10 }, () => png(1, 1)) }],
    fail: [
      [{ v: Array.from({ length: 11 }, () => png(1, 1)) }, { v: { key: 'maxFiles', params: { count: 10 } } }],
      [{ v: [png(1, 1), png(1, 1, 3 * MB)] }, { 'v.1': { key: 'size', params: { size: 2048 } } }],
    ],
  },
  {
    rule: 'required',
    form: field({ type: 'string', maxLength: 5 }),
    pass: [{ v: 'x' }],
    fail: [[{}, { v: { key: 'required' } }], [{ v: '' }, { v: { key: 'required' } }], [{ v: '   ' }, { v: { key: 'required' } }], [{ v: null }, { v: { key: 'required' } }]],
  },
  {
    rule: 'required_if',
    form: {
      schema: { type: 'object', properties: { type: { type: 'integer' }, invoice: { type: 'string' }, note: { type: 'string' } } },
      rules: [
        { required_if: { '==': [{ var: 'type' }, 2] }, field: 'invoice' },
        { required_if: { '==': [{ var: 'type' }, 2] }, field: 'note', message: 'required_if' },
      ],
    },
    pass: [{ type: 1 }, { type: 2, invoice: 'INV-1', note: 'n' }],
    fail: [[{ type: 2, invoice: ' ' }, { invoice: { key: 'required' }, note: { key: 'required_if' } }]],
  },
  {
    rule: 'fromToDatetime',
    form: {
      schema: { type: 'object', properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } } },
      rules: [{ if: { '!': { fromTo: [{ var: 'from' }, { var: 'to' }] } }, field: 'to', message: 'fromToDatetime' }],
    },
    pass: [{ from: '2025-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00+08:00' }, { from: '2025-01-01T00:00:00Z' }],
    fail: [[{ from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59Z' }, { to: { key: 'fromToDatetime' } }]],
  },
  {
    rule: 'fromToDatetime (DESIGN.md comparison form)',
    form: {
      schema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
      rules: [{ if: { '>': [{ var: 'from' }, { var: 'to' }] }, field: 'to', message: 'validation.fromToDatetime' }],
    },
    pass: [{ from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' }],
    fail: [[{ from: '2025-03-01T00:00:00Z', to: '2025-02-01T00:00:00Z' }, { to: { key: 'fromToDatetime' } }]],
  },
  {
    // now is 2025-01-01T00:00Z, i.e. 08:00 at UTC+8 (offset 480 minutes).
    rule: 'isAfterNow (UTC+8)',
    form: {
      schema: { type: 'object', properties: { from: { type: 'string' } } },
      rules: [{ if: { '!': { isAfterNow: [{ var: 'from' }, 480] } }, field: 'from', message: 'isAfterNow' }],
    },
    pass: [{ from: '2025-01-01 08:01' }, { from: '2025/01/01 08:00:01' }, {}],
    fail: [[{ from: '2025-01-01 07:59' }, { from: { key: 'isAfterNow' } }], [{ from: '2025-01-01T08:00' }, { from: { key: 'isAfterNow' } }]],
  },
  {
    rule: 'isAfterNow (UTC-5)',
    form: {
      schema: { type: 'object', properties: { from: { type: 'string' } } },
      rules: [{ if: { '!': { isAfterNow: [{ var: 'from' }, -300] } }, field: 'from', message: 'isAfterNow' }],
    },
    // 2024-12-31 19:00 at UTC-5 is the instant now.
    pass: [{ from: '2024-12-31 19:30' }],
    fail: [[{ from: '2024-12-31 18:30' }, { from: { key: 'isAfterNow' } }], [{ from: '2024-12-31T23:00:00Z' }, { from: { key: 'isAfterNow' } }]],
  },
  {
    rule: 'integerDecimal',
    form: field({ type: ['number', 'string'], 'x-integerDecimal': { integer: 3, decimal: 2 } }),
    pass: [{ v: 123.45 }, { v: '12.5' }, { v: 0 }, { v: -999 }],
    fail: [
      [{ v: 1234 }, { v: { key: 'integerDecimal', params: { integer: 3, decimal: 2 } } }],
      [{ v: 1.234 }, { v: { key: 'integerDecimal', params: { integer: 3, decimal: 2 } } }],
      [{ v: '1.2.3' }, { v: { key: 'integerDecimal', params: { integer: 3, decimal: 2 } } }],
    ],
  },
  {
    rule: 'pointLarger',
    form: field({ type: 'array', 'x-pointLarger': { key: 'point' }, items: { type: 'object', properties: { point: { type: 'integer' } } } }),
    pass: [{ v: [{ point: 0 }, { point: 100 }, { point: 300 }] }],
    fail: [
      [{ v: [{ point: 100 }, { point: 100 }, { point: 300 }] }, { 'v.1.point': { key: 'pointLarger' } }],
      [{ v: [{ point: 100 }, { point: 50 }, { point: 80 }, { point: 200 }] }, { 'v.1.point': { key: 'pointLarger' }, 'v.2.point': { key: 'pointLarger' } }],
    ],
  },
  {
    rule: 'checkRepeatName',
    form: field({ type: 'array', 'x-checkRepeatName': { key: 'name' }, items: { type: 'object' } }),
    pass: [{ v: [{ name: 'Gold' }, { name: 'Silver' }] }],
    fail: [[{ v: [{ name: 'Gold' }, { name: 'Silver' }, { name: ' gold ' }] }, { 'v.2.name': { key: 'checkRepeatName' } }]],
  },
  {
    rule: 'checkRepeatName (multilingual names, primitive lists)',
    form: {
      schema: {
        type: 'object',
        properties: {
          levels: { type: 'array', 'x-checkRepeatName': { key: 'names' } },
          tags: { type: 'array', 'x-checkRepeatName': true },
        },
      },
    },
    pass: [{ levels: [{ names: { en: 'Gold', zh_TW: '金' } }, { names: { en: 'Silver', zh_TW: '銀' } }], tags: ['a', 'b'] }],
    fail: [
      [
        { levels: [{ names: { en: 'Gold', zh_TW: '金' } }, { names: { en: 'Silver', zh_TW: '金' } }], tags: ['a', 'A'] },
        { 'levels.1.names.zh_TW': { key: 'checkRepeatName' }, 'tags.1': { key: 'checkRepeatName' } },
      ],
    ],
  },
  {
    rule: 'phoneNumber',
    form: {
      schema: {
        type: 'object',
        required: ['phoneCountryCode', 'phone'],
        properties: { phoneCountryCode: { type: 'string', format: 'phoneCountryCode' }, phone: { type: 'string', 'x-phone': { countryField: 'phoneCountryCode' } } },
      },
    },
    pass: [{ phoneCountryCode: '886', phone: '0912345678' }, { phoneCountryCode: '+86', phone: '13800138000' }],
    fail: [
      [{ phoneCountryCode: '886', phone: '0221234567' }, { phone: { key: 'phoneNumber' } }],
      [{ phoneCountryCode: '886', phone: '09-1234' }, { phone: { key: 'phoneDigits' } }],
      [{ phoneCountryCode: '886', phone: '1234567890123456' }, { phone: { key: 'max', params: { length: 15 } } }],
      [{ phoneCountryCode: '999', phone: '0912345678' }, { phoneCountryCode: { key: 'phoneCountryCode' } }],
    ],
  },
  {
    rule: 'numberOfPrizes (per prize, with each)',
    form: {
      schema: { type: 'object', properties: { prizes: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'integer' }, todayQuantity: { type: 'integer' } } } } } },
      rules: [{ each: 'prizes', if: { '>': [{ var: 'todayQuantity' }, { var: 'quantity' }] }, field: 'todayQuantity', message: 'numberOfPrizes' }],
    },
    pass: [{ prizes: [{ quantity: 10, todayQuantity: 10 }, { quantity: 5, todayQuantity: 1 }] }],
    fail: [[{ prizes: [{ quantity: 10, todayQuantity: 10 }, { quantity: 5, todayQuantity: 6 }] }, { 'prizes.1.todayQuantity': { key: 'numberOfPrizes' } }]],
  },
  {
    rule: 'prize probabilities total 100 (sum)',
    form: {
      schema: { type: 'object', properties: { prizes: { type: 'array', items: { type: 'object', properties: { probability: { type: 'number' } } } } } },
      rules: [{ if: { '!=': [{ sum: [{ var: 'prizes' }, 'probability'] }, 100] }, field: 'prizes', message: 'probabilityTotal', params: { total: 100 } }],
    },
    pass: [{ prizes: [{ probability: 33.3 }, { probability: 33.3 }, { probability: 33.4 }] }, { prizes: [{ probability: 0.1 }, { probability: 0.2 }, { probability: 99.7 }] }],
    fail: [[{ prizes: [{ probability: 50 }, { probability: 40 }] }, { prizes: { key: 'probabilityTotal', params: { total: 100 } } }]],
  },
  {
    rule: 'password rule',
    form: field({ type: 'string', minLength: 8, maxLength: 20, format: 'password' }),
    pass: [{ v: 'Abcdefg1' }, { v: 'Abcdefg1@$!%*?&' }],
    fail: [
      [{ v: 'abcdefg1' }, { v: { key: 'passwordRule' } }],
      [{ v: 'Abcdefg1#' }, { v: { key: 'passwordRule' } }],
      [{ v: 'Ab1' }, { v: { key: 'between', params: { min: 8, max: 20 } } }],
    ],
  },
  // Keywords without a SPEC rule name, keys added in src/locales.
  { rule: 'minItems', form: field({ type: 'array', minItems: 2 }), pass: [{ v: [1, 2] }], fail: [[{ v: [1] }, { v: { key: 'minItems', params: { count: 2 } } }]] },
  { rule: 'maxItems', form: field({ type: 'array', maxItems: 4 }), pass: [{ v: [1, 2, 3, 4] }], fail: [[{ v: [1, 2, 3, 4, 5] }, { v: { key: 'maxItems', params: { count: 4 } } }]] },
  { rule: 'oneOf (enum)', form: field({ enum: [1, 2, 3] }), pass: [{ v: 2 }], fail: [[{ v: 4 }, { v: { key: 'oneOf' } }]] },
  { rule: 'uniqueItems', form: field({ type: 'array', uniqueItems: true }), pass: [{ v: [1, 2] }], fail: [[{ v: [1, 2, 1] }, { v: { key: 'uniqueItems' } }]] },
];

const validators = new Map(CASES.map((c) => [c, createValidator(c.form)]));

describe.each(CASES)('rule $rule', (c) => {
  const validate = validators.get(c)!;

  it.each(c.pass.map((d) => [JSON.stringify(d), d]))('passes %s', (_label, data) => {
    expect(validate(data, { now: NOW })).toEqual({});
  });

  it.each(c.fail.map(([d, e]) => [JSON.stringify(d).slice(0, 120), d, e]))('fails %s', (_label, data, errors) => {
    expect(validate(data, { now: NOW })).toEqual(errors);
  });
});

describe('messages of the failures in three languages', () => {
  const t = {} as Record<Lang, TFunction>;
  beforeAll(async () => {
    for (const lng of LANGS) {
      const instance = i18next.createInstance();
      await instance.init({ resources, lng, fallbackLng: false, interpolation: { escapeValue: false } });
      t[lng] = instance.t;
    }
  });

  // What the validator answers (not the expectations), so a param renamed in code shows here.
  const failures = CASES.flatMap((c) =>
    c.fail.flatMap(([data]) => Object.entries(validators.get(c)!(data, { now: NOW })).map(([path, e]) => ({ rule: c.rule, path, ...e }))),
  );

  it('has a failure for every case', () => {
    expect(new Set(failures.map((f) => f.rule)).size).toBe(CASES.length);
  });

  it('covers every key the rules answer with a key of VALIDATION_KEYS', () => {
    for (const f of failures) expect(VALIDATION_KEYS as readonly string[], `${f.rule}: ${f.key}`).toContain(f.key);
  });

  it.each(LANGS)('%s renders every failure with its params', (lng) => {
    for (const f of failures) {
      const text = t[lng](`validation.${f.key}`, f.params ?? {});
      expect(text, `${lng} ${f.key}`).not.toBe(`validation.${f.key}`);
      expect(text, `${lng} ${f.key}`).toMatch(/\S/);
      expect(text, `${lng} ${f.key}`).not.toContain('{{');
      for (const v of Object.values(f.params ?? {})) expect(text, `${lng} ${f.key}`).toContain(String(v));
    }
  });

  it('renders the same failure differently per language', () => {
    const en = t.en('validation.between', { min: 2, max: 5 });
    expect(en).toBe('Must be between 2 and 5 characters.');
    expect(t.zh_TW('validation.between', { min: 2, max: 5 })).toBe('長度須介於 2 至 5 個字元。');
    expect(t.zh_CN('validation.maxFiles', { count: 10 })).toBe('最多只能上传 10 个文件。');
  });
});
