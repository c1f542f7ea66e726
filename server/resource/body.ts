/**
 * The declaration is the route's schema: a write route built from a declaration's form gets
 *  - `schema.body`: the form compiled to a JSON schema (resource/schemas.ts), which
 *    server/docs.ts documents as the route's request body, and
 *  - a route `validatorCompiler` that checks that body with the shared validator
 *    (src/domain/validation: the form's `x-` keywords and json-logic rules included) before the
 *    handler runs. A failing body is the ApiError the check throws (400 code 1, `data` =
 *    FieldErrors: the validator's one mapping of errors to fields), which Fastify hands to the
 *    app's error handler unchanged (the `{ code, message }` envelope, server/errors.ts).
 * The input rules every body passes (server/input.ts) come first, as they do for other routes.
 * The handler reads `req.body` as the checked body. Such a route validates its body only: its
 * params and querystring (none today) would need a schema of their own.
 */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { inputFaults } from '../../src/domain/validation/index';
import { badRequest } from '../errors';
import { objectBody } from '../services/resource';

export interface DeclaredBody {
  schema: FastifySchema;
  validatorCompiler: FastifySchemaCompiler<unknown>;
}

/**
 * Route options whose body is documented by `documented` and checked by `check` (the shared
 * validator with the declaration's form; it throws ApiError). Anything but a JSON object is
 * 400 code 1 on `body`; `empty`: what no body (or null) stands for (an export's: `{}`).
 */
export function declaredBody<Body>(
  documented: Record<string, unknown>, check: (raw: Record<string, unknown>) => Body, options: { empty?: Record<string, unknown> } = {},
): DeclaredBody {
  return {
    schema: { body: documented },
    validatorCompiler: ({ httpPart }) => {
      if (httpPart !== 'body') throw new Error(`a declared body route validates its body only, not its ${httpPart}`);
      return (data: unknown) => {
        // What every body passes first (input.ts: NUL, lone surrogates, non-finite numbers), then the form.
        const faults = inputFaults(data, 'body');
        if (Object.keys(faults).length) return { error: badRequest(faults) };
        try {
          const none = (data === undefined || data === null) && options.empty;
          return { value: check(none ? { ...options.empty } : objectBody(data)) };
        } catch (error) {
          return { error: error as Error };
        }
      };
    },
  };
}
