/**
 * The anti-counterfeiting page (issue 16, menu 30, unreleased by default), one per client
 * tenant (SPEC shows no call: decided as the declaration's form screen):
 *   GET  Logistics/anti-counterfeiting   the caller's page ({ enable, title, content, images })
 *   POST Logistics/anti-counterfeiting   save it (images: the tenant's uploads, at most 4 of 2 MB)
 * The consumer page shows it for a genuine code (marketingPublic.ts, `authenticity`).
 */
import type { FastifyInstance } from 'fastify';
import { ANTI_COUNTERFEIT_MENU_ID } from '../../../src/domain/antiCounterfeit';
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import type { Names } from '../../../src/domain/lang';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/index';
import { json } from '../../db/schema';
import { defineForm } from '../../resource/form';
import type { AntiCounterfeitPage } from '../../../src/domain/antiCounterfeit';
import { antiCounterfeitPage } from '../../services/antiCounterfeit';
import { cleanNames } from '../../services/names';

interface Body { enable?: boolean; title: Names; content?: Names; images?: string[] }

const page = defineForm<AntiCounterfeitPage, Body>({
  declaration: declaration('logistics.anti-counterfeiting'),
  table: 'anti_counterfeit_pages',
  save: 'upsert',
  load: (db, tenantId) => antiCounterfeitPage(db as Db, tenantId),
  values: async (_ctx, body) => {
    // The images: the form's upload rule (images.<i>), checked by the layer.
    const images = [...new Set(body.images ?? [])];
    return { enable: body.enable ?? true, title: json(cleanNames(body.title)), content: json(cleanNames(body.content)), images: json(images) };
  },
  menuId: ANTI_COUNTERFEIT_MENU_ID,
  errors: [ErrorCode.ImageSize],
});

export default async function antiCounterfeitRoutes(app: FastifyInstance, deps: AppDeps) {
  page.routes(app, deps);
}
