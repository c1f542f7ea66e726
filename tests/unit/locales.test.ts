import { describe, it, expect } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors';
import { LANGS } from '../../src/domain/lang';
import enErrors from '../../src/locales/en/errors';
import zhTWErrors from '../../src/locales/zh_TW/errors';
import zhCNErrors from '../../src/locales/zh_CN/errors';
import { VALIDATION_KEYS } from '../../src/domain/validation';
import enValidation from '../../src/locales/en/validation';
import zhTWValidation from '../../src/locales/zh_TW/validation';
import zhCNValidation from '../../src/locales/zh_CN/validation';

const ERRORS = { zh_TW: zhTWErrors, zh_CN: zhCNErrors, en: enErrors };
const VALIDATION = { zh_TW: zhTWValidation, zh_CN: zhCNValidation, en: enValidation };
const CLIENT_ERROR_KEYS = ['unknown', 'sessionTimeout', 'http', 'rateLimited', 'network'];

// Generic rules of SPEC.md section 5 plus the rule keys the domain rules answer.


const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('error texts', () => {
  it.each(LANGS)('%s has a non-empty text for every catalogue code and client failure', (lang) => {
    const table = ERRORS[lang];
    for (const code of ERROR_CODES) expect(table[String(code)], `${lang} ${code}`).toMatch(/\S/);
    for (const key of CLIENT_ERROR_KEYS) expect(table[key], `${lang} ${key}`).toMatch(/\S/);
  });

  it('has no keys beyond the catalogue and client failures', () => {
    const expected = [...ERROR_CODES.map(String), ...CLIENT_ERROR_KEYS].sort();
    for (const lang of LANGS) expect(Object.keys(ERRORS[lang]).sort()).toEqual(expected);
  });

  it('gives each code its own message within a language (8131 and 10 may share)', () => {
    for (const lang of LANGS) {
      const seen = new Map<string, string>();
      for (const code of ERROR_CODES) {
        if (code === 8131) continue;
        const text = ERRORS[lang][String(code)];
        expect(seen.get(text), `${lang} ${code} repeats ${seen.get(text)}`).toBeUndefined();
        seen.set(text, String(code));
      }
    }
  });

  it('says locked or disabled for code 13 and interpolates the http status', () => {
    expect(enErrors['13']).toMatch(/locked or disabled/i);
    for (const lang of LANGS) expect(placeholders(ERRORS[lang].http)).toEqual(['status']);
  });

  it('writes Traditional and Simplified Chinese in their own scripts', () => {
    // Characters that differ between the scripts, each side's own.
    const traditionalOnly = /[錯誤資無碼記錄設類應與廠線據於產數圖檔]/;
    const simplifiedOnly = /[错误资无码记录设类应与厂线据产数图档]/;
    const all = (o: Record<string, string>) => Object.values(o).join('');
    expect(all(zhTWErrors) + all(zhTWValidation)).not.toMatch(simplifiedOnly);
    expect(all(zhCNErrors) + all(zhCNValidation)).not.toMatch(traditionalOnly);
  });
});

describe('validation texts', () => {
  it.each(LANGS)('%s has exactly the validation key set', (lang) => {
    // Every key the validator emits, plus the form-level 'invalidForm' dialog text and its
    // 'invalidFields' line naming the fields.
    // English adds i18next's `_one` forms of counted texts (the bare key is the plural).
    const keys = Object.keys(VALIDATION[lang]);
    expect(keys.filter((k) => !k.endsWith('_one')).sort()).toEqual([...VALIDATION_KEYS, 'invalidForm', 'invalidFields'].sort());
    for (const k of keys.filter((k) => k.endsWith('_one'))) expect(keys, `${lang} ${k}`).toContain(k.slice(0, -4));
    for (const v of Object.values(VALIDATION[lang])) expect(v).toMatch(/\S/);
  });

  it('uses the same interpolation params in every language', () => {
    for (const key of VALIDATION_KEYS) {
      const en = placeholders(enValidation[key]);
      expect(placeholders(zhTWValidation[key]), key).toEqual(en);
      expect(placeholders(zhCNValidation[key]), key).toEqual(en);
    }
    expect(placeholders(enValidation.between)).toEqual(['max', 'min']);
    expect(placeholders(enValidation.dimensions)).toEqual(['height', 'width']);
    expect(placeholders(enValidation.size)).toEqual(['size']);
    expect(placeholders(enValidation.max)).toEqual(['length']);
  });
});

describe('counted texts (issue 12: "1 items in total")', () => {
  /** English texts with {{count}} whose words never change with the number (no counted noun after it). */
  const NO_NOUN = new Set([
    'tags.count', 'screens.crud.importMore', 'screens.crud.moreChips', 'screens.crud.selectedCount', 'validation.prizeCount',
  ]);
  const flatten = (o: Record<string, unknown>, prefix = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : []));

  it('every English text counting something has its singular form (i18next plurals), so 1 never reads "1 items"', async () => {
    const { resources } = await import('../../src/locales');
    const texts = new Map(flatten(resources.en.translation));
    const missing = [...texts]
      .filter(([key, text]) => text.includes('{{count}}') && !key.endsWith('_one') && !NO_NOUN.has(key) && !texts.has(`${key}_one`))
      .map(([key, text]) => `${key}: ${text}`);
    expect(missing).toEqual([]);
  });
});
