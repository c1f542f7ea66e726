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
import { storedFileFailure } from '../../services/textKeys';
import { checkStoredUpload } from '../../services/uploads';

const IMAGE_RULE = { kind: 'image', maxMB: 2 } as const;

interface Body { enable?: boolean; title: Names; content?: Names; images?: string[] }

const page = defineForm<AntiCounterfeitPage, Body>({
  declaration: declaration('logistics.anti-counterfeiting'),
  table: 'anti_counterfeit_pages',
  save: 'upsert',
  load: (db, tenantId) => antiCounterfeitPage(db as Db, tenantId),
  values: async ({ trx, who }, body) => {
    const images = [...new Set(body.images ?? [])];
    for (const [i, url] of images.entries()) {
      const failure = await checkStoredUpload(trx as unknown as Db, who.tenantId, url, IMAGE_RULE);
      if (failure) throw storedFileFailure(`images.${i}`, failure);
    }
    return { enable: body.enable ?? true, title: json(cleanNames(body.title)), content: json(cleanNames(body.content)), images: json(images) };
  },
  menuId: ANTI_COUNTERFEIT_MENU_ID,
  errors: [ErrorCode.ImageSize],
});

export default async function antiCounterfeitRoutes(app: FastifyInstance, deps: AppDeps) {
  page.routes(app, deps);
}
