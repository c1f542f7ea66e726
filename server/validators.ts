/**
 * Fastify's request validators, compiled once per process for each distinct schema.
 *
 * Fastify's default (@fastify/ajv-compiler) gives every app an Ajv of its own, and Ajv caches a
 * compiled schema by object identity; routes declare their schemas as literals, so each app
 * built compiles every one of them again (~0.5-1 s of CPU per app). A server process builds one
 * app, but the API tests build hundreds (one or more per suite and database): here the
 * compiled function is kept per Ajv pool entry (same external schemas and Ajv options) and per
 * schema text, so a second app with the same schemas reuses it. Ajv validators are pure
 * functions of their input (`errors` is set per call, read at once by Fastify).
 *
 * A custom validator builder makes Fastify leave `headers` schemas as they are (it lowercases
 * their keys for its own Ajv, Node's request headers being lowercase): a headers schema with
 * an upper-case property fails the app's start here instead of never matching.
 */
import AjvCompiler, { type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

type ValidatorBuilder = (externalSchemas: unknown, options: unknown) => FastifySchemaCompiler<FastifySchema>;

function sharedValidators(): ValidatorBuilder {
  const pool = AjvCompiler() as unknown as ValidatorBuilder;
  const compiled = new WeakMap<object, Map<string, ReturnType<FastifySchemaCompiler<FastifySchema>>>>();
  return (externalSchemas, options) => {
    const compile = pool(externalSchemas, options);
    let byText = compiled.get(compile);
    if (!byText) compiled.set(compile, (byText = new Map()));
    const known = byText;
    return (route) => {
      if (route.httpPart === 'headers') assertLowerCaseHeaders(route.schema, route.url);
      const key = JSON.stringify(route.schema);
      let validate = known.get(key);
      if (!validate) known.set(key, (validate = compile(route)));
      return validate;
    };
  };
}

function assertLowerCaseHeaders(schema: unknown, url: string | undefined): void {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties ?? {};
  const upper = Object.keys(properties).filter((k) => k !== k.toLowerCase());
  if (upper.length) throw new Error(`headers schema of ${url}: write its properties in lower case (${upper.join(', ')})`);
}

/** The `schemaController` option of every app of this process. */
// (The package's types describe the compiler as Ajv's `compile(schema)`; Fastify calls it with
// the route's `{ schema, method, url, httpPart }`, as its sources and ours do.)
export const schemaController = { compilersFactory: { buildValidator: sharedValidators() as unknown as ValidatorFactory } };
