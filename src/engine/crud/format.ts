/**
 * Cell texts of list columns: enum labels (`enums.<Name>.<value>`), times in local time
 * (YYYY/MM/DD HH:mm, SPEC.md section 9), dates, booleans, numbers, multilingual names with
 * the fallback order, lists, language codes by their names, progress percentages. Pure (t and the language are passed in).
 */
import dayjs from 'dayjs';
import type { ColumnDeclaration } from '../../domain/declarations';
import { FLAG_ENUMS, isEnumName, splitFlags } from '../../domain/enums';
import { pickName, type Lang, type Names } from '../../domain/lang';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/limits';
import type { Translate } from './schemaForm';

const INTL: Record<Lang, string> = { zh_TW: 'zh-TW', zh_CN: 'zh-CN', en: 'en-US' };

export const EMPTY_CELL = '—';

export function formatDateTime(value: unknown, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(format) : String(value);
}

/** The values a cell of an enum column holds: a list, the bits of a flag enum, or the value. */
export function enumValuesOf(name: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isEnumName(name) && FLAG_ENUMS.includes(name) && typeof value === 'number') return splitFlags(name, value);
  return [value];
}

/** The text of a cell; '' for an empty value. */
export function formatCell(column: Pick<ColumnDeclaration, 'format' | 'enum'>, value: unknown, t: Translate, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.enum) {
    const one = (v: unknown) => t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) });
    return enumValuesOf(column.enum, value).map(one).join(', ');
  }
  switch (column.format) {
    case 'lang':
      return typeof value === 'string' ? t(`lang.${value}`, { defaultValue: value }) : String(value);
    case 'datetime':
      return formatDateTime(value);
    case 'date':
      return formatDateTime(value, DATE_FORMAT);
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
      return String(value);
  }
}
