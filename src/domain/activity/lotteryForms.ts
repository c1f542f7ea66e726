/**
 * The shapes of the lottery calls (JSON Schema: the server's body validation and the OpenAPI
 * document); the rules beyond shape are in lottery.ts.
 */
import { PRIZE_PICTURE_SIZE } from '../limits';
import type { FileRule } from '../validation/files';
import { FORM_FIELDS_MAX, FIELD_OPTIONS_MAX, PRIZES_MAX, PRIZE_AMOUNT_MAX } from './lottery';

export const LOTTERY_MENU_ID = 49;

/** SPEC 5 / 9: prize and lose-prize pictures are exactly 220 x 220, at most 2 MB. */
export const PRIZE_PICTURE_RULE: FileRule = { kind: 'image', maxMB: 2, ...PRIZE_PICTURE_SIZE };

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const packages = {
  type: 'array', maxItems: 200,
  items: {
    type: 'object', additionalProperties: false, required: ['productId', 'packageIds'],
    properties: { productId: id, packageIds: { type: 'array', items: id, maxItems: 1000, uniqueItems: true } },
  },
} as const;

export const PRIZE_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['name', 'probability', 'type'],
  properties: {
    id, name: text(50), shortName: text(20), picture: { type: ['string', 'null'], maxLength: 500 },
    probability: { type: 'number', minimum: 0, maximum: 100 }, type: { type: 'integer', enum: [0, 1] },
    expireType: { type: ['integer', 'null'], enum: [1, 2, null] }, expireDate: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    expireDays: { type: ['integer', 'null'], minimum: 1, maximum: 3650 },
    amount: { type: ['integer', 'null'], minimum: 0, maximum: PRIZE_AMOUNT_MAX }, serialImportId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    remaining: { type: 'integer' }, serialCount: { type: 'integer' },
    paymentInfo: {
      type: ['object', 'null'], additionalProperties: false,
      properties: { appId: text(100), appSecret: text(200), keyNumber: text(100), mchId: text(100), priceName: text(100) },
    },
  },
} as const;

export const FORM_FIELD_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['name', 'type'],
  properties: {
    id, name: text(50), type: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7, 9] },
    options: { type: 'array', items: text(50), maxItems: FIELD_OPTIONS_MAX }, required: { type: 'boolean' },
    sort: { type: 'integer', minimum: 0, maximum: 1000 }, condition: { type: ['integer', 'null'], enum: [1, 2, 3, null] },
  },
} as const;

export const LOTTERY_BODY_SCHEMA = {
  type: 'object', additionalProperties: false,
  required: ['templateId', 'name', 'qualificationType', 'from', 'to', 'timezoneId', 'memberOnly', 'exchangeType', 'payMethod', 'prizeInfo', 'exchangeForm'],
  properties: {
    id, draftId: id, templateId: id, name: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
    qualificationType: { type: 'integer', enum: [1, 2, 3] },
    qualificationProduct: { type: 'array', items: id, maxItems: 1000 },
    qualificationOrder: packages, qualificationShipment: packages,
    from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' }, timezoneId: { type: 'integer' },
    memberOnly: { type: 'boolean' }, enable: { type: 'boolean' },
    exchangeType: { type: 'integer', enum: [1, 2, 3, 4] }, payMethod: { type: 'integer', enum: [0, 1] },
    picture: { type: ['string', 'null'], maxLength: 500 },
    prizeInfo: { type: 'array', items: PRIZE_SCHEMA, maxItems: PRIZES_MAX + 1 },
    exchangeForm: { type: 'array', items: FORM_FIELD_SCHEMA, maxItems: FORM_FIELDS_MAX + 1 },
  },
} as const satisfies { required: readonly string[] } & Record<string, unknown>;

export const LOTTERY_REPORT_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['timezoneId', 'type'],
  properties: {
    activityId: id, activityIds: { type: 'array', items: id, maxItems: 100 }, timezoneId: { type: 'integer' },
    from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' },
    type: { type: 'integer', enum: [1, 2] }, showInfo: { type: 'boolean' }, language: { type: 'string', maxLength: 10 },
    // Only the records whose scanned code's product is this one (GET Report/SMYproductName).
    productId: id,
  },
} as const;
