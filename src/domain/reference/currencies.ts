/** The config's currencies (ISO 4217), with names in every interface language. */
import type { Currency } from '../api';

/** [code, zh_TW, zh_CN, en] */
const ROWS: [string, string, string, string][] = [
  ['TWD', '新臺幣', '新台币', 'New Taiwan Dollar'],
  ['CNY', '人民幣', '人民币', 'Chinese Yuan'],
  ['HKD', '港幣', '港币', 'Hong Kong Dollar'],
  ['MOP', '澳門幣', '澳门元', 'Macanese Pataca'],
  ['USD', '美元', '美元', 'US Dollar'],
  ['JPY', '日圓', '日元', 'Japanese Yen'],
  ['KRW', '韓元', '韩元', 'South Korean Won'],
  ['SGD', '新加坡幣', '新加坡元', 'Singapore Dollar'],
  ['MYR', '馬來西亞令吉', '马来西亚林吉特', 'Malaysian Ringgit'],
  ['THB', '泰銖', '泰铢', 'Thai Baht'],
  ['VND', '越南盾', '越南盾', 'Vietnamese Dong'],
  ['PHP', '菲律賓披索', '菲律宾比索', 'Philippine Peso'],
  ['IDR', '印尼盾', '印尼盾', 'Indonesian Rupiah'],
  ['EUR', '歐元', '欧元', 'Euro'],
  ['GBP', '英鎊', '英镑', 'British Pound'],
  ['AUD', '澳幣', '澳元', 'Australian Dollar'],
  ['NZD', '紐西蘭幣', '新西兰元', 'New Zealand Dollar'],
  ['CAD', '加拿大幣', '加拿大元', 'Canadian Dollar'],
];

export const CURRENCIES: Currency[] = ROWS.map(([code, zh_TW, zh_CN, en]) => ({ code, names: { zh_TW, zh_CN, en } }));

/** The preview's demo price currency (SPEC.md section 2). */
export const DEFAULT_CURRENCY = 'TWD';

export function currencyByCode(code: string | null | undefined): Currency | undefined {
  return code ? CURRENCIES.find((c) => c.code === code.toUpperCase()) : undefined;
}
