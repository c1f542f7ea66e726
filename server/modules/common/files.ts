/**
 * The upload routes: `POST /v1/Files` (any signed-in user, multipart) and `GET /files/:key`
 * (outside /v1, public by unguessable key). The rules, limits and answers are
 * server/services/uploads.ts (shared with every module that takes or saves an upload).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { UploadedFile } from '../../../src/domain/api';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { notFound } from '../../errors';
import { contentDisposition, fileStoreOf, storeUploads } from '../../services/uploads';
import { isFileKey } from '../../storage/index';

const FILES_DOCS = {
  summary: 'Upload files (multipart): the rule fields first, then the files',
  consumes: ['multipart/form-data'],
  body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
  errors: [ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.ImageCount, ErrorCode.NoImage, ErrorCode.FileFormat, ErrorCode.NoFile],
};

export default async function filesRoutes(app: FastifyInstance, deps: AppDeps) {
  // Oversized parts are cut and answered 102 here, not thrown as 413 by the plugin.
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post('/Files', { config: { docs: FILES_DOCS } }, async (req, reply): Promise<UploadedFile[]> => {
    const files = await storeUploads(req, deps);
    reply.code(201);
    return files;
  });
}

/** GET /files/:key at the root (outside /v1), public: see the module comment. */
export async function fileServeRoutes(app: FastifyInstance, deps: AppDeps) {
  const store = fileStoreOf(deps);
  app.get('/files/:key', async (req: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
    const { key } = req.params;
    // Until the bytes are found: a 404 (heuristically cacheable otherwise) is never kept.
    reply.header('cache-control', 'no-store');
    if (!isFileKey(key)) throw notFound();
    const row = await deps.db.selectFrom('files').select(['name', 'type']).where('key', '=', key).executeTakeFirst();
    if (!row) throw notFound();
    const etag = `"${key}"`;
    const cached = () => reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return cached().code(304).send();
    const file = await store.get(key);
    if (!file) {
      // Never cached: the bytes may still arrive (a store that was down, a node behind).
      req.log.warn({ key }, 'file row without stored bytes');
      throw notFound();
    }
    return cached()
      .type(row.type)
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(row.name))
      .send(file.stream);
  });
}
