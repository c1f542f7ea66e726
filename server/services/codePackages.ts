/**
 * Code packages as the code package screen answers them (modules/code/code.ts): the query,
 * the package and list item, and the generation's end (failed or generated).
 */
import { sql } from 'kysely';
import { CodePackageStatus, ReportExportStatus } from '../../src/domain/enums';
import type { Transaction } from 'kysely';
import type { Names } from '../../src/domain/lang';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';

type Db = AppDeps['db'] | Transaction<Database>;

export interface CodePackageListItem {
  id: number;
  clientId: number;
  clientName: Names;
  packagingMaterialId: number;
  materialName: string;
  materialNo: string;
  type: number;
  codeType: number;
  quantity: number;
  status: number;
  progress: number;
  failed: boolean;
  createdAt: string;
}

export interface CodePackageDto extends CodePackageListItem {
  codeFormat: number;
  codeLength: number;
  keywords: string[] | null;
  keywordInterval: number | null;
  /** Why the generation failed. */
  message: string | null;
  /** The generation job (GET Job?ids=). */
  jobId: number | null;
  generatedAt: string | null;
  updatedAt: string;
}

export function packageQuery(db: Db) {
  return db.selectFrom('code_packages as p')
    .innerJoin('tenants as t', 't.id', 'p.client_id')
    .innerJoin('packaging_materials as m', 'm.id', 'p.packaging_material_id')
    .leftJoin('jobs as j', 'j.id', 'p.job_id')
    .select([
      'p.id', 'p.client_id', 't.names as clientNames', 't.code as clientCode', 'p.packaging_material_id', 'm.name as materialName',
      'm.no as materialNo', 'p.type', 'p.code_type', 'p.code_format', 'p.code_length', 'p.quantity', 'p.status', 'p.keywords',
      'p.keyword_interval', 'p.job_id', 'p.generated_at', 'p.created_at', 'p.updated_at',
    ])
    .select(sql<number>`case when p.status = ${CodePackageStatus.Generated} then 100 else coalesce(j.progress, p.progress) end`.as('progress'))
    // Failed: the handler gave up, or the job ended in Error (also when its worker died each time).
    .select(sql<boolean>`(p.failed or (p.status = ${CodePackageStatus.Init} and coalesce(j.status, ${ReportExportStatus.Error}) = ${ReportExportStatus.Error}))`.as('failed'))
    .select(sql<string | null>`coalesce(p.message, case when p.status = ${CodePackageStatus.Init} then j.message end)`.as('message'));
}

export type PackageRow = Awaited<ReturnType<ReturnType<typeof packageQuery>['executeTakeFirstOrThrow']>>;

export function toDto(r: PackageRow): CodePackageDto {
  return {
    id: r.id,
    clientId: r.client_id,
    clientName: r.clientNames ?? {},
    packagingMaterialId: r.packaging_material_id,
    materialName: r.materialName,
    materialNo: r.materialNo,
    type: r.type,
    codeType: r.code_type,
    quantity: r.quantity,
    status: r.status,
    progress: Number(r.progress ?? 0),
    failed: Boolean(r.failed),
    codeFormat: r.code_format,
    codeLength: r.code_length,
    keywords: Array.isArray(r.keywords) ? r.keywords : null,
    keywordInterval: r.keyword_interval,
    message: r.message ?? null,
    jobId: r.job_id,
    generatedAt: r.generated_at ? r.generated_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export function toListItem(r: PackageRow): CodePackageListItem {
  const d = toDto(r);
  return {
    id: d.id, clientId: d.clientId, clientName: d.clientName, packagingMaterialId: d.packagingMaterialId, materialName: d.materialName,
    materialNo: d.materialNo, type: d.type, codeType: d.codeType, quantity: d.quantity, status: d.status, progress: d.progress,
    failed: d.failed, createdAt: d.createdAt,
  };
}

/** List and get; create (a generation job) and delete (not while generating) are below. */
