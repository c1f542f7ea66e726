/**
 * What every "export this list" call shares: its body (the list's declared filters, a file
 * format and a language) and the row count of the filtered query for the job's progress.
 * The columns of each export are the module's own.
 */
import type { SelectQueryBuilder } from 'kysely';
import { resolveSchema, type ScreenDeclaration } from '../../src/domain/declarations';
import { LIST_EXPORT_FORMATS } from '../../src/domain/jobs';
import { LANGS } from '../../src/domain/lang';
import type { FormDeclaration } from '../../src/domain/validation/index';

/** The body form of POST <list>/file: the declaration's filters plus `format` and `lang`. */
export function listExportForm(decl: ScreenDeclaration): FormDeclaration {
  const filters = decl.filters ? (resolveSchema(decl.filters.schema) as { properties?: Record<string, unknown> }).properties : {};
  return {
    schema: {
      type: 'object',
      properties: {
        ...filters,
        format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] },
        lang: { type: 'string', enum: [...LANGS] },
      },
    },
  };
}

/** How many rows the filtered query holds (the export's 100%). */
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst() as { n?: number | string | bigint } | undefined;
  return Number(row?.n ?? 0);
}
