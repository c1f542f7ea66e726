/**
 * The back-office marketing API's bodies (issue 13, SPEC 3 "Marketing entities", 7 marketing
 * rows): JSON schemas checked by the shared validator on the server (400 code 1 with the
 * fields) and usable by the screens' declarations, plus the image rules (SPEC 5 images).
 * Field names follow SPEC; where SPEC is silent they follow src/domain/marketing/page.ts.
 *
 * Images are addresses of uploads (`/files/<key>`, POST /v1/Files) in JSON bodies; banner and
 * marketing product writes also take multipart/form-data (SPEC 7 "form data"), where a file
 * part named like the field (`images.small`, `images.large`, `image`) replaces the address.
 */
import type { FileRule } from '../validation/files';
import { LayoutColor } from '../enums';

/** SPEC 5 images: banners exactly 600x150 and 660x352; logo 162x38; every image up to 2 MB. */
export const MARKETING_IMAGE_RULES = {
  bannerSmall: { kind: 'image', maxMB: 2, width: 600, height: 150 },
  bannerLarge: { kind: 'image', maxMB: 2, width: 660, height: 352 },
  logo: { kind: 'image', maxMB: 2, width: 162, height: 38 },
  /** Product, popular product, map and platform icon images: any size up to 2 MB. */
  image: { kind: 'image', maxMB: 2 },
} as const satisfies Record<string, FileRule & { kind: 'image' }>;

/** SPEC 9: at most 4 more-info links in the contact info. */
export const MORE_INFO_MAX = 4;
/** Platforms of the contact info (one per MarketingPlatform at most, 7 kinds). */
export const PLATFORMS_MAX = 7;
/** Highest safe scan count a layout may set. */
export const SAFE_SCAN_COUNT_MAX = 100_000;

type Node = Record<string, unknown>;

const text = (max: number, title?: string): Node => ({ type: 'string', maxLength: max, ...(title ? { title } : {}) });
const names = (max: number): Node => ({
  type: 'object',
  additionalProperties: false,
  properties: { zh_TW: text(max), zh_CN: text(max), en: text(max) },
});
const image = (rule: FileRule): Node => ({ type: 'string', maxLength: 500, 'x-file': rule });
const dateTime: Node = { type: 'string', format: 'date-time' };
const timezoneId: Node = { type: 'integer', minimum: 1, default: 103 };

/** One layout (current or coming soon). */
export const LAYOUT_SCHEMA: Node = {
  type: 'object',
  required: ['layout', 'colorCode', 'navigatorFunctions', 'queryPageFunctions'],
  additionalProperties: false,
  properties: {
    layout: { type: 'integer', 'x-enum': 'PageLayout', enum: [1, 2, 4], default: 1 },
    colorCode: { type: 'string', enum: Object.values(LayoutColor), default: LayoutColor.Red },
    logoUrl: { ...image(MARKETING_IMAGE_RULES.logo), type: ['string', 'null'] },
    navigatorFunctions: { type: 'integer', minimum: 0, maximum: 7, default: 7 },
    queryPageFunctions: { type: 'integer', minimum: 0, maximum: 15, default: 15 },
    scanGeneralMessage: text(500),
    scanExceptionMessage: text(500),
    privacyInfo: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        title: text(100),
        content: text(20_000),
        version: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        force: { type: 'boolean' },
      },
    },
    copyright: text(200),
    safeScanCount: { type: 'integer', minimum: 1, maximum: SAFE_SCAN_COUNT_MAX, default: 10 },
    /** Coming soon only (required there). */
    effectiveDate: dateTime,
    timezoneId,
  },
};

/** POST marketing/layout: the layout info as GET answers it (comingSoon null: none). */
export const LAYOUT_FORM = {
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      current: LAYOUT_SCHEMA,
      comingSoon: { ...LAYOUT_SCHEMA, type: ['object', 'null'] },
    },
  },
};

/** POST marketing/layout/updateTitleDisplayName. */
export const TITLE_DISPLAY_NAME_FORM = {
  schema: { type: 'object', required: ['names'], additionalProperties: false, properties: { names: names(100) } },
};

/** POST marketing/product/brand: the product info of brand product `id`. */
export const BRAND_PRODUCT_FORM = {
  schema: {
    type: 'object',
    required: ['id', 'currency', 'price', 'qualification'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, description: 'the brand product (Product/brandProduct)' },
      enable: { type: 'boolean', default: true },
      currency: { type: 'string', minLength: 3, maxLength: 3 },
      price: { type: 'number', minimum: 0, maximum: 9_999_999_999, 'x-integerDecimal': { integer: 10, decimal: 2 } },
      names: names(100),
      firstPage: { type: 'integer', minimum: 0, maximum: 15, default: 0 },
      qualification: { type: 'integer', 'x-enum': 'BrandProductQualification', enum: [1, 2, 3] },
    },
  },
};

/** POST marketing/banner (JSON or multipart): `id` present edits. */
export const BANNER_FORM = {
  schema: {
    type: 'object',
    required: ['productId', 'from', 'to', 'timezoneId', 'images'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1 },
      productId: { type: 'integer', minimum: 1, description: 'a brand product completed in product info' },
      from: dateTime,
      to: dateTime,
      timezoneId,
      images: {
        type: 'object',
        required: ['small', 'large'],
        additionalProperties: false,
        properties: { small: image(MARKETING_IMAGE_RULES.bannerSmall), large: image(MARKETING_IMAGE_RULES.bannerLarge) },
      },
    },
  },
};

/** POST marketing/product (JSON or multipart): `id` present edits. */
export const PRODUCT_FORM = {
  schema: {
    type: 'object',
    required: ['names', 'categoryId'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1 },
      names: names(100),
      categoryId: { type: 'integer', minimum: 1 },
      image: { ...image(MARKETING_IMAGE_RULES.image), type: ['string', 'null'] },
      enable: { type: 'boolean', default: true },
    },
  },
};

/** POST marketing/product/popular: `id` present edits. */
export const POPULAR_FORM = {
  schema: {
    type: 'object',
    required: ['productId', 'from', 'to', 'timezoneId'],
    properties: {
      productId: { type: 'integer', minimum: 1 },
      from: dateTime,
      to: dateTime,
      timezoneId,
      names: names(100),
      price: { type: ['number', 'null'], minimum: 0, maximum: 9_999_999_999 },
      currency: { type: ['string', 'null'], minLength: 3, maxLength: 3 },
      url: { type: ['string', 'null'], maxLength: 500, format: 'url' },
      image: { ...image(MARKETING_IMAGE_RULES.image), type: ['string', 'null'] },
    },
  },
};

const optText = (max: number): Node => ({ type: ['string', 'null'], maxLength: max });

/** POST marketing/contact-info: the whole contact info of the tenant. */
export const CONTACT_FORM = {
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      company: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: text(100),
          mapImage: { ...image(MARKETING_IMAGE_RULES.image), type: ['string', 'null'] },
          phone: { type: ['string', 'null'], maxLength: 15, pattern: '^[0-9]*$' },
          phoneCountryCode: optText(8),
          fax: { type: ['string', 'null'], maxLength: 15, pattern: '^[0-9]*$' },
          faxCountryCode: optText(8),
          addr: optText(200),
          businessHours: optText(200),
          subsidiaries: optText(1000),
        },
      },
      moreInfo: {
        type: 'array',
        maxItems: MORE_INFO_MAX,
        items: {
          type: 'object',
          required: ['name', 'url'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 50 }, url: { type: 'string', minLength: 1, maxLength: 500, format: 'url' } },
        },
      },
      platforms: {
        type: 'array',
        maxItems: PLATFORMS_MAX,
        items: {
          type: 'object',
          required: ['type', 'url'],
          additionalProperties: false,
          properties: {
            type: { type: 'integer', 'x-enum': 'MarketingPlatform', enum: [1, 2, 3, 4, 5, 6, 7] },
            // http(s) or the platform's own scheme (./links.ts), as the form's field.
            url: { type: 'string', minLength: 1, maxLength: 500, 'x-platformUrl': { typeField: 'type' } },
            priority: { type: 'integer', minimum: 0, maximum: 1000 },
            iconImage: { ...image(MARKETING_IMAGE_RULES.image), type: ['string', 'null'] },
          },
        },
      },
    },
  },
};
