/**
 * Issue 23: a client role limited to some brands sees and names only those brands' products and
 * order packages in the lottery and point-activity qualifications (option lists and saves), as
 * on the brand-product screens (services/scope.ts), on both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { addDays, dateIn } from '../../src/domain/activity/pointActivity';
import { describeApi, expectFailure } from './harness';
import { brandProduct, call, generatedCodes, ok, type Client } from './marketingSetup';
import { memberClient, SETTINGS } from './memberSetup';

const FUNCTIONS = [6, 7, 38, 48, 49, 50];
type Option = { value: number };
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();

describeApi('Activity qualifications within the role\'s brands', (h) => {
  let owner: Client;
  let limited: string;
  let tea: { id: number; brandId: number };
  let coffee: { id: number; brandId: number };
  let teaPackage: number;
  let coffeePackage: number;
  const today = dateIn(new Date(), 103);

  const packageOf = async (productId: number) => {
    await generatedCodes(h, owner.id, 1, productId);
    const row = await h.db.selectFrom('code_packages as c').innerJoin('brand_product_materials as m', 'm.material_id', 'c.packaging_material_id')
      .select('c.id').where('m.brand_product_id', '=', productId).executeTakeFirstOrThrow();
    return row.id;
  };
  const values = async (url: string, token: string) => (await ok<Option[]>(h, h.app, 'GET', url, token)).map((o) => o.value).sort((x, y) => x - y);

  beforeAll(async () => {
    owner = await memberClient(h, { functions: FUNCTIONS });
    tea = await brandProduct(h, owner.id, 'Tea');
    coffee = await brandProduct(h, owner.id, 'Coffee');
    teaPackage = await packageOf(tea.id);
    coffeePackage = await packageOf(coffee.id);
    await ok(h, h.app, 'POST', 'member', owner.token, { ...SETTINGS, rewardRules: [] }, 201);
    limited = (await h.signedInUser({ tenant: owner.code, functions: FUNCTIONS, brands: [tea.brandId] })).token;
  });

  it('the option lists hold only the allowed brands\' products and order packages', async () => {
    for (const base of ['marketing/lottery-activity', 'member/point-activity']) {
      expect(await values(`${base}/product`, limited)).toEqual([tea.id]);
      expect(await values(`${base}/binding-info?type=2`, limited)).toEqual([teaPackage]);
      // A role of every brand sees both.
      expect(await values(`${base}/product`, owner.token)).toEqual([tea.id, coffee.id].sort((x, y) => x - y));
      expect(await values(`${base}/binding-info?type=2`, owner.token)).toEqual([teaPackage, coffeePackage].sort((x, y) => x - y));
    }
  });

  it('a point activity naming another brand\'s product or package answers code 1 on the field', async () => {
    const body = (over: Record<string, unknown>) => ({
      name: 'Brand points', enable: true, enterLimitHours: 0, timezoneId: 103, from: addDays(today, 300), to: addDays(today, 301),
      expiryType: 1, expiryDate: addDays(today, 400), icon: 1, rewardRules: [{ type: 2, value: 7, probability: 100 }], ...over,
    });
    const product = expectFailure(await call(h, h.app, 'POST', 'member/point-activity', limited, body({ qualificationType: 1, qualificationProducts: [coffee.id] })), 400, 1);
    expect(product.data).toEqual({ 'qualificationProducts.0': { key: 'invalid' } });
    const order = expectFailure(await call(h, h.app, 'POST', 'member/point-activity', limited, body({ qualificationType: 2, qualificationOrders: [{ productId: tea.id, packageIds: [coffeePackage] }, { productId: coffee.id, packageIds: [teaPackage] }] })), 400, 1);
    expect(order.data).toEqual({ 'qualificationOrders.0.packageIds': { key: 'invalid' }, 'qualificationOrders.1.productId': { key: 'invalid' } });
    expect(await h.db.selectFrom('point_activities').select('id').where('tenant_id', '=', owner.id).execute()).toEqual([]);
    await ok(h, h.app, 'POST', 'member/point-activity', limited, body({ qualificationType: 1, qualificationProducts: [tea.id] }), 201);
  });

  it('a lottery draft naming another brand\'s product answers code 1 on the field', async () => {
    const template = await h.db.insertInto('game_templates').values({ tenant_id: owner.id, name: 'Wheel', game_type: 2, core: '{}' as never }).returning('id').executeTakeFirstOrThrow();
    const res = await call(h, h.app, 'POST', 'marketing/lottery-activity/draft', limited, {
      templateId: template.id, name: 'Brand draw', qualificationType: 1, qualificationProduct: [tea.id, coffee.id],
      from: inDays(300), to: inDays(301), timezoneId: 103, memberOnly: false, exchangeType: 1, payMethod: 0, picture: null,
      // Pictures are looked at after the qualification (which refuses first).
      prizeInfo: [{ name: 'Cup', picture: '/files/cup.png', probability: 10, type: 1, amount: 5 }, { name: 'Thanks', picture: '/files/thanks.png', probability: 90, type: 0 }],
      exchangeForm: [{ name: 'Address', type: 9, required: true }],
    });
    expect(expectFailure(res, 400, 1).data).toMatchObject({ 'qualificationProduct.1': { key: 'invalid' } });
    expect(expectFailure(res, 400, 1).data).not.toHaveProperty('qualificationProduct.0');
  });
});
