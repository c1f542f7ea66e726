/**
 * The marketing names rule (issue 24): the screens' declarations (category, product, brand
 * product) require the names in the tenant's default language with one rule (`$defaultLanguage`,
 * code 6403). The browser's form runs it through createValidator with the session's tenant
 * config; the server's routes through codeRuleFailure with the tenant's row: the same rule.
 */
import { describe, expect, it } from 'vitest';
import { declaration, resolveForm } from '../../src/domain/declarations';
import { codeRuleFailure, createValidator, validateBody } from '../../src/domain/validation/index';

const IDS = ['marketing.product-category', 'marketing.product', 'marketing.brand-product'];

describe('names in the default language (6403), one rule for the form and the body', () => {
  for (const id of IDS) {
    const form = resolveForm(declaration(id).form!);
    it(`${id}: the form asks for the tenant's default language, not always zh_TW`, () => {
      const validate = createValidator(form);
      expect(validate({ names: { en: 'Cups' } }, { defaultLanguage: 'zh_TW' }).names).toEqual({ key: 'defaultLanguageMissing' });
      expect(validate({ names: { en: 'Cups' } }, { defaultLanguage: 'en' }).names).toBeUndefined();
      expect(validate({ names: { zh_CN: '杯具' } }, { defaultLanguage: 'zh_CN' }).names).toBeUndefined();
      expect(validate({ names: { zh_TW: '杯具' } }, { defaultLanguage: 'zh_CN' }).names).toEqual({ key: 'defaultLanguageMissing' });
      // Without a context (no tenant config yet): the platform's default, zh_TW.
      expect(validate({ names: { en: 'Cups' } }).names).toEqual({ key: 'defaultLanguageMissing' });
    });

    it(`${id}: the server answers the rule's code, the body check leaves it to the route`, () => {
      expect(codeRuleFailure(form, { names: { en: 'Cups' } }, { defaultLanguage: 'zh_TW' })).toEqual({ code: 6403, path: 'names', key: 'defaultLanguageMissing' });
      expect(codeRuleFailure(form, { names: { en: 'Cups' } }, { defaultLanguage: 'en' })).toBeNull();
      const body = validateBody(form, { names: { en: 'Cups' } }, { unknownFields: 'allow' });
      expect(body.ok || !('names' in body.errors)).toBe(true);
    });
  }
});
