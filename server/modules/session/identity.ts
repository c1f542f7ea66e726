/**
 * Login area: POST Identity/token (sign in), DELETE Identity (sign out).
 *
 * Sign-in answers, in order:
 *  - mima that cannot be decrypted: 400 code 1 (data.mima);
 *  - unknown tenant, unknown account or wrong password: 400 code 14, the same answer and about
 *    the same time for each (a dummy argon2 verification runs when there is no account);
 *  - a Locked account: 400 code 13 before the password is checked;
 *  - SIGNIN_MAX_FAILURES consecutive wrong passwords lock the account; the attempt that locks
 *    it already answers 13;
 *  - a Disabled account, or an account of a Disabled client: 400 code 13, only after a correct
 *    password (a deleted client is an unknown tenant: 14);
 *  - otherwise failed_signins is reset and a new session (new token) is created.
 * The route is rate limited per client IP (SIGNIN_RATE_LIMIT a minute): 429 code 3.
 */
import type { FastifyInstance } from 'fastify';
import type { SessionUser, SignInBody } from '../../../src/domain/api';
import { ClientFunction, FunctionType, UserStatus } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { SIGNIN_MAX_FAILURES } from '../../../src/domain/limits';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { ApiError, badRequest } from '../../errors';
import { decryptMima } from '../../security/keys';
import { verifyNothing, verifyPassword } from '../../security/passwords';
import { hashToken, newToken } from '../../security/tokens';
import { appFunctions } from '../../services/appFunctions';

const signInSchema = {
  type: 'object',
  required: ['tenantCode', 'account', 'mima'],
  properties: {
    tenantCode: { type: 'string', minLength: 1, maxLength: 50 },
    account: { type: 'string', minLength: 1, maxLength: 100 },
    mima: { type: 'string', minLength: 1, maxLength: 1024 },
    functionType: { type: 'integer', enum: [FunctionType.Backend, FunctionType.App], description: 'Backend 1 (default): the back office; App 2: the mobile scanning app (the account must hold an app function, else 400 code 3)' },
  },
} as const;

const loginFailed = () => new ApiError(400, ErrorCode.LoginFailed);
const userLocked = () => new ApiError(400, ErrorCode.UserLocked);

export default async function identityRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings, keys } = deps;

  app.post<{ Body: SignInBody }>('/Identity/token', {
    schema: { body: signInSchema },
    config: {
      public: true,
      rateLimit: { max: settings.signinRateLimit, timeWindow: '1 minute' },
    },
  }, async (req): Promise<SessionUser> => {
    const { tenantCode, account, mima } = req.body;
    const password = decryptMima(keys, mima);
    if (password === null) throw badRequest({ mima: { key: 'regex' } });

    const user = await db.selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      // A supplier or distributor holds no role (migration 0019).
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .select([
        'u.id', 'u.account', 'u.name', 'u.type', 'u.status', 'u.role_id', 'u.mima_hash', 'u.mima_status', 'u.mima_changed_at', 'u.app_functions',
        't.id as tenant_id', 't.code as tenant_code', 't.type as tenant_type', 't.status as tenant_status', 't.function_flags',
        'r.type as roleType', 'r.app_stock',
      ])
      .where('t.code', '=', tenantCode.trim())
      .where('t.deleted_at', 'is', null) // a deleted client is an unknown tenant
      .where((eb) => eb(eb.fn('lower', ['u.account']), '=', account.trim().toLowerCase()))
      .executeTakeFirst();

    if (!user) {
      await verifyNothing(password);
      throw loginFailed();
    }
    if (user.status === UserStatus.Locked) throw userLocked();

    if (!(await verifyPassword(user.mima_hash, password))) {
      const after = await db.transaction().execute((trx) => trx.updateTable('users')
        .set((eb) => ({
          failed_signins: eb('failed_signins', '+', 1),
          status: eb.case().when('failed_signins', '>=', SIGNIN_MAX_FAILURES - 1).then(UserStatus.Locked).else(eb.ref('status')).end(),
          updated_at: new Date(),
        }))
        .where('id', '=', user.id)
        .returning(['status'])
        .executeTakeFirst());
      if (after?.status === UserStatus.Locked) {
        req.log.warn({ userId: user.id }, 'account locked after repeated sign-in failures');
        throw userLocked();
      }
      throw loginFailed();
    }
    // A disabled account, or any account of a disabled client, like a disabled account: 13.
    if (user.status !== UserStatus.Enabled || user.tenant_status !== UserStatus.Enabled) throw userLocked();
    // The app (function type App): only accounts holding an app function, of a tenant with logistics.
    const appFns = (user.function_flags & ClientFunction.Logistics) ? appFunctions(user) : 0;
    if (req.body.functionType === FunctionType.App && appFns === 0) throw new ApiError(400, ErrorCode.NotAllowed, { functionType: FunctionType.App });

    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + settings.sessionAbsoluteHours * 3_600_000);
    const idleCutoff = new Date(now.getTime() - settings.sessionIdleMinutes * 60_000);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ failed_signins: 0 }).where('id', '=', user.id).where('failed_signins', '!=', 0).execute();
      // Housekeeping: this user's sessions that can no longer be used.
      await trx.deleteFrom('sessions').where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
        .execute();
      await trx.insertInto('sessions').values({
        token_hash: hashToken(token), user_id: user.id, tenant_id: user.tenant_id,
        created_at: now, last_seen_at: now, expires_at: expiresAt,
      }).execute();
    });

    return {
      token,
      userId: user.id,
      account: user.account,
      name: user.name,
      roleId: user.role_id ?? 0,
      tenantId: user.tenant_id,
      tenantCode: user.tenant_code,
      tenantType: user.tenant_type,
      userType: user.type,
      mimaStatus: user.mima_status,
      mimaChangedAt: user.mima_changed_at.toISOString(),
      ...(req.body.functionType === FunctionType.App ? { functionType: FunctionType.App, appFunctions: appFns } : {}),
    };
  });

  app.delete('/Identity', { config: { allowMustChange: true } }, async (req, reply) => {
    const who = caller(req);
    await db.transaction().execute((trx) => trx.deleteFrom('sessions').where('id', '=', who.sessionId).execute());
    return reply.code(204).send();
  });
}
