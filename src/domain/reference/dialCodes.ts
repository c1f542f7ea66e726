/**
 * Dial codes and country locations of the config, from libphonenumber-js's country list with
 * names from Intl.DisplayNames (zh-Hant-TW, zh-Hans-CN, en; the ISO code when Intl lacks one).
 * Countries sort with the priority TW, CN, CN-91, SG, US (SPEC.md section 9), the rest by
 * their localized name.
 */
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/mobile';
import type { DialCode, Location } from '../api';
import { DEFAULT_LANG, LANGS, pickName, type Lang, type Names } from '../lang';

export const COUNTRY_PRIORITY: readonly string[] = ['TW', 'CN', 'CN-91', 'SG', 'US'];

/** The BCP 47 locale of each interface language. */
export const INTL_LOCALES: Record<Lang, string> = { zh_TW: 'zh-Hant-TW', zh_CN: 'zh-Hans-CN', en: 'en' };

function regionNamer(lang: Lang): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([INTL_LOCALES[lang]], { type: 'region', fallback: 'code' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) || code;
    } catch {
      return code;
    }
  };
}

/** The localized names of an ISO 3166 alpha-2 region. */
export function countryNames(countryCode: string): Required<Names> {
  return Object.fromEntries(LANGS.map((l) => [l, namers()[l](countryCode)])) as Required<Names>;
}

let namerCache: Record<Lang, (code: string) => string> | undefined;
function namers(): Record<Lang, (code: string) => string> {
  namerCache ??= { zh_TW: regionNamer('zh_TW'), zh_CN: regionNamer('zh_CN'), en: regionNamer('en') };
  return namerCache;
}

/**
 * Priority countries first (in COUNTRY_PRIORITY order, those present), then the rest by
 * name in `lang` (ISO code when an item has no names). Returns a new array.
 */
export function sortByCountryPriority<T extends { countryCode: string; names?: Names }>(
  list: readonly T[],
  lang: Lang = DEFAULT_LANG,
): T[] {
  const collator = new Intl.Collator(INTL_LOCALES[lang]);
  const rank = (c: string) => {
    const i = COUNTRY_PRIORITY.indexOf(c);
    return i < 0 ? COUNTRY_PRIORITY.length : i;
  };
  const label = (item: T) => pickName(item.names, lang) || item.countryCode;
  return [...list].sort(
    (a, b) =>
      rank(a.countryCode) - rank(b.countryCode) ||
      collator.compare(label(a), label(b)) ||
      a.countryCode.localeCompare(b.countryCode),
  );
}

let dialCodeCache: DialCode[] | undefined;

/** One dial code per country, sorted for `lang` (priority countries first). */
export function buildDialCodes(lang: Lang = DEFAULT_LANG): DialCode[] {
  dialCodeCache ??= getCountries().map((countryCode) => ({
    code: String(getCountryCallingCode(countryCode)),
    countryCode,
    names: countryNames(countryCode),
  }));
  return sortByCountryPriority(dialCodeCache, lang).map((d) => ({ ...d, names: { ...d.names } }));
}

/**
 * A country's location id, derived from its ISO code so it never moves when the country list
 * grows: (first letter - 'A') * 26 + (second letter - 'A') + 1, i.e. 'AA' 1 ... 'TW' 517 ... 'ZZ' 676.
 */
export function countryLocationId(countryCode: string): number {
  const [a, b] = countryCode.toUpperCase();
  return (a.charCodeAt(0) - 65) * 26 + (b.charCodeAt(0) - 65) + 1;
}

/** Countries as top-level locations: parentId null, name the ISO code, ordered by ISO code. */
export function buildLocations(): Location[] {
  return [...getCountries()]
    .sort()
    .map((code) => ({ id: countryLocationId(code), parentId: null, name: code, names: countryNames(code) }));
}
