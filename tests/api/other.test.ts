import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { png } from '../support/png';
import { expect, it } from 'vitest';
import type { TenantConfig } from '../../src/domain/api';
import { describeApi, expectFailure, type Harness } from './harness';

interface Other { id: number | null; forgotPasswordHint: string | null; loginBackground: string | null; logo: string | null }

/** A stored image row of the tenant (what POST /v1/Files leaves behind), answered as its url. */
async function storedImage(h: Harness, tenantId: number, width: number, height: number, size = 10_000) {
  const key = `${crypto.randomBytes(16).toString('hex')}.png`;
  await h.db.insertInto('files').values({ tenant_id: tenantId, key, name: 'image.png', size, type: 'image/png', width, height }).execute();
  return `/files/${key}`;
}


describeApi('Other settings: System/other', (h) => {
  async function clientUser() {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: [1, 16] });
    return { ...u, tenantId: t.id, tenantCode: t.code };
  }
  const get = async (token: string) => {
    const res = await h.call('GET', 'System/other', { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Other;
  };
  const config = async (code: string) => (await h.call('GET', `Config/tenant/${code}`)).json() as TenantConfig;

  it('creates the settings once (201), then updates them with their id; a second create is 1801', async () => {
    const u = await clientUser();
    expect(await get(u.token)).toEqual({ id: null, forgotPasswordHint: null, loginBackground: null, logo: null });
    const created = await h.call('POST', 'System/other', { token: u.token, body: { forgotPasswordHint: ' Call Amy at 123 ' } });
    expect(created.statusCode, created.body).toBe(201);
    const settings = created.json() as Other;
    expect(settings).toMatchObject({ forgotPasswordHint: 'Call Amy at 123', logo: null });
    expect(settings.id).toEqual(expect.any(Number));
    expect(await get(u.token)).toEqual(settings);
    expect((await config(u.tenantCode)).forgotPasswordHint).toBe('Call Amy at 123');

    // A stale form (no id) would overwrite what someone saved meanwhile: 1801, nothing changes.
    expectFailure(await h.call('POST', 'System/other', { token: u.token, body: { forgotPasswordHint: 'Other text' } }), 400, 1801);
    expect((await get(u.token)).forgotPasswordHint).toBe('Call Amy at 123');

    const updated = await h.call('POST', 'System/other', { token: u.token, body: { ...settings, forgotPasswordHint: 'Line one\nLine two' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await config(u.tenantCode)).forgotPasswordHint).toBe('Line one\nLine two');
    // Empty clears: the login page shows the default hint again.
    expect((await h.call('POST', 'System/other', { token: u.token, body: { id: settings.id, forgotPasswordHint: '' } })).statusCode).toBe(200);
    expect((await config(u.tenantCode)).forgotPasswordHint).toBeNull();
    expect(expectFailure(await h.call('POST', 'System/other', { token: u.token, body: { id: settings.id, forgotPasswordHint: 'x'.repeat(501) } }), 400, 1).data)
      .toHaveProperty('forgotPasswordHint');

    const logs = await h.db.selectFrom('change_logs').select(['action']).where('tenant_id', '=', u.tenantId).where('resource', '=', 'otherSetting').orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'update']);
  });

  it('re-checks the stored images: pixels 101, size 102, not the tenant\'s image code 1', async () => {
    const u = await clientUser();
    const other = await clientUser();
    const { id } = (await h.call('POST', 'System/other', { token: u.token, body: {} })).json() as Other;
    const save = (body: Record<string, unknown>) => h.call('POST', 'System/other', { token: u.token, body: { id, ...body } });

    expect(expectFailure(await save({ logo: await storedImage(h, u.tenantId, 160, 38) }), 400, 101).data)
      .toEqual({ logo: { key: 'dimensions', params: { width: 162, height: 38 } } });
    expectFailure(await save({ loginBackground: await storedImage(h, u.tenantId, 162, 38) }), 400, 101);
    expect(expectFailure(await save({ logo: await storedImage(h, u.tenantId, 162, 38, 3 * 1024 * 1024) }), 400, 102).data)
      .toEqual({ logo: { key: 'size', params: { size: 2048 } } });
    expect(expectFailure(await save({ logo: await storedImage(h, other.tenantId, 162, 38) }), 400, 1).data).toEqual({ logo: { key: 'invalid' } });
    expect(expectFailure(await save({ logo: 'https://cdn.example.com/logo.png' }), 400, 1).data).toEqual({ logo: { key: 'invalid' } });
    expect(expectFailure(await save({ logo: `/files/${'a'.repeat(32)}.pdf` }), 400, 1).data).toEqual({ logo: { key: 'ext' } });
    expect(await get(u.token)).toMatchObject({ logo: null, loginBackground: null });

    const logo = await storedImage(h, u.tenantId, 162, 38);
    const background = await storedImage(h, u.tenantId, 1280, 768, 2 * 1024 * 1024);
    const ok = await save({ logo, loginBackground: background });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await config(u.tenantCode)).toMatchObject({ logo, loginBackground: background });
    // Another tenant sees nothing of it.
    expect(await get(other.token)).toEqual({ id: null, forgotPasswordHint: null, loginBackground: null, logo: null });
    expect((await config(other.tenantCode)).logo).toBeNull();
  });

  it('takes a logo uploaded through POST /v1/Files and shows it in Config/tenant', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-other-'));
    try {
      const app = await h.appWith({ filesDir: dir });
      const u = await h.signedInUser({ tenant: 'platform', functions: [1, 16] });
      const form = new FormData();
      form.append('Files', new Blob([new Uint8Array(png(162, 38))], { type: 'image/png' }), 'logo.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const uploaded = await app.inject({
        method: 'POST', url: '/v1/Files?kind=image&width=162&height=38&maxMB=2',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [{ url }] = uploaded.json() as { url: string }[];
      const current = (await h.call('GET', 'System/other', { token: u.token, app })).json() as Other;
      const saved = await h.call('POST', 'System/other', { token: u.token, app, body: { ...current, logo: url } });
      expect([200, 201]).toContain(saved.statusCode);
      expect((await config('platform')).logo).toBe(url);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps tenants apart: another tenant\'s settings id answers 404 and changes nothing', async () => {
    const a = await clientUser();
    const b = await clientUser();
    const aSettings = (await h.call('POST', 'System/other', { token: a.token, body: { forgotPasswordHint: 'A' } })).json() as Other;
    expectFailure(await h.call('POST', 'System/other', { token: b.token, body: { id: aSettings.id, forgotPasswordHint: 'B' } }), 404, 2);
    expect((await get(a.token)).forgotPasswordHint).toBe('A');
    expect((await get(b.token)).id).toBeNull();
    // Without other settings (16) in the menu: 403.
    const plain = await h.signedInUser({ tenant: a.tenantCode, functions: [1, 9] });
    expectFailure(await h.call('GET', 'System/other', { token: plain.token }), 403, 3);
    expectFailure(await h.call('POST', 'System/other', { token: plain.token, body: {} }), 403, 3);
  });
});
