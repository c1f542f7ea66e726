/**
 * Binding (menu 3: factories 20, production lines 21, shifts 22, warehouses 23, package
 * ratios 24), released, on both databases: CRUD through the declared resources, disabling
 * a factory or line disables what is bound to it (logged), 3101, 3201, 3202, 3301, names
 * unique, ratios by level, tenant isolation, the change log, and the menu unreleased by default.
 */
import { expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure } from './harness';
import { LOGISTICS_FUNCTIONS, logisticsClient, releaseEverything } from './logisticsSetup';
import { ok, type Page } from './productSetup';

interface Factory { id: number; name: string; address: string | null; enabled: boolean; lineCount: number }
interface Line { id: number; factoryId: number; factoryName: string; name: string; enabled: boolean; shiftCount: number }
interface Shift { id: number; factoryId: number; lineId: number; lineName: string; factoryName: string; name: string; enabled: boolean; startTime: string | null }
interface Warehouse { id: number; name: string; type: number; enabled: boolean }
interface Ratio { id: number; name: string; level: number; units: { unit: number; quantity: number }[]; summary: string; unit1?: number; unit2?: number; quantity2?: number }

describeApi('Binding: factories, lines, shifts, warehouses, package ratios', (h) => {
  releaseEverything(h);

  async function chain(token: string) {
    const factory = await ok<Factory>(h, 'POST', 'Binding/factory', token, { name: 'North plant', address: '1 Mill road' });
    const line = await ok<Line>(h, 'POST', 'Binding/line', token, { factoryId: factory.id, name: 'Line A' });
    const shift = await ok<Shift>(h, 'POST', 'Binding/shift', token, { lineId: line.id, name: 'Morning', startTime: '06:00', endTime: '14:00' });
    return { factory, line, shift };
  }

  it('creates a factory, its line and shift; lists, filters and shows them', async () => {
    const { token } = await logisticsClient(h);
    const { factory, line, shift } = await chain(token);
    expect(factory).toMatchObject({ name: 'North plant', address: '1 Mill road', enabled: true, lineCount: 0 });
    expect(line).toMatchObject({ factoryId: factory.id, factoryName: 'North plant', name: 'Line A', enabled: true, shiftCount: 0 });
    expect(shift).toMatchObject({ factoryId: factory.id, lineId: line.id, lineName: 'Line A', factoryName: 'North plant', startTime: '06:00', enabled: true });
    expect(await ok(h, 'GET', `Binding/factory/${factory.id}`, token)).toMatchObject({ lineCount: 1 });
    expect((await ok<Page<Line>>(h, 'GET', `Binding/line?factoryId=${factory.id}`, token)).items).toMatchObject([{ id: line.id, shiftCount: 1 }]);
    expect((await ok<Page<Shift>>(h, 'GET', `Binding/shift?lineId=${line.id}&keyword=morn`, token)).total).toBe(1);
    expect(await ok(h, 'GET', 'Binding/factory/options', token)).toEqual([{ value: factory.id, label: 'North plant', enable: true }]);
    expect(await ok(h, 'GET', 'Binding/line/options', token)).toEqual([{ value: line.id, label: 'North plant / Line A', enable: true }]);
    expect(expectFailure(await h.call('POST', 'Binding/factory', { token, body: { name: 'NORTH PLANT' } }), 400, 1).data).toEqual({ name: { key: 'checkRepeatName' } });
    expect(expectFailure(await h.call('POST', 'Binding/shift', { token, body: { lineId: line.id, name: 'x', startTime: '25:00' } }), 400, 1).data).toHaveProperty('startTime');
  });

  it('disabling a factory disables its lines and shifts; nothing is enabled under a disabled parent (3202, 3301)', async () => {
    const { token, tenant } = await logisticsClient(h);
    const { factory, line, shift } = await chain(token);
    await ok(h, 'PUT', 'Binding/factory', token, { id: factory.id, name: factory.name, enabled: false }, 200);
    expect(await ok(h, 'GET', `Binding/line/${line.id}`, token)).toMatchObject({ enabled: false });
    expect(await ok(h, 'GET', `Binding/shift/${shift.id}`, token)).toMatchObject({ enabled: false });
    const logged = await h.db.selectFrom('change_logs').select(['resource', 'action', 'after']).where('tenant_id', '=', tenant.id)
      .where('action', '=', 'update').orderBy('id').execute();
    expect(logged.map((l) => l.resource).sort()).toEqual(['factory', 'productionLine', 'shift']);
    expect(logged.every((l) => (l.after as { enabled: boolean }).enabled === false)).toBe(true);

    expectFailure(await h.call('PUT', 'Binding/line', { token, body: { id: line.id, factoryId: factory.id, name: 'Line A', enabled: true } }), 400, ErrorCode.FactoryNotEnabled);
    expectFailure(await h.call('POST', 'Binding/line', { token, body: { factoryId: factory.id, name: 'Line B' } }), 400, ErrorCode.FactoryNotEnabled);
    expectFailure(await h.call('PUT', 'Binding/shift', { token, body: { id: shift.id, lineId: line.id, name: 'Morning', enabled: true } }), 400, ErrorCode.FactoryNotEnabled);
    // A disabled line under an enabled factory may exist; nothing enabled is added below it.
    await ok(h, 'POST', 'Binding/line', token, { factoryId: factory.id, name: 'Line B', enabled: false });
    await ok(h, 'PUT', 'Binding/factory', token, { id: factory.id, name: factory.name, enabled: true }, 200);
    expect(await ok(h, 'GET', `Binding/line/${line.id}`, token)).toMatchObject({ enabled: false }); // re-enabling does not cascade
    expectFailure(await h.call('PUT', 'Binding/shift', { token, body: { id: shift.id, lineId: line.id, name: 'Morning', enabled: true } }), 400, ErrorCode.LineNotEnabled);
    expectFailure(await h.call('POST', 'Binding/shift', { token, body: { lineId: line.id, name: 'Night' } }), 400, ErrorCode.LineNotEnabled);
    await ok(h, 'PUT', 'Binding/line', token, { id: line.id, factoryId: factory.id, name: 'Line A', enabled: true }, 200);
    await ok(h, 'PUT', 'Binding/shift', token, { id: shift.id, lineId: line.id, name: 'Morning', enabled: true }, 200);
    // Disabling a line disables its shifts only.
    await ok(h, 'PUT', 'Binding/line', token, { id: line.id, factoryId: factory.id, name: 'Line A', enabled: false }, 200);
    expect(await ok(h, 'GET', `Binding/shift/${shift.id}`, token)).toMatchObject({ enabled: false });
    expect(await ok(h, 'GET', `Binding/factory/${factory.id}`, token)).toMatchObject({ enabled: true });
  });

  it('refuses to delete a factory with lines or shifts (3101) and a line with shifts (3201)', async () => {
    const { token } = await logisticsClient(h);
    const { factory, line, shift } = await chain(token);
    expectFailure(await h.call('DELETE', `Binding/factory/${factory.id}`, { token }), 400, ErrorCode.FactoryHasLinesOrShifts);
    expectFailure(await h.call('DELETE', `Binding/line/${line.id}`, { token }), 400, ErrorCode.LineHasShifts);
    await ok(h, 'DELETE', `Binding/shift/${shift.id}`, token);
    await ok(h, 'DELETE', `Binding/line/${line.id}`, token);
    await ok(h, 'DELETE', `Binding/factory/${factory.id}`, token);
    expectFailure(await h.call('GET', `Binding/factory/${factory.id}`, { token }), 404, 2);
  });

  it('keeps warehouses of the four types and package ratios of one to five levels', async () => {
    const { token } = await logisticsClient(h);
    for (const type of [1, 2, 3, 4]) await ok(h, 'POST', 'Binding/warehouse', token, { name: `W${type}`, type });
    expectFailure(await h.call('POST', 'Binding/warehouse', { token, body: { name: 'W5', type: 5 } }), 400, 1);
    expect((await ok<Page<Warehouse>>(h, 'GET', 'Binding/warehouse?type=3', token)).items.map((w) => w.name)).toEqual(['W3']);

    const ratio = await ok<Ratio>(h, 'POST', 'Binding/package', token, { name: 'Tea 10x10', level: 3, unit1: 1, unit2: 7, quantity2: 10, unit3: 10, quantity3: 10 });
    expect(ratio).toMatchObject({ level: 3, units: [{ unit: 1, quantity: 1 }, { unit: 7, quantity: 10 }, { unit: 10, quantity: 10 }], unit2: 7, quantity2: 10 });
    const one = await ok<Ratio>(h, 'POST', 'Binding/package', token, { name: 'Single', level: 1, unit1: 11 });
    expect(one.units).toEqual([{ unit: 11, quantity: 1 }]);
    const missing = expectFailure(await h.call('POST', 'Binding/package', { token, body: { name: 'Half', level: 3, unit1: 1, unit2: 7, quantity2: 6 } }), 400, 1).data;
    expect(Object.keys(missing).sort()).toEqual(['quantity3', 'unit3']);
    // An outer level is a bigger unit than what it holds.
    expect(expectFailure(await h.call('POST', 'Binding/package', { token, body: { name: 'Upside', level: 2, unit1: 7, unit2: 1, quantity2: 6 } }), 400, 1).data)
      .toHaveProperty('unit2');
    expectFailure(await h.call('POST', 'Binding/package', { token, body: { name: 'Six', level: 6, unit1: 1 } }), 400, 1);
    const edited = await ok<Ratio>(h, 'PUT', 'Binding/package', token, { id: ratio.id, name: 'Tea 12x10', level: 2, unit1: 1, unit2: 7, quantity2: 12 }, 200);
    expect(edited.units).toEqual([{ unit: 1, quantity: 1 }, { unit: 7, quantity: 12 }]);
    expect(edited).not.toHaveProperty('quantity3');
  });

  it('keeps every binding row to its tenant', async () => {
    const a = await logisticsClient(h);
    const b = await logisticsClient(h);
    const { factory, line, shift } = await chain(a.token);
    const w = await ok<Warehouse>(h, 'POST', 'Binding/warehouse', a.token, { name: 'Mine', type: 2 });
    for (const path of ['factory', 'line', 'shift', 'warehouse', 'package']) expect((await ok<Page<unknown>>(h, 'GET', `Binding/${path}`, b.token)).total).toBe(0);
    expectFailure(await h.call('GET', `Binding/factory/${factory.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('PUT', 'Binding/factory', { token: b.token, body: { id: factory.id, name: 'Stolen', enabled: false } }), 404, 2);
    expectFailure(await h.call('DELETE', `Binding/shift/${shift.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Binding/warehouse/${w.id}`, { token: b.token }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Binding/line', { token: b.token, body: { factoryId: factory.id, name: 'In theirs' } }), 400, 1).data).toEqual({ factoryId: { key: 'oneOf' } });
    expect(expectFailure(await h.call('POST', 'Binding/shift', { token: b.token, body: { lineId: line.id, name: 'In theirs' } }), 400, 1).data).toEqual({ lineId: { key: 'oneOf' } });
    expect(await ok(h, 'GET', 'Binding/factory/options', b.token)).toEqual([]);
    expect(await ok(h, 'GET', `Binding/factory/${factory.id}`, a.token)).toMatchObject({ name: 'North plant', enabled: true });
  });

  it('is unreleased by default and hidden without the logistics function', async () => {
    const { tenant } = await logisticsClient(h);
    const user = await h.createUser({ tenant: tenant.code, functions: LOGISTICS_FUNCTIONS });
    const defaults = await h.appWith({ unreleasedMenuIds: [3, 12, 13, 26, 27, 29, 30, 43, 37, 41, 51] });
    const session = await h.signIn(tenant.code, user.account, user.password, defaults);
    const token = (session.json() as { token: string }).token;
    expectFailure(await h.call('GET', 'Binding/factory', { token, app: defaults }), 403, 3);
    expect((await h.call('GET', 'Logistics/code?code=X', { token, app: defaults })).statusCode).toBe(404); // 28 stays released
    const noLogistics = await logisticsClient(h, 2);
    expectFailure(await h.call('GET', 'Binding/warehouse', { token: noLogistics.token }), 403, 3);
  });
});
