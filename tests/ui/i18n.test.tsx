import { describe, expect, it } from 'vitest';
import { createI18n, LANG_STORAGE_KEY, setLang } from '../../src/engine/i18n/i18n';

describe('interface language', () => {
  it('defaults to zh_TW', () => {
    const i18n = createI18n('');
    expect(i18n.language).toBe('zh_TW');
    expect(i18n.t('app.title')).toBe('一物一碼管理系統');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });

  it('?lang= switches the language and keeps it', () => {
    const i18n = createI18n('?code=demo&lang=en');
    expect(i18n.t('app.title')).toBe('One Item One Code Management System');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // A later page without the query stays in English.
    expect(createI18n('').language).toBe('en');
  });

  it('ignores unknown languages and follows the selector', () => {
    const i18n = createI18n('?lang=fr');
    expect(i18n.language).toBe('zh_TW');
    setLang(i18n, 'zh_CN');
    expect(i18n.t('app.title')).toBe('一物一码管理系统');
    expect(document.documentElement.lang).toBe('zh-Hans-CN');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('zh_CN');
  });

  it('has the same interface keys in every language', async () => {
    const { resources } = await import('../../src/locales');
    const keys = (o: unknown, prefix = ''): string[] =>
      o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
    const ui = (lang: 'zh_TW' | 'zh_CN' | 'en') => {
      const { errors: _e, validation: _v, ...rest } = resources[lang].translation;
      void _e;
      void _v;
      // i18next plural forms (English '_one') are one key: Chinese has no singular form.
      return [...new Set(keys(rest).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    };
    expect(ui('zh_CN')).toEqual(ui('zh_TW'));
    expect(ui('en')).toEqual(ui('zh_TW'));
  });
});
