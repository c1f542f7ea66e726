/**
 * Languages and per-language names as the modules take them from requests: `langOf` (a
 * query's `lang`, else the default zh_TW) and `cleanNames` (trimmed, empty languages dropped).
 */
import { DEFAULT_LANG, LANGS, isLang, type Names } from '../../src/domain/lang';

/** A language from a query parameter (default zh_TW). */
export const langOf = (v: unknown) => (isLang(v) ? v : DEFAULT_LANG);

/** Names with each text trimmed and the empty languages left out. */
export function cleanNames(names: Names | undefined): Names {
  const out: Names = {};
  for (const lang of LANGS) {
    const n = names?.[lang]?.trim();
    if (n) out[lang] = n;
  }
  return out;
}
