import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { ReferenceLists, TenantConfig } from '../../src/domain/api';
import { DEFAULT_UNRELEASED_MENU_IDS } from '../../src/domain/menu';
import { describeApi, expectFailure } from './harness';

describeApi('GET Config/tenant', (h) => {
  it('answers the operator tenant platform with its public key, without a session', async () => {
    const res = await h.call('GET', 'Config/tenant/platform');
    expect(res.statusCode).toBe(200);
    const config = res.json() as TenantConfig;
    expect(config.tenant).toMatchObject({ code: 'platform', type: 1, names: { zh_TW: '平台營運商', zh_CN: '平台运营商', en: 'Platform operator' }, excludedMenuIds: [] });
    expect(config.defaultLanguage).toBe('zh_TW');
    expect(config.languages).toEqual(['zh_TW', 'zh_CN', 'en']);
    expect(config.passwordPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const key = crypto.createPublicKey(config.passwordPublicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(config.unreleasedMenuIds).toEqual([...DEFAULT_UNRELEASED_MENU_IDS]);
    expect(config.forgotPasswordHint).toBeNull();
    expect(config.logo).toBeNull();
    expect(config.loginBackground).toBeNull();
  });

  it('answers sign-in what it needs in a few hundred bytes, the reference lists apart', async () => {
    const res = await h.call('GET', 'Config/tenant/platform');
    const config = res.json() as Record<string, unknown>;
    for (const list of ['dialCodes', 'locations', 'timezoneInfo', 'currencies']) expect(config).not.toHaveProperty(list);
    expect(res.body.length).toBeLessThan(2000);
  });

  it('carries the reference lists the screens need at Config/reference, without a session, cacheable', async () => {
    const res = await h.call('GET', 'Config/reference');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=');
    const lists = res.json() as ReferenceLists;
    expect(lists.dialCodes.find((d) => d.countryCode === 'TW')).toMatchObject({ code: '886' });
    expect(lists.timezoneInfo.find((t) => t.id === 103)).toMatchObject({ zone: 'Asia/Taipei', offset: 480 });
    expect(lists.currencies.some((c) => c.code === 'TWD')).toBe(true);
    expect(lists.locations.length).toBeGreaterThan(0);
  });

  it('answers the demo client with its function flags', async () => {
    const config = (await h.call('GET', 'Config/tenant/demo')).json() as TenantConfig;
    expect(config.tenant).toMatchObject({ code: 'demo', type: 2, functions: 7, names: { zh_TW: '示範客戶', zh_CN: '示范客户', en: 'Demo client' } });
  });

  it('answers the same public key on every call and for every tenant', async () => {
    const a = (await h.call('GET', 'Config/tenant/platform')).json() as TenantConfig;
    const b = (await h.call('GET', 'Config/tenant/demo')).json() as TenantConfig;
    expect(b.passwordPublicKey).toBe(a.passwordPublicKey);
  });

  it('answers the platform config without a code, tenant null', async () => {
    const res = await h.call('GET', 'Config/tenant');
    expect(res.statusCode).toBe(200);
    const config = res.json() as TenantConfig;
    expect(config.tenant).toBeNull();
    expect(config.passwordPublicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('answers 404 code 2 for an unknown tenant code', async () => {
    expectFailure(await h.call('GET', 'Config/tenant/no-such-tenant'), 404, 2);
  });

  it('keeps the key pair across restarts (a second app over the same database)', async () => {
    const again = await h.appWith({});
    const config = (await h.call('GET', 'Config/tenant/demo', { app: again })).json() as TenantConfig;
    expect(config.passwordPublicKey).toBe(h.publicKeyPem);
  });
});
