/**
 * What every request passes before a handler sees it, whatever the route (src/domain/validation/input.ts
 * holds the rules themselves):
 *  - JSON bodies: at most JSON_BODY_LIMIT bytes and JSON_MAX_DEPTH levels of nesting, checked on
 *    the text before parsing (a 50,000-level body would overflow the stack of every recursive
 *    walk after it); `__proto__` and `constructor.prototype` keys refused like Fastify's own
 *    parser does; an empty body is no body (a DELETE or POST sent with the JSON content type).
 *  - every route schema (params, querystring, body, headers) has its integers bounded to the
 *    database's range (`boundIntegers`), so 99999999999 is a code 1 on the parameter rather
 *    than a database error;
 *  - params, querystring and body, as the route's schema coerced them, carry no NUL, lone
 *    surrogate or non-finite number: 400 code 1 with the fields in `data`. This runs after
 *    the schema (preHandler) because Ajv coerces a querystring '1e309' to Infinity for an
 *    integer and its minimum/maximum checks skip non-finite numbers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../src/domain/api';
import { boundIntegers, inputFaults } from '../src/domain/validation/index';
import { ApiError, badRequest } from './errors';
import { ErrorCode } from '../src/domain/errors';

/** Fastify's default, written down: no JSON body of this product comes near it. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Levels of arrays and objects; the deepest declaration nests about 5. */
export const JSON_MAX_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays/objects at once (strings skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

const bodyFault = () => new ApiError(400, ErrorCode.BadRequest, { body: { key: 'invalid' } });

const SCHEMA_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

function faultsOf(req: FastifyRequest): FieldErrors {
  return {
    ...inputFaults(req.params, 'params'),
    ...inputFaults(req.query, 'query'),
    ...inputFaults(req.body, 'body'),
  };
}

/** Installs the parser and hooks on the root instance, before any route is registered. */
export function guardInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (req, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, undefined);
    if (nestedDeeperThan(text, JSON_MAX_DEPTH)) return done(bodyFault(), undefined);
    parseJson(req, text, done);
  });

  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    const bounded: Record<string, unknown> = { ...schema };
    // A declared body (resource/body.ts) is checked by the shared validator with its form, not by ajv.
    const declared = route.validatorCompiler !== undefined;
    for (const part of SCHEMA_PARTS) if (schema[part] !== undefined && !(declared && part === 'body')) bounded[part] = boundIntegers(schema[part]);
    route.schema = bounded;
  });

  app.addHook('preHandler', (req, _reply, done) => {
    const faults = faultsOf(req);
    if (Object.keys(faults).length) done(badRequest(faults));
    else done();
  });
}
