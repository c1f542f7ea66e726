/**
 * JSON logs (pino, Fastify's logger) with a request id, and nothing secret in them (issue 25).
 *
 * - Request id: a caller's `x-request-id` (1 to 128 characters of letters, digits and
 *   `._:-`) is kept, anything else is replaced by a random UUID; every log line of the request
 *   carries it as `reqId` and the answer returns it in `x-request-id`.
 * - Redaction: authorization and cookie headers, set-cookie, whole bodies, and fields named
 *   like a secret (mima, password, token, one-time code) are written as "[redacted]". The
 *   server never logs a one-time code on purpose (services/otpSender.ts); redaction is the
 *   second line.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: RawRequestDefaultExpression): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

const SECRET_FIELDS = ['mima', 'originalMima', 'newMima', 'password', 'newPassword', 'token', 'accessToken', 'refreshToken', 'otp', 'otpCode', 'verificationCode', 'secret'];

export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-metrics-token"]',
  'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]',
  'body', 'req.body', 'res.body', 'payload',
  ...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`),
];

/** The pino options of the server's logger (main.ts) and of the log tests. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return { level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } };
}

/** Every answer names its request (hooked before the routes). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
}
