/**
 * The shopper's scan (issue 27): the route's side of it. recordScan hands the scan to the
 * process's scan queue (services/scanQueue.ts), which writes the scans that arrive together in
 * one statement (services/scanBatch.ts: the log rows, the codes' counters, each scan's count
 * and the scan before it) and answers each after the commit; queryOf turns the answer into
 * the page's query section.
 */
import type { FastifyRequest } from 'fastify';
import { ScanLogType } from '../../src/domain/enums';
import { DEFAULT_LANG, type Names } from '../../src/domain/lang';
import type { PageQuery } from '../../src/domain/marketing/page';
import type { Db } from '../db/index';
import type { ScanRow } from './scanBatch';
import { queuedScan } from './scanQueue';

/** Mobile for phones and tablets (what the user agent says), else PC (SPEC scan log type). */
export function scanTypeOf(userAgent: string | undefined): number {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent ?? '') ? ScanLogType.Mobile : ScanLogType.PC;
}

/** Both coordinates as numbers in range, else null (a shopper who did not share a place). */
export function coordinates(lat: string | undefined, lng: string | undefined): { lat: number; lng: number } | null {
  if (lat === undefined || lng === undefined || lat.trim() === '' || lng.trim() === '') return null;
  const la = Number(lat);
  const lo = Number(lng);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || la < -90 || la > 90 || lo < -180 || lo > 180) return null;
  return { lat: la, lng: lo };
}

/**
 * The scan of `code`: no row when it is not this tenant's code (nothing recorded). The newest
 * earlier scan comes with its place when the shopper shared one (the page says "place not
 * shared" otherwise; a code checked before never reads as a first check). Scans arriving
 * together are written together (services/scanQueue.ts); the answer comes after the commit.
 */
export function recordScan(db: Db, tenantId: number, code: string, req: FastifyRequest, place: { lat: number; lng: number } | null): Promise<ScanRow | undefined> {
  const userAgent = (req.headers['user-agent'] ?? '').slice(0, 500) || null;
  return queuedScan(db, { tenantId, code, userAgent, ip: req.ip ?? null, type: scanTypeOf(userAgent ?? undefined), lat: place?.lat ?? null, lng: place?.lng ?? null });
}

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));
const hasNames = (n: Names | null | undefined): n is Names => !!n && Object.values(n).some((v) => !!v);

/** The page's query section for `code` (row: recordScan's answer). */
export function queryOf(code: string, row: ScanRow | undefined, safeScanCount: number): PageQuery {
  if (!row) {
    return { code, exists: false, scannedCount: 0, latestScan: null, price: null, currency: null, productNames: null, brandName: null, warning: false };
  }
  const scannedCount = Number(row.scans);
  const priced = row.m_enable === true;
  return {
    code,
    exists: true,
    scannedCount,
    latestScan: row.prev_at ? { at: iso(row.prev_at), location: row.prev_location, latitude: row.prev_latitude, longitude: row.prev_longitude } : null,
    price: priced ? num(row.price) : null,
    currency: priced ? row.currency : null,
    productNames: row.brand_product_id === null ? null : hasNames(row.names) ? row.names : { [DEFAULT_LANG]: row.product_name ?? '' },
    brandName: row.brand_name,
    warning: scannedCount > safeScanCount,
  };
}
