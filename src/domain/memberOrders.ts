/**
 * Member orders (issue 14, SPEC 4 "Member order status"): the status transitions, the CSV
 * status import's columns and values, and the order number. Written once for the server and
 * the screens.
 *
 * Transitions (SPEC is silent beyond 7301): Created -> Stocking | Canceled, Stocking ->
 * Shipped | Canceled; Shipped and Canceled are final. Setting the status an order already has
 * is no change (allowed, nothing written). A cancel gives the order's points back.
 */
import { MemberOrderStatus } from './enums';
import type { Lang } from './lang';
import { TIMEZONES } from './reference/timezones';

export type OrderStatus = (typeof MemberOrderStatus)[keyof typeof MemberOrderStatus];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [MemberOrderStatus.Created]: [MemberOrderStatus.Stocking, MemberOrderStatus.Canceled],
  [MemberOrderStatus.Stocking]: [MemberOrderStatus.Shipped, MemberOrderStatus.Canceled],
  [MemberOrderStatus.Shipped]: [],
  [MemberOrderStatus.Canceled]: [],
};

export const isOrderStatus = (v: unknown): v is OrderStatus => typeof v === 'number' && v in ORDER_TRANSITIONS;

/** May an order in `from` be set to `to`? The same status is allowed (no change). */
export function canChangeStatus(from: number, to: number): boolean {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return false;
  return from === to || ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses an order in `from` may be set to, itself first (the edit form's choices). */
export function nextStatuses(from: number): OrderStatus[] {
  return isOrderStatus(from) ? [from, ...ORDER_TRANSITIONS[from]] : [];
}

/** At most this many rows in one CSV import. */
export const ORDER_IMPORT_MAX_ROWS = 50_000;
/** At most this many bad rows are listed in a refusal (the count is always given). */
export const ORDER_IMPORT_MAX_ERRORS = 1000;

/**
 * The import's columns: the export's file read back. Header cells are matched without case
 * and spaces against the column key and its label in every language (the export writes the
 * labels of the current language). orderNo and status are required; timezone is optional.
 */
export const ORDER_IMPORT_COLUMNS = {
  orderNo: { required: true, labels: { zh_TW: '訂單編號', zh_CN: '订单编号', en: 'Order number' } },
  status: { required: true, labels: { zh_TW: '狀態', zh_CN: '状态', en: 'Status' } },
  timezone: { required: false, labels: { zh_TW: '時區', zh_CN: '时区', en: 'Time zone' } },
} as const satisfies Record<string, { required: boolean; labels: Record<Lang, string> }>;
export type OrderImportColumn = keyof typeof ORDER_IMPORT_COLUMNS;

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** Which column each header cell is (null: a column the import ignores). */
export function importColumnOf(cell: string): OrderImportColumn | null {
  const c = norm(cell);
  for (const [key, col] of Object.entries(ORDER_IMPORT_COLUMNS)) {
    if (norm(key) === c || Object.values(col.labels).some((l) => norm(l) === c)) return key as OrderImportColumn;
  }
  return null;
}

/** Labels of MemberOrderStatus in every language (the export writes the current one's). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, Record<Lang, string>> = {
  1: { zh_TW: '已建立', zh_CN: '已创建', en: 'Created' },
  2: { zh_TW: '備貨中', zh_CN: '备货中', en: 'Stocking' },
  3: { zh_TW: '已出貨', zh_CN: '已发货', en: 'Shipped' },
  4: { zh_TW: '已取消', zh_CN: '已取消', en: 'Canceled' },
};

/** A status cell: the number, the enum name or its label in any language; null when none. */
export function parseOrderStatus(cell: string): OrderStatus | null {
  const c = norm(cell);
  if (/^[1-4]$/.test(c)) return Number(c) as OrderStatus;
  for (const [value, labels] of Object.entries(ORDER_STATUS_LABELS)) {
    if (Object.values(labels).some((l) => norm(l) === c)) return Number(value) as OrderStatus;
  }
  for (const [name, value] of Object.entries(MemberOrderStatus)) if (norm(name) === c) return value;
  return null;
}

/** A time-zone cell: a zone id of TIMEZONES, its IANA name, or a name in any language. */
export function parseTimezone(cell: string): number | null {
  const c = norm(cell);
  if (/^\d+$/.test(c)) return TIMEZONES.some((z) => z.id === Number(c)) ? Number(c) : null;
  const z = TIMEZONES.find((t) => norm(t.zone) === c || Object.values(t.names).some((v) => norm(v) === c));
  return z ? z.id : null;
}

/**
 * An order number: `M` + the date (UTC, yymmdd) + 6 characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L), e.g. `M261125-K7H3QX`: short enough to read out on the phone, random so it
 * says nothing about the tenant's volume. Unique per tenant (the database's index; a clash is retried).
 */
const ORDER_NO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function orderNumber(now: Date, random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ORDER_NO_ALPHABET[random(ORDER_NO_ALPHABET.length)];
  return `M${d}-${tail}`;
}
