/**
 * Report area (Foundation part): GET Report/exportReportAmount — the caller's tenant's export
 * reports that are finished (progress 100) and not yet downloaded; needs menu 42.
 */
import type { FastifyInstance } from 'fastify';
import { caller } from '../auth';
import type { AppDeps } from '../context';

/** Menu id of the export report download screen. */
const REPORT_DOWNLOAD_MENU_ID = 42;

export default async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/Report/exportReportAmount', { config: { menuId: REPORT_DOWNLOAD_MENU_ID } }, async (req): Promise<{ amount: number }> => {
    const who = caller(req);
    const row = await deps.db.selectFrom('export_reports')
      .select((eb) => eb.fn.countAll().as('amount'))
      .where('tenant_id', '=', who.tenantId)
      .where('progress', '=', 100)
      .where('downloaded', '=', false)
      .executeTakeFirstOrThrow();
    return { amount: Number(row.amount) };
  });
}
