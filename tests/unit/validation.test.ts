/**
 * The declaration validator (src/domain/validation): compile once, paths, empty values,
 * the order of errors, rules beside the schema, the server helper and its unknown-field
 * modes, declaration mistakes, and the key list against the locales.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Ajv from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { LANGS } from '../../src/domain/lang';
import enValidation from '../../src/locales/en/validation';
import zhTWValidation from '../../src/locales/zh_TW/validation';
import zhCNValidation from '../../src/locales/zh_CN/validation';
import {
  VALIDATION_KEYS,
  applyLogic,
  createValidator,
  extendAjv,
  toInstant,
  validateBody,
  type FormDeclaration,
} from '../../src/domain/validation';

const LOCALES = { zh_TW: zhTWValidation, zh_CN: zhCNValidation, en: enValidation };
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

afterEach(() => vi.restoreAllMocks());

describe('VALIDATION_KEYS', () => {
  it('lists distinct keys', () => {
    expect(new Set(VALIDATION_KEYS).size).toBe(VALIDATION_KEYS.length);
  });

  it.each(LANGS)('every key has a non-empty %s message', (lang) => {
    for (const key of VALIDATION_KEYS) expect(LOCALES[lang][key], `${lang} ${key}`).toMatch(/\S/);
  });

  it('every key uses the same placeholders in all three languages', () => {
    for (const key of VALIDATION_KEYS) {
      const en = placeholders(enValidation[key]);
      expect(placeholders(zhTWValidation[key]), key).toEqual(en);
      expect(placeholders(zhCNValidation[key]), key).toEqual(en);
    }
    expect(placeholders(enValidation.minItems)).toEqual(['count']);
    expect(placeholders(enValidation.maxItems)).toEqual(['count']);
    expect(placeholders(enValidation.maxFiles)).toEqual(['count']);
    expect(placeholders(enValidation.probabilityTotal)).toEqual(['total']);
  });

  it('contains every generic rule of SPEC.md section 5', () => {
    const spec = [
      'alpha', 'alpha_dash', 'alpha_num', 'alpha_spaces', 'alphaUpperCase', 'between', 'length', 'max', 'min', 'max_value',
      'min_value', 'digits', 'integer', 'numeric', 'confirmed', 'crossEqual', 'isEqual', 'email', 'url', 'regex', 'domain',
      'characterChineseSpace', 'ext', 'mimes', 'image', 'size', 'dimensions', 'required', 'required_if', 'fromToDatetime',
      'isAfterNow', 'integerDecimal', 'pointLarger', 'checkRepeatName', 'phoneNumber', 'numberOfPrizes', 'passwordRule',
    ];
    for (const key of spec) expect(VALIDATION_KEYS as readonly string[]).toContain(key);
  });
});

const PROFILE: FormDeclaration = {
  schema: {
    type: 'object',
    required: ['name', 'contacts'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 20 },
      email: { type: 'string', format: 'email' },
      contacts: {
        type: 'object',
        required: ['primary'],
        properties: {
          primary: { type: 'object', required: ['name', 'email'], properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } },
          secondary: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
        },
      },
      prizes: {
        type: 'array',
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, probability: { type: 'number', minimum: 0, maximum: 100 } } },
      },
    },
  },
};

describe('createValidator', () => {
  it('compiles a declaration once and validates many times', () => {
    // Warm up the Ajv instances (registering keywords compiles their meta-schemas).
    createValidator({ schema: {} });
    validateBody({ schema: {} }, {});
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const form: FormDeclaration = { schema: { type: 'object', properties: { a: { type: 'string', maxLength: 1 } } } };
    const first = createValidator(form);
    const second = createValidator(form);
    for (let i = 0; i < 50; i++) {
      expect(first({ a: 'xx' })).toEqual({ a: { key: 'max', params: { length: 1 } } });
      expect(second({ a: 'x' })).toEqual({});
    }
    expect(compile).toHaveBeenCalledTimes(1);
    // A server-side use of the same declaration compiles its closed variant once too.
    validateBody(form, { a: 'x' });
    validateBody(form, { a: 'y' });
    expect(compile).toHaveBeenCalledTimes(2);
    compile.mockRestore(); // the unit files share their worker's modules (isolate: false)
  });

  it('answers dot paths for nested objects and array items', () => {
    const validate = createValidator(PROFILE);
    const errors = validate({
      name: 'Al',
      contacts: { primary: { name: 'P', email: 'nope' }, secondary: { email: 'also nope' } },
      prizes: [{ name: 'A', probability: 10 }, { probability: 20 }, { name: 'C', probability: 120 }],
    });
    expect(errors).toEqual({
      'contacts.primary.email': { key: 'email' },
      'contacts.secondary.email': { key: 'email' },
      'prizes.1.name': { key: 'required' },
      'prizes.2.probability': { key: 'max_value', params: { max: 100 } },
    });
  });

  it("treats '', white space, null and [] as missing", () => {
    const validate = createValidator({
      schema: {
        type: 'object',
        required: ['name', 'tags'],
        properties: { name: { type: 'string', minLength: 2 }, email: { type: 'string', format: 'email' }, tags: { type: 'array', minItems: 1 } },
      },
    });
    expect(validate({ name: '', email: '', tags: [] })).toEqual({ name: { key: 'required' }, tags: { key: 'required' } });
    expect(validate({ name: '  ', email: null, tags: ['a'] })).toEqual({ name: { key: 'required' } });
    // An optional empty field runs none of its other keywords.
    expect(validate({ name: 'Al', email: '', tags: ['a'] })).toEqual({});
    // Array items keep their place: an empty item is still checked.
    expect(createValidator({ schema: { type: 'array', items: { type: 'string', minLength: 1 } } })(['a', ''])).toEqual({
      '1': { key: 'min', params: { length: 1 } },
    });
  });

  it('reports one error per field, required first, then length, then format', () => {
    const validate = createValidator({
      schema: {
        type: 'object',
        required: ['pw'],
        properties: { pw: { type: 'string', format: 'password', minLength: 8, maxLength: 20 }, n: { type: 'integer', minimum: 5 } },
      },
    });
    expect(validate({ pw: '' })).toEqual({ pw: { key: 'required' } });
    expect(validate({ pw: 'abc' })).toEqual({ pw: { key: 'between', params: { min: 8, max: 20 } } });
    expect(validate({ pw: 'abcdefgh' })).toEqual({ pw: { key: 'passwordRule' } });
    expect(validate({ pw: 'Abcdefg1', n: 2.5 })).toEqual({ n: { key: 'integer' } });
  });

  it('reports the whole body at the root path when it is not an object', () => {
    expect(createValidator(PROFILE)('text')).toEqual({ '': { key: 'invalid' } });
  });

  it('accepts the renderer annotation enumNames', () => {
    expect(createValidator({ schema: { type: 'object', properties: { t: { enum: [1, 2], enumNames: ['A', 'B'] } } } })({ t: 3 })).toEqual({
      t: { key: 'oneOf' },
    });
  });
});

describe('rules', () => {
  const form: FormDeclaration = {
    schema: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, from: { type: 'string' }, to: { type: 'string', minLength: 10 }, total: { type: 'number' }, used: { type: 'number' } },
    },
    rules: [
      { if: { '>': [{ var: 'from' }, { var: 'to' }] }, field: 'to', message: 'fromToDatetime' },
      { if: { '>': [{ var: 'used' }, { var: 'total' }] }, field: 'used', message: 'max_value', params: { max: { var: 'total' } } },
      { if: { sum: [{ var: 'name' }] }, field: 'name', message: 'invalid' },
      { if: { noSuchOperation: [1] }, field: 'from', message: 'invalid' },
    ],
  };
  const validate = createValidator(form);

  it('run even when the schema fails elsewhere', () => {
    expect(validate({ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z', total: 3, used: 4 })).toEqual({
      name: { key: 'required' },
      to: { key: 'fromToDatetime' },
      used: { key: 'max_value', params: { max: 3 } },
    });
  });

  it('do not report a field twice: the schema error stays', () => {
    expect(validate({ name: 'n', from: '2025-02-01', to: '2025' })).toEqual({ to: { key: 'min', params: { length: 10 } } });
  });

  it('that throw on unexpected data report nothing', () => {
    // sum over a string and an unknown operation both throw inside json-logic.
    expect(validate({ name: 'a string, not a list', from: 'x' })).toEqual({});
  });

  it('with each report per item and skip items they cannot judge', () => {
    const v = createValidator({
      schema: { type: 'object' },
      rules: [{ each: 'list', if: { '!': { isAfterNow: [{ var: 'at' }, { var: '$root.offset' }] } }, field: 'at', message: 'isAfterNow' }],
    });
    const now = new Date('2025-06-01T00:00:00Z');
    expect(v({ offset: 60, list: [{ at: '2025-06-01 00:30' }, { at: 'garbage' }, 'not an object', { at: '2025-06-01 01:30' }] }, { now })).toEqual({
      'list.0.at': { key: 'isAfterNow' },
    });
    expect(v({ list: 'not a list' }, { now })).toEqual({});
  });

  it('isAfterNow compares with the real clock without a context', () => {
    const v = createValidator({ schema: { type: 'object' }, rules: [{ if: { '!': { isAfterNow: [{ var: 'at' }] } }, field: 'at', message: 'isAfterNow' }] });
    expect(v({ at: '2999-01-01T00:00:00Z' })).toEqual({});
    expect(v({ at: '2000-01-01T00:00:00Z' })).toEqual({ at: { key: 'isAfterNow' } });
  });

  it('offer count and unique to json-logic', () => {
    expect(applyLogic({ count: [{ var: 'l' }] }, { l: [1, 2, 3] })).toBe(3);
    expect(applyLogic({ count: [{ var: 'l' }, 'url'] }, { l: [{ url: 'a' }, { url: '' }, {}] })).toBe(1);
    expect(applyLogic({ unique: [{ var: 'l' }, 'productId'] }, { l: [{ productId: 1 }, { productId: 2 }] })).toBe(true);
    expect(applyLogic({ unique: [{ var: 'l' }, 'productId'] }, { l: [{ productId: 1 }, { productId: 1 }] })).toBe(false);
    expect(applyLogic({ sum: [{ var: 'l' }] }, { l: [0.1, 0.2] })).toBe(0.3);
  });

  it('express "at least one of" and list limits', () => {
    const v = createValidator({
      schema: { type: 'object', properties: { telephone: { type: 'string' }, mobile: { type: 'string' }, moreInfo: { type: 'array' } } },
      rules: [
        { if: { '!': { or: [{ var: 'telephone' }, { var: 'mobile' }] } }, field: 'mobile', message: 'required' },
        { if: { '!': { unique: [{ var: 'moreInfo' }, 'url'] } }, field: 'moreInfo', message: 'uniqueItems' },
      ],
    });
    expect(v({ telephone: '', mobile: '' })).toEqual({ mobile: { key: 'required' } });
    expect(v({ telephone: '0212345678' })).toEqual({});
    expect(v({ mobile: '1', moreInfo: [{ url: 'a' }, { url: 'a' }] })).toEqual({ moreInfo: { key: 'uniqueItems' } });
  });
});

describe('declaration mistakes fail at compile time', () => {
  it.each([
    ['a misspelt keyword', { schema: { type: 'object', properties: { a: { type: 'string', maxLenght: 3 } } } }],
    ['an unknown format', { schema: { type: 'string', format: 'alpha-dash' } }],
    ['a wrong x-file option', { schema: { 'x-file': { maxSize: 2 } } }],
    ['an x-length that is not a number', { schema: { 'x-length': 'four' } }],
    ['an x-confirmed without field', { schema: { 'x-confirmed': {} } }],
    ['a rule with an unknown message', { schema: {}, rules: [{ if: true, field: 'a', message: 'noSuchMessage' }] }],
    ['a rule without field', { schema: {}, rules: [{ if: true, message: 'required' }] }],
    ['a rule with both if and required_if', { schema: {}, rules: [{ if: true, required_if: true, field: 'a', message: 'required' }] }],
    ['a rule with if and no message', { schema: {}, rules: [{ if: true, field: 'a' }] }],
  ])('%s', (_why, form) => {
    expect(() => createValidator(form as FormDeclaration)).toThrow();
  });
});

describe('validateBody', () => {
  const ROLE: FormDeclaration = {
    schema: {
      type: 'object',
      required: ['name', 'type'],
      properties: {
        name: { type: 'string', maxLength: 50 },
        type: { type: 'integer', enum: [1, 2] },
        note: { type: 'string' },
        functions: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
        address: { $ref: '#/definitions/address' },
        names: { type: 'object', additionalProperties: { type: 'string' } },
      },
      allOf: [{ if: { properties: { type: { const: 2 } } }, then: { properties: { clientIds: { type: 'array' } } } }],
      definitions: { address: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  };

  it('answers the value without empty fields when the body is valid', () => {
    const body = { name: 'Ops', type: 2, note: '', clientIds: [1], functions: [{ id: 9 }], address: { city: 'Taipei' }, names: { en: 'Ops', xx: 'free' } };
    const result = validateBody(ROLE, body);
    expect(result).toEqual({ ok: true, value: { name: 'Ops', type: 2, clientIds: [1], functions: [{ id: 9 }], address: { city: 'Taipei' }, names: { en: 'Ops', xx: 'free' } } });
    expect(body.note).toBe('');
  });

  it('rejects unknown fields at every depth by default', () => {
    const result = validateBody(ROLE, { name: 'Ops', type: 1, isAdmin: true, functions: [{ id: 9, hack: 1 }], address: { city: 'T', zip: '1' } });
    expect(result).toEqual({
      ok: false,
      errors: { isAdmin: { key: 'unknownField' }, 'functions.0.hack': { key: 'unknownField' }, 'address.zip': { key: 'unknownField' } },
    });
  });

  it('knows the fields of one object declared in several branches', () => {
    const form: FormDeclaration = {
      schema: {
        type: 'object',
        properties: { kind: { type: 'integer' }, contact: { type: 'object', properties: { name: { type: 'string' } } } },
        if: { properties: { kind: { const: 2 } } },
        then: { properties: { contact: { properties: { fax: { type: 'string' } } } } },
      },
    };
    expect(validateBody(form, { kind: 2, contact: { name: 'n', fax: '1' } }).ok).toBe(true);
    expect(validateBody(form, { kind: 1, contact: { name: 'n', mail: '1' } })).toEqual({ ok: false, errors: { 'contact.mail': { key: 'unknownField' } } });
  });

  it('closes recursive definitions without looping', () => {
    const form: FormDeclaration = {
      schema: {
        $ref: '#/definitions/node',
        definitions: { node: { type: 'object', properties: { id: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/definitions/node' } } } } },
      },
    };
    expect(validateBody(form, { id: 1, children: [{ id: 2, children: [{ id: 3 }] }] }).ok).toBe(true);
    expect(validateBody(form, { id: 1, children: [{ id: 2, children: [{ id: 3, x: 1 }] }] })).toEqual({
      ok: false,
      errors: { 'children.0.children.0.x': { key: 'unknownField' } },
    });
  });

  it('rejects a __proto__ key as an unknown field instead of inheriting from it', () => {
    const body = JSON.parse('{ "name": "Ops", "type": 1, "__proto__": { "isAdmin": true } }');
    const result = validateBody(ROLE, body);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.entries(result.errors)).toEqual([['__proto__', { key: 'unknownField' }]]);
    const removed = validateBody<Record<string, unknown>>(ROLE, body, { unknownFields: 'remove' });
    expect(removed.ok && removed.value.isAdmin).toBe(undefined);
  });

  it('removes unknown fields when asked', () => {
    const result = validateBody(ROLE, { name: 'Ops', type: 1, isAdmin: true, functions: [{ id: 9, hack: 1 }] }, { unknownFields: 'remove' });
    expect(result).toEqual({ ok: true, value: { name: 'Ops', type: 1, functions: [{ id: 9 }] } });
  });

  it('keeps unknown fields with allow, as the form validator does', () => {
    expect(validateBody(ROLE, { name: 'Ops', type: 1, extra: 1 }, { unknownFields: 'allow' })).toEqual({ ok: true, value: { name: 'Ops', type: 1, extra: 1 } });
    expect(createValidator(ROLE)({ name: 'Ops', type: 1, extra: 1 })).toEqual({});
  });

  it('answers field errors (the data of a code 1 answer) and does not coerce types', () => {
    expect(validateBody(ROLE, { name: 'x'.repeat(51), type: '1' })).toEqual({
      ok: false,
      errors: { name: { key: 'max', params: { length: 50 } }, type: { key: 'integer' } },
    });
    expect(validateBody(ROLE, null)).toEqual({ ok: false, errors: { '': { key: 'invalid' } } });
  });

  it('runs the rules and uses the given now', () => {
    const form: FormDeclaration = {
      schema: { type: 'object', properties: { from: { type: 'string' } } },
      rules: [{ if: { '!': { isAfterNow: [{ var: 'from' }, 0] } }, field: 'from', message: 'isAfterNow' }],
    };
    expect(validateBody(form, { from: '2025-01-01 00:00' }, { now: new Date('2025-01-02T00:00:00Z') })).toEqual({ ok: false, errors: { from: { key: 'isAfterNow' } } });
    expect(validateBody(form, { from: '2025-01-03 00:00' }, { now: new Date('2025-01-02T00:00:00Z') }).ok).toBe(true);
  });

  it('resolves named $refs through resolveRef', () => {
    const form: FormDeclaration = { schema: { type: 'object', properties: { type: { $ref: 'enum:RoleType' } } } };
    const resolveRef = (ref: string) => (ref === 'enum:RoleType' ? { type: 'integer', enum: [1, 2] } : undefined);
    expect(validateBody(form, { type: 3 }, { resolveRef })).toEqual({ ok: false, errors: { type: { key: 'oneOf' } } });
    expect(validateBody(form, { type: 1 }, { resolveRef }).ok).toBe(true);
  });
});

describe('x-phone without a usable country code', () => {
  it('flags only the country field', () => {
    const v = createValidator({
      schema: {
        type: 'object',
        required: ['phoneCountryCode', 'phone'],
        properties: { phoneCountryCode: { type: 'string', format: 'phoneCountryCode' }, phone: { type: 'string', 'x-phone': true } },
      },
    });
    expect(v({ phone: '0912345678' })).toEqual({ phoneCountryCode: { key: 'required' } });
    expect(v({ phoneCountryCode: '886', phone: 'null' })).toEqual({ phone: { key: 'required' } });
  });
});

describe('dates', () => {
  it('reads zoned instants, wall-clock times at an offset, and rejects impossible dates', () => {
    expect(toInstant('2025-01-01T08:00:00+08:00')).toBe(Date.UTC(2025, 0, 1));
    expect(toInstant('2025/01/01 08:00', 480)).toBe(Date.UTC(2025, 0, 1));
    expect(toInstant('2025-01-01', 0)).toBe(Date.UTC(2025, 0, 1));
    expect(toInstant('2025-02-30 10:00')).toBeNull();
    expect(toInstant('2025-01-01 24:00')).toBeNull();
    expect(toInstant('')).toBeNull();
    expect(toInstant(undefined)).toBeNull();
  });
});

describe('extendAjv', () => {
  it('teaches the form renderer (RJSF validator) the formats and x- keywords', () => {
    const validator = customizeValidator({ extenderFn: extendAjv });
    const schema = { type: 'object', properties: { code: { type: 'string', 'x-length': 4 }, tag: { type: 'string', format: 'alpha_dash' } } } as const;
    expect(validator.isValid(schema as never, { code: 'abcd', tag: 'a-b' }, schema as never)).toBe(true);
    expect(validator.isValid(schema as never, { code: 'abc', tag: 'a b' }, schema as never)).toBe(false);
  });
});

describe('docs/validation.md', () => {
  const doc = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(`{${m[1]}}`) as Record<string, unknown>);

  it('has examples that compile', () => {
    expect(blocks.length).toBe(2);
    const [uploads, withRules] = blocks;
    expect(() => createValidator({ schema: { type: 'object', properties: uploads } })).not.toThrow();
    expect(() => createValidator({ schema: { type: 'object' }, rules: withRules.rules as FormDeclaration['rules'] })).not.toThrow();
  });

  it('has table examples that compile', () => {
    let checked = 0;
    for (const m of doc.matchAll(/^\| [^|]+ \| [^|]+ \| (.+) \|$/gm)) {
      for (const code of m[1].matchAll(/`(\{[^`]*\}|"[^`]*)`/g)) {
        const fragment = code[1].startsWith('"');
        const text = fragment ? `{${code[1]}}` : code[1];
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(text);
        } catch {
          continue; // prose in backticks
        }
        checked++;
        const form =
          'field' in parsed
            ? { schema: { type: 'object' }, rules: [parsed] }
            : { schema: fragment && !('required' in parsed) ? { type: 'object', properties: parsed } : fragment ? { type: 'object', ...parsed } : { type: 'object', properties: { x: parsed } } };
        expect(() => createValidator(form as FormDeclaration), text).not.toThrow();
      }
    }
    expect(checked).toBeGreaterThan(35);
  });
});

describe('input every value obeys (input.ts)', () => {
  const form: FormDeclaration = {
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 50 },
        names: { type: 'object', additionalProperties: { type: 'string' } },
        count: { type: 'integer' },
        size: { type: 'integer', minimum: 0, maximum: 10_000_000_000 },
        ratio: { type: 'number' },
      },
    },
  };

  it('refuses NUL and lone surrogates in strings and keys, at any depth, also in the browser', () => {
    const check = createValidator(form);
    expect(check({ name: 'a\u0000b' })).toEqual({ name: { key: 'invalid' } });
    expect(check({ names: { en: 'x\ud800', zh_TW: '\udc00y', zh_CN: '\ud83d\ude00' } })).toEqual({ 'names.en': { key: 'invalid' }, 'names.zh_TW': { key: 'invalid' } });
    expect(validateBody(form, { names: { 'e\u0000n': 'x' } })).toEqual({ ok: false, errors: { 'names.e\u0000n': { key: 'invalid' } } });
    expect(check({ name: 'ok 😀 中文' })).toEqual({});
  });

  it('refuses non-finite numbers and integers past the database range unless the schema bounds them', () => {
    const check = createValidator(form);
    expect(check({ count: Infinity, ratio: -Infinity })).toEqual({ count: { key: 'invalid' }, ratio: { key: 'invalid' } });
    expect(check({ count: 2_147_483_648 })).toEqual({ count: { key: 'max_value', params: { max: 2_147_483_647 } } });
    expect(check({ count: -2_147_483_649 })).toEqual({ count: { key: 'min_value', params: { min: -2_147_483_648 } } });
    expect(check({ count: 2_147_483_647, size: 9_000_000_000, ratio: 1e300 })).toEqual({});
  });
});
