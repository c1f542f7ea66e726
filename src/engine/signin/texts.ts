/**
 * The light sign-in page's texts: the same locale files as the full app (src/locales), read
 * without i18next. `text(lang, 'login.title')` walks the nested keys; `{{name}}` is filled.
 */
import type { Lang } from '../../domain/lang';
import zhTWUi from '../../locales/zh_TW/ui';
import zhTWErrors from '../../locales/zh_TW/errors';
import zhTWValidation from '../../locales/zh_TW/validation';
import zhCNUi from '../../locales/zh_CN/ui';
import zhCNErrors from '../../locales/zh_CN/errors';
import zhCNValidation from '../../locales/zh_CN/validation';
import enUi from '../../locales/en/ui';
import enErrors from '../../locales/en/errors';
import enValidation from '../../locales/en/validation';

const TEXTS: Record<Lang, Record<string, unknown>> = {
  zh_TW: { ...zhTWUi, errors: zhTWErrors, validation: zhTWValidation },
  zh_CN: { ...zhCNUi, errors: zhCNErrors, validation: zhCNValidation },
  en: { ...enUi, errors: enErrors, validation: enValidation },
};

/** The text at `key` in `lang`, or undefined when there is none. */
export function lookup(lang: Lang, key: string, params: Record<string, unknown> = {}): string | undefined {
  let node: unknown = TEXTS[lang];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function text(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return lookup(lang, key, params) ?? key;
}
