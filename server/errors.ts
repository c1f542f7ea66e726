/**
 * The failure envelope of DESIGN.md "API conventions": status 4xx/5xx with
 * `{ code, message, data? }`, message the English text of the code.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { ApiErrorBody, FieldErrors } from '../src/domain/api';
import { ErrorCode } from '../src/domain/errors';
import { firstPerField, mapAjvError, type PathedResult } from '../src/domain/validation/errors';
import { enErrors } from '../src/locales/index';

/** Used when the English locale has no text for a code (yet). */
const FALLBACK_TEXT: Record<number, string> = {
  [ErrorCode.BadRequest]: 'Bad format or parameters',
  [ErrorCode.NotFound]: 'Not found',
  [ErrorCode.NotAllowed]: 'Operation not allowed',
  [ErrorCode.WrongOriginalPassword]: 'Wrong original password',
  [ErrorCode.UserLocked]: 'User locked',
  [ErrorCode.LoginFailed]: 'Login failed',
  [ErrorCode.PasswordFormat]: 'Password: only letters, digits and symbols, 8 to 20 characters',
  [ErrorCode.SameAsOldPassword]: 'Same as the old password',
  [ErrorCode.SystemError]: 'System error, please try later',
};

export function codeText(code: number): string {
  const text = (enErrors as Record<string, unknown>)[String(code)];
  return typeof text === 'string' && text ? text : (FALLBACK_TEXT[code] ?? `Error ${code}`);
}

/** A failure a handler means to answer. `message` overrides the catalogue text. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly data?: unknown,
    message?: string,
  ) {
    super(message ?? codeText(code));
    this.name = 'ApiError';
  }

  body(): ApiErrorBody {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export const badRequest = (fields?: FieldErrors) => new ApiError(400, ErrorCode.BadRequest, fields && Object.keys(fields).length ? fields : undefined);
export const notFound = () => new ApiError(404, ErrorCode.NotFound);
export const forbidden = () => new ApiError(403, ErrorCode.NotAllowed);
/**
 * 401: no valid session. The catalogue has no code of its own for it; we answer code 3
 * (operation not allowed) with the message 'Unauthorized' — the SPA acts on the status 401
 * (session-timeout notice, logout) and ignores the code.
 */
export const unauthorized = () => new ApiError(401, ErrorCode.NotAllowed, undefined, 'Unauthorized');

type AjvError = ErrorObject;

/**
 * FieldErrors of a route schema's failure (Fastify's ajv: params, querystring, hand-written
 * bodies), mapped to fields by the shared validator's one mapping (src/domain/validation/errors.ts,
 * the same keys as a declaration's form): 'a.b.0.c' -> rule; an error of the whole part is
 * named by the part (`querystring`, `body`).
 */
export function fieldErrorsOf(validation: AjvError[], context: string | undefined): FieldErrors {
  const results = validation.map(mapAjvError).filter((r): r is PathedResult => r !== null)
    .map((r) => (r.path === '' ? { ...r, path: context ?? 'body' } : r));
  return firstPerField(results);
}

/**
 * Any thrown value -> status and envelope. Fastify's own client errors (malformed, empty or
 * too large bodies, wrong content types, bad URLs, over-long path parameters, 404s) keep
 * their 4xx status with the catalogue code; those about the body say so in `data.body`.
 * Anything else is 500 code 9999, `unexpected` (the caller logs it).
 */
export function toEnvelope(err: unknown): { status: number; body: ApiErrorBody; unexpected: boolean } {
  if (err instanceof ApiError) return { status: err.statusCode, body: err.body(), unexpected: false };
  const fe = err as Partial<FastifyError> & { validation?: AjvError[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation)) {
    return { status: 400, body: badRequest(fieldErrorsOf(fe.validation, fe.validationContext)).body(), unexpected: false };
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? ErrorCode.NotFound : status === 401 || status === 403 || status === 429 ? ErrorCode.NotAllowed : ErrorCode.BadRequest;
    const aboutBody = typeof fe.code === 'string' && fe.code.startsWith('FST_ERR_CTP_');
    const body = new ApiError(status, code, aboutBody ? { body: { key: 'invalid' } } : undefined).body();
    return { status, body, unexpected: false };
  }
  return { status: 500, body: { code: ErrorCode.SystemError, message: codeText(ErrorCode.SystemError) }, unexpected: true };
}

/** Sends the envelope of any error; an unexpected one is logged with the request. */
export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const { status, body, unexpected } = toEnvelope(err);
  if (unexpected) req.log.error({ err }, 'unexpected error');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser cannot read (no route, no reply
 * object) still gets the envelope; a socket already gone gets nothing.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(new ApiError(status, ErrorCode.BadRequest).body());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
