/** The home dashboard (issue 16; GET Home/dashboard): its answer and limits, for server and browser. */

export const DASHBOARD_DAYS = { min: 7, max: 90, default: 30 } as const;
/** Two consecutive located consumer scans of one code farther apart than this are flagged. */
export const FAR_APART_KM = 100;

/** One day ('YYYY-MM-DD' in the asked zone) and its named counts. */
export interface DayCount {
  day: string;
  values: Record<string, number>;
}

export interface Dashboard {
  days: number;
  since: string;
  /** Scans per day, { consumer, app } (with the barcode query, menu 28). */
  scans?: DayCount[];
  suspicious?: {
    overScanned: { code: string; scans: number; safeScanCount: number; lastScanAt: string }[];
    farApart: { code: string; km: number; lastScanAt: string }[];
  };
  /** Codes generated per day, { codes } (with code packages, menu 25). */
  codes?: DayCount[];
  /** Codes stocked in and shipped out per day, { stocked, shipped } (with menus 26 or 27). */
  logistics?: DayCount[];
}

/** Every day of the period, oldest first, the missing ones as zeros (a chart's x axis). */
export function fillDays(rows: readonly DayCount[], lastDay: string, days: number, keys: readonly string[]): DayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, r.values]));
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  const out: DayCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const values = byDay.get(day) ?? {};
    out.push({ day, values: Object.fromEntries(keys.map((k) => [k, values[k] ?? 0])) });
  }
  return out;
}
