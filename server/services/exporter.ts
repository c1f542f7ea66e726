/**
 * Who asks for an export (issue 23): the caller and its zone, the request's X-Time-Zone header
 * (the browser's IANA zone, sent with every call by src/engine/api/client.ts), or the default
 * zone (Taipei, timezone 103) when it is missing or not a zone. Every export route queues with
 * `queueExport(trx, exporterOf(req), ...)`, so every export writes times and names its file in
 * the user's zone.
 */
import type { FastifyRequest } from 'fastify';
import { isTimeZone, TIME_ZONE_HEADER } from '../../src/domain/datetime';
import { caller } from '../auth';
import { DEFAULT_EXPORT_ZONE, type Exporter } from '../jobs/index';

/** The zone the request's user sees times in. */
export function requestZone(req: FastifyRequest): string {
  const header = req.headers[TIME_ZONE_HEADER.toLowerCase()];
  const zone = Array.isArray(header) ? header[0] : header;
  return isTimeZone(zone) ? zone : DEFAULT_EXPORT_ZONE;
}

/** The signed-in caller as an exporter; `zone` (an IANA zone the screen chose) wins over the request's. */
export function exporterOf(req: FastifyRequest, zone?: string): Exporter {
  const who = caller(req);
  return { tenantId: who.tenantId, userId: who.userId, timeZone: zone && isTimeZone(zone) ? zone : requestZone(req) };
}
