/** Fixtures of the member API tests: a client with the Member function, settings, shoppers. */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { lastOtp } from '../../server/services/otpSender';
import type { Harness } from './harness';
import { marketingClient, type Client } from './marketingSetup';

export const MEMBER_FUNCTIONS = [7, 38];

export const SETTINGS = {
  requiredInfo: 1 | 2 | 16,
  pointCalculationType: 2,
  loginPlatforms: [1, 4],
  tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 100 }, { name: 'Platinum', points: 500 }],
  rewardRules: [{ name: 'Any scan', earnType: 1, points: 10, memoType: 2 }],
};

export async function memberClient(h: Harness, opts: { functionFlags?: number; functions?: number[] } = {}): Promise<Client> {
  return marketingClient(h, { functionFlags: opts.functionFlags ?? 7, functions: opts.functions ?? MEMBER_FUNCTIONS });
}

/** A call to the public member API (/mapi/v1/member/{tenantCode}/...). */
export function mapi(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method, url: `/mapi/v1/member/${url}`, ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Where this test process starts counting phone numbers (distinct processes start far apart). */
const PHONE_BASE = (process.pid * 7919 + Date.now()) % 1_000_000;
let phoneCounter = 0;
/** A fresh valid Taiwan mobile number (national, with the leading 0), never repeated in this process. */
export function newPhone(): string {
  phoneCounter += 1;
  return `0912${String((PHONE_BASE + phoneCounter) % 1_000_000).padStart(6, '0')}`;
}

/** Join as a new shopper: answers the token and the phone. */
export async function joined(app: FastifyInstance, tenantCode: string, phone = newPhone()): Promise<{ token: string; phone: string }> {
  const sent = await mapi(app, 'POST', `${tenantCode}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' });
  expect(sent.statusCode, sent.body).toBe(201);
  const code = lastOtp('886', phone.replace(/^0/, ''));
  expect(code).toMatch(/^\d{6}$/);
  const res = await mapi(app, 'POST', `${tenantCode}/join`, { phoneCountryCode: '886', phone, code });
  expect(res.statusCode, res.body).toBe(201);
  return { token: (res.json() as { token: string }).token, phone };
}
