/**
 * A generated form declaration of 100 fields of mixed kinds, as a screen would declare it
 * (src/schemas/*.json shape: `{ schema, uiSchema, rules }`), with one valid and one invalid
 * body. Deterministic: every run benchmarks the same declaration.
 *
 * Fields: 94 cycle through ten kinds (text with min/max length, email, alpha_dash code,
 * bounded integer, x-enum UserStatus, url, date, decimal with x-integerDecimal, x-digits,
 * pattern), plus a phone pair (phoneCountryCode + x-phone), a date pair checked by a
 * json-logic `fromTo` rule, and a `kind`/`invoice` pair with a `required_if` rule.
 * Every third field of the cycle is required.
 */
import type { FormDeclarationJson } from '../src/domain/declarations';

type Node = Record<string, unknown>;

export const FIELD_COUNT = 100;
const CYCLE_FIELDS = FIELD_COUNT - 6;

const KINDS = ['text', 'email', 'code', 'int', 'enum', 'url', 'date', 'amount', 'digits', 'pattern'] as const;
type Kind = (typeof KINDS)[number];

function fieldSchema(kind: Kind, i: number): Node {
  const title = `Field ${i} (${kind})`;
  switch (kind) {
    case 'text': return { type: 'string', title, minLength: 2, maxLength: 50 };
    case 'email': return { type: 'string', title, format: 'email', maxLength: 100 };
    case 'code': return { type: 'string', title, format: 'alpha_dash', minLength: 3, maxLength: 30 };
    case 'int': return { type: 'integer', title, minimum: 0, maximum: 1000 };
    case 'enum': return { type: 'integer', title, 'x-enum': 'UserStatus' };
    case 'url': return { type: 'string', title, format: 'url', maxLength: 200 };
    case 'date': return { type: 'string', title, format: 'date' };
    case 'amount': return { type: 'number', title, minimum: 0, 'x-integerDecimal': { integer: 8, decimal: 2 } };
    case 'digits': return { type: 'string', title, 'x-digits': 6 };
    case 'pattern': return { type: 'string', title, pattern: '^[A-Z]{2}\\d{3}$' };
  }
}

function validValue(kind: Kind, i: number): unknown {
  switch (kind) {
    case 'text': return `Name ${i}`;
    case 'email': return `user${i}@example.com`;
    case 'code': return `code_${i}`;
    case 'int': return (i * 7) % 1000;
    case 'enum': return 1 + (i % 3);
    case 'url': return `https://example.com/items/${i}`;
    case 'date': return `2025-0${1 + (i % 9)}-1${i % 10}`;
    case 'amount': return 100 + i + 0.25;
    case 'digits': return String(100000 + i);
    case 'pattern': return `AB${String(100 + i).slice(-3)}`;
  }
}

function invalidValue(kind: Kind, i: number): unknown {
  switch (kind) {
    case 'text': return 'x';
    case 'email': return `user${i}-at-example.com`;
    case 'code': return 'a b';
    case 'int': return 5000 + i;
    case 'enum': return 9;
    case 'url': return `ftp://example.com/${i}`;
    case 'date': return '2025-13-45';
    case 'amount': return 1.234;
    case 'digits': return '12345';
    case 'pattern': return 'ab123';
  }
}

const fieldName = (i: number) => `f${String(i).padStart(2, '0')}`;
const kindOf = (i: number): Kind => KINDS[i % KINDS.length];

/** A fresh declaration object (the validator caches per object: a new one compiles again). */
export function makeDeclaration(): FormDeclarationJson {
  const properties: Node = {};
  const required: string[] = [];
  const uiSchema: Node = {};
  for (let i = 0; i < CYCLE_FIELDS; i++) {
    properties[fieldName(i)] = fieldSchema(kindOf(i), i);
    if (i % 3 === 0) required.push(fieldName(i));
    if (kindOf(i) === 'date') uiSchema[fieldName(i)] = { 'ui:widget': 'date' };
  }
  Object.assign(properties, {
    phoneCountryCode: { type: 'string', title: 'Calling code', maxLength: 6, format: 'phoneCountryCode' },
    phone: { type: 'string', title: 'Mobile', maxLength: 15, 'x-phone': { countryField: 'phoneCountryCode' } },
    startDate: { type: 'string', title: 'Start', format: 'date' },
    endDate: { type: 'string', title: 'End', format: 'date' },
    kind: { type: 'integer', title: 'Kind', 'x-enum': 'RoleType' },
    invoice: { type: 'string', title: 'Invoice', maxLength: 30 },
  });
  required.push('startDate', 'endDate', 'kind');
  Object.assign(uiSchema, {
    phoneCountryCode: { 'ui:widget': 'dialCode' },
    phone: { 'ui:widget': 'phone' },
    startDate: { 'ui:widget': 'date' },
    endDate: { 'ui:widget': 'date' },
  });
  return {
    schema: { type: 'object', required, properties },
    uiSchema,
    rules: [
      { if: { '!': { fromTo: [{ var: 'startDate' }, { var: 'endDate' }] } }, field: 'endDate', message: 'fromToDatetime' },
      { required_if: { '==': [{ var: 'kind' }, 2] }, field: 'invoice' },
      { if: { and: [{ var: 'phone' }, { '!': { var: 'phoneCountryCode' } }] }, field: 'phoneCountryCode', message: 'required' },
    ] as FormDeclarationJson['rules'],
  };
}

/** A body every rule accepts. */
export function validBody(): Node {
  const body: Node = {};
  for (let i = 0; i < CYCLE_FIELDS; i++) body[fieldName(i)] = validValue(kindOf(i), i);
  return { ...body, phoneCountryCode: '886', phone: '0912345678', startDate: '2025-01-01', endDate: '2025-12-31', kind: 2, invoice: 'INV-001' };
}

/**
 * A body with about half the fields wrong: every even cycle field, a landline where a mobile
 * is required, an end before the start, and kind 2 without the invoice it requires.
 */
export function invalidBody(): Node {
  const body: Node = {};
  for (let i = 0; i < CYCLE_FIELDS; i++) body[fieldName(i)] = i % 2 === 0 ? invalidValue(kindOf(i), i) : validValue(kindOf(i), i);
  return { ...body, phoneCountryCode: '886', phone: '0223456789', startDate: '2025-12-31', endDate: '2025-01-01', kind: 2 };
}

/** The uiSchema without the project's widget names (for plain RJSF, which does not know them). */
export function plainUiSchema(decl: FormDeclarationJson): Node {
  const ui: Node = {};
  for (const [k, v] of Object.entries(decl.uiSchema ?? {})) {
    const widget = (v as Node)['ui:widget'];
    if (widget === 'date') ui[k] = { 'ui:widget': 'date' }; // RJSF's own date input
  }
  return ui;
}
