/**
 * Cell texts of list columns: enum labels (`enums.<Name>.<value>`), times by the one rule of
 * src/domain/datetime.ts (YYYY/MM/DD HH:mm, SPEC.md section 9: the row's zone when the column
 * names a `timezoneField`, else the user's, the zone named where it is not the user's), dates, booleans, numbers, multilingual names with
 * the fallback order, lists, language codes by their names, progress percentages. Pure (t and the language are passed in).
 */
import type { ColumnDeclaration } from './declarations';
import { FLAG_ENUMS, isEnumName, splitFlags } from './enums';
import { pickName, type Lang, type Names } from './lang';
import { shownName } from './seedNames';
import { zonedTimeText } from './datetime';
import { DATE_FORMAT } from './limits';
/** A translate function (i18next's t). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const INTL: Record<Lang, string> = { zh_TW: 'zh-TW', zh_CN: 'zh-CN', en: 'en-US' };

export const EMPTY_CELL = '—';


/** The values a cell of an enum column holds: a list, the bits of a flag enum, or the value. */
export function enumValuesOf(name: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isEnumName(name) && FLAG_ENUMS.includes(name) && typeof value === 'number') return splitFlags(name, value);
  return [value];
}

/** The text of a cell; '' for an empty value. `row` gives a datetime column its zone (`timezoneField`). */
export function formatCell(
  column: Pick<ColumnDeclaration, 'format' | 'enum' | 'timezoneField'>,
  value: unknown,
  t: Translate,
  lang: Lang,
  row?: Record<string, unknown>,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.enum) {
    const one = (v: unknown) => t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) });
    return enumValuesOf(column.enum, value).map(one).join(', ');
  }
  switch (column.format) {
    case 'lang':
      return typeof value === 'string' ? t(`lang.${value}`, { defaultValue: value }) : String(value);
    case 'datetime':
    case 'date': {
      const timezoneId = column.timezoneField ? row?.[column.timezoneField] : undefined;
      return zonedTimeText(value, { timezoneId, lang, ...(column.format === 'date' ? { format: DATE_FORMAT } : {}) });
    }
    case 'boolean':
      return t(value ? 'screens.crud.yes' : 'screens.crud.no');
    case 'number':
      return typeof value === 'number' ? value.toLocaleString(INTL[lang]) : String(value);
    case 'progress':
      return typeof value === 'number' ? `${Math.round(value)}%` : String(value);
    case 'names':
      return typeof value === 'object' ? pickName(value as Names, lang) : String(value);
    case 'list':
      return Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? pickName(v as Names, lang) : String(v))).join(', ') : String(value);
    default:
      if (typeof value === 'boolean') return t(value ? 'screens.crud.yes' : 'screens.crud.no');
      if (typeof value === 'object') return Array.isArray(value) ? value.join(', ') : pickName(value as Names, lang) || JSON.stringify(value);
      return typeof value === 'string' ? shownName(value, lang) : String(value);
  }
}
