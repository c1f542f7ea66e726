/**
 * The one road of every multipart/form-data route (POST Files, activity-template/files,
 * marketing banner and product writes, member order CSV import, lottery serial CSV import).
 *
 * The parser's own failures are the client's fault and answer 4xx, never 500: a body without
 * a boundary, a body cut short in the middle of a part (the part's stream fails with
 * "Unexpected end of form"), a malformed header. `eachPart` walks the parts with those
 * failures mapped to the caller's `broken()` error (default 400 code 1), and `readPart` reads
 * one file part the same way, keeping at most `cap` bytes. Errors that already carry a status
 * (the plugin's limits: too many parts, files or fields, 413/400) and our ApiErrors pass as
 * they are; an error of the handler itself (the store, the database) stays a 500.
 *
 * Every route module registers @fastify/multipart with `throwFileSizeLimit: false`: an
 * oversized part is cut (its stream `truncated`) and the route answers its own size code.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ApiError, badRequest } from '../errors';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize?: number;
}

/** The error a broken body answers (a route with a code of its own, e.g. 7305, passes one). */
export type BrokenBody = () => ApiError;

const defaultBroken: BrokenBody = () => badRequest({ body: { key: 'invalid' } });

/** Whether `e` already says what to answer (ours, or the plugin's limit errors). */
const answered = (e: unknown) => e instanceof ApiError || typeof (e as { statusCode?: unknown })?.statusCode === 'number';

/** `step`, with a failure of the parser turned into `broken()`. */
export async function parsed<T>(step: Promise<T>, broken: BrokenBody = defaultBroken): Promise<T> {
  try {
    return await step;
  } catch (e) {
    if (answered(e)) throw e;
    throw broken();
  }
}

/**
 * Calls `visit` for each part of the request in order; the parser is ended when the walk ends
 * or fails (parts left unread are drained). `visit` reads file parts with `readPart`.
 */
export async function eachPart(req: FastifyRequest, limits: MultipartLimits, visit: (part: Multipart) => Promise<void>, broken: BrokenBody = defaultBroken): Promise<void> {
  const parts = req.parts({ limits });
  try {
    for (;;) {
      const next = await parsed(parts.next(), broken);
      if (next.done) break;
      await visit(next.value);
    }
  } finally {
    await parts.return?.(undefined).catch(() => {});
  }
}

export interface PartBytes {
  /** The bytes, or null when more than `cap` arrived (or the parser cut the part at its limit). */
  bytes: Buffer | null;
  /** Every byte that arrived (more than `cap` when cut by the parser). */
  size: number;
}

/** Reads a file part, keeping at most `cap` bytes; the size counts every byte that arrived. */
export async function readPart(stream: AsyncIterable<Buffer> & { truncated?: boolean }, cap: number, broken: BrokenBody = defaultBroken): Promise<PartBytes> {
  return parsed((async () => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
      else chunks.length = 0;
    }
    // Cut by the parser at the route's limit: larger than anything allowed.
    if (stream.truncated) return { bytes: null, size: Math.max(size, cap + 1) };
    return { bytes: size <= cap ? Buffer.concat(chunks, size) : null, size };
  })(), broken);
}
