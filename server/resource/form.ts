/**
 * One-record-per-tenant settings forms (`kind: "form"` declarations): `defineForm({ declaration,
 * table, save, load, values, ... })` gives the declaration's `get` and `update` calls:
 *  - GET answers `load(db, tenantId)`: the form's value (what "none saved yet" looks like is
 *    the module's: nulls, or the declared defaults);
 *  - the save (POST/PUT as declared) checks the body with the declaration's form through the
 *    route's validator (resource/body.ts: the same object documents it), then in one
 *    transaction: the tenant's row read FOR UPDATE, the id rule (`save: 'id'`), the module's
 *    rules and columns (`values`), the form's upload addresses checked with its `x-file` rules
 *    (services/formUploads.ts), the insert or update (tenant_id, created_at, updated_at),
 *    `afterWrite` (rows beside it, e.g. text keys), the form read back, the change log.
 * `save: 'id'`: the body's `id` says what the form edits: none creates (201; when the tenant
 * already has its row, someone saved meanwhile or a stale form, `exists()` and nothing
 * changes); the tenant's row's id updates (200); another id is 404 code 2. `save: 'upsert'`:
 * the tenant's row is created or updated whatever the body (200).
 * A form whose catalogue rules must see the stored value before the form's field errors
 * (member settings: `check`) is validated inside the transaction, after them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { parseApiCall, resolveForm, type ScreenDeclaration } from '../../src/domain/declarations';
import { ErrorCode } from '../../src/domain/errors';
import { caller, type Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { recordChange } from '../services/changelog';
import { isUniqueViolation, objectBody, validated, withoutKeys } from '../services/resource';
import { checkDeclaredUploads, declaredFileRules } from '../services/formUploads';
import { declaredBody } from './body';
import type { Db, RouteDocs, WriteContext } from './define';
import { bodySchema, standardOnly } from './schemas';

/** What a form's hooks see inside the save's transaction; `existed`: the tenant had its row. */
export interface FormWriteContext extends Omit<WriteContext<undefined>, 'scope' | 'prepared'> {
  existed: boolean;
}

export interface FormDefinition<Dto, Body> {
  declaration: ScreenDeclaration;
  /** The table holding the tenant's one row (unique tenant_id). */
  table: keyof Database & string;
  /** See the file's comment. */
  save: 'id' | 'upsert';
  /** `save: 'id'`: the column the form's `id` holds (default 'id'). */
  key?: 'id' | 'tenant_id';
  /** `save: 'id'`: the answer to a create while the tenant has its row. */
  exists?: () => ApiError;
  /** The form's value for the tenant, saved or not. */
  load(db: Db, tenantId: number): Promise<Dto>;
  /** Body fields the server answers but never takes (stripped before the check). */
  readOnly?: string[];
  /** Catalogue rules on the unchecked body that come before the form's field errors: a code, or null. */
  check?(raw: Record<string, unknown>, before: Dto | null): number | null;
  /** The rules and the columns of the row; throw ApiError to refuse. */
  values(ctx: FormWriteContext, body: Body, before: Dto): Promise<Record<string, unknown>>;
  /** After the insert or update, in the same transaction (rows beside the form's). */
  afterWrite?(ctx: FormWriteContext, body: Body, before: Dto): Promise<void>;
  /** The module checks the form's upload addresses itself (other settings: typed text-key entries, their type rule first). */
  ownUploads?: boolean;
  /** Menu ids of the routes (default the declaration's). */
  menuId?: number | number[];
  /** Catalogue codes the save can answer, for the documentation. */
  errors?: number[];
}

export interface SettingsForm<Dto> {
  load(db: Db, tenantId: number): Promise<Dto>;
  routes(app: FastifyInstance, deps: AppDeps): void;
}

const fastifyPath = (call: string) => `/${parseApiCall(call).path}`;

export function defineForm<Dto, Body>(def: FormDefinition<Dto, Body>): SettingsForm<Dto> {
  const decl = def.declaration;
  if (!decl.form || !decl.api.get || !decl.api.update) throw new Error(`${decl.id}: a settings form needs a form, a get and an update call`);
  const form = resolveForm(decl.form);
  const readOnly = def.readOnly ?? [];
  const resource = decl.resource ?? def.table;
  const key = def.key ?? 'id';
  const check = (raw: Record<string, unknown>) => validated<Body>(form, withoutKeys(raw, readOnly));
  const formSchema = standardOnly(form.schema) as Record<string, unknown>;
  /** The form's upload rules (`x-file`): the save's addresses checked after `values`, an address kept from before not again. */
  const uploads = def.ownUploads ? {} : declaredFileRules(form.schema);

  /** The save; answers the form read back and whether it created the row. */
  const save = async (deps: AppDeps, who: Caller, input: Body | Record<string, unknown>): Promise<{ after: Dto; created: boolean }> =>
    deps.db.transaction().execute(async (trx: Transaction<Database>) => {
      const row = await (trx as Transaction<any>).selectFrom(def.table).select(def.save === 'id' ? key : 'tenant_id').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst() as Record<string, number> | undefined;
      const existed = row !== undefined;
      if (def.save === 'id') {
        const id = (input as { id?: unknown }).id ?? null;
        if (id === null && existed) throw def.exists!();
        if (id !== null && row?.[key] !== id) throw notFound();
      }
      const before = await def.load(trx, who.tenantId);
      if (def.check) {
        const code = def.check(input as Record<string, unknown>, existed ? before : null);
        if (code !== null) throw new ApiError(400, code);
      }
      const body = def.check ? check(input as Record<string, unknown>) : input as Body;
      const ctx: FormWriteContext = { trx, who, now: new Date(), deps, existed };
      const values = await def.values(ctx, body, before);
      await checkDeclaredUploads(trx, who.tenantId, uploads, body, existed ? before : undefined);
      const q = trx as Transaction<any>;
      if (existed) {
        await q.updateTable(def.table).set({ ...values, updated_at: ctx.now }).where('tenant_id', '=', who.tenantId).execute();
      } else if (def.save === 'upsert') {
        // Two first saves at once: the second updates what the first created.
        await q.insertInto(def.table).values({ tenant_id: who.tenantId, created_at: ctx.now, updated_at: ctx.now, ...values })
          .onConflict((oc: any) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: ctx.now })).execute();
      } else {
        try {
          await q.insertInto(def.table).values({ tenant_id: who.tenantId, created_at: ctx.now, updated_at: ctx.now, ...values }).execute();
        } catch (err) {
          // Two first saves at once: the second meets the unique tenant_id.
          if (isUniqueViolation(err)) throw def.exists!();
          throw err;
        }
      }
      await def.afterWrite?.(ctx, body, before);
      const after = await def.load(trx, who.tenantId);
      const resourceId = def.save === 'id' && key === 'id'
        ? row?.id ?? (await q.selectFrom(def.table).select('id').where('tenant_id', '=', who.tenantId).executeTakeFirstOrThrow()).id as number
        : who.tenantId;
      await recordChange(trx, who, { resource, resourceId, action: existed ? 'update' : 'create', ...(existed ? { before } : {}), after });
      return { after, created: !existed };
    });

  const routes = (app: FastifyInstance, deps: AppDeps) => {
    const menuId = def.menuId ?? decl.menuId;
    const config = (docs: RouteDocs) => ({ ...(menuId !== undefined ? { menuId } : {}), docs });
    const title = decl.resource ?? decl.id;
    app.get(fastifyPath(decl.api.get!), { config: config({ summary: `The ${title} of the caller's tenant`, response: formSchema }) },
      async (req) => def.load(deps.db, caller(req).tenantId));

    const { method } = parseApiCall(decl.api.update!);
    const documented = bodySchema(decl, 'create', readOnly);
    const options = {
      config: config({
        summary: def.save === 'id' ? `Save the ${title} (no id: create)` : `Save the ${title}`,
        ...(def.check ? { body: documented } : {}),
        status: def.save === 'id' ? [201, 200] : 200,
        response: formSchema,
        errors: [...(def.save === 'id' ? [ErrorCode.NotFound] : []), ...(def.errors ?? [])],
      }),
      // With `check`, the catalogue rules see the stored row first: the form is checked after
      // them in the handler, and the same schema only documents the body.
      ...(def.check ? {} : declaredBody(documented, check)),
    };
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const input = def.check ? withoutKeys(objectBody(req.body), readOnly) : req.body as Body;
      const { after, created } = await save(deps, caller(req), input);
      return reply.code(created && def.save === 'id' ? 201 : 200).send(after);
    };
    if (method === 'PUT') app.put(fastifyPath(decl.api.update!), options, handler);
    else app.post(fastifyPath(decl.api.update!), options, handler);
  };

  return { load: def.load, routes };
}
