import { BRANDS, PARAM_CODES } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

describeEachDialect('params', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = async (query: string, host = 'novamart.localhost') =>
    (await t.app.inject({ method: 'GET', url: `/api/get/params${query}`, headers: { host } })).json();

  it('answers every public param without a code, and the defaults of the contract', async () => {
    const data = (await get('')).data;
    expect(Object.keys(data).sort()).toEqual([...PARAM_CODES].sort());
    expect(data).toMatchObject({ mall_max_goods_number_in_order: '500', customer_service_url: '' });
  });

  it('answers a comma list of codes', async () => {
    const res = await get('?code=customer_service_url,%20mall_max_goods_number_in_order');
    expect(res.data).toEqual({ customer_service_url: '', mall_max_goods_number_in_order: '500' });
  });

  it('refuses an unknown code with PARAMETER_ERROR', async () => {
    expect(await get('?code=mall_max_goods_number_in_order,drop_table')).toMatchObject({
      key: 'PARAMETER_ERROR',
      data: { field: 'code' },
    });
  });

  it('serves an operator override to its brand only, at once on change', async () => {
    const lumen = BRANDS.find((b) => b.key === 'lumen')!;
    expect((await get('?code=mall_max_goods_number_in_order', 'lumen.localhost')).data).toEqual({
      mall_max_goods_number_in_order: '500',
    });
    await t.services.params.set(lumen, 'mall_max_goods_number_in_order', '120');
    expect((await get('?code=mall_max_goods_number_in_order', 'lumen.localhost')).data).toEqual({
      mall_max_goods_number_in_order: '120',
    });
    expect((await get('?code=mall_max_goods_number_in_order', 'novamart.localhost')).data).toEqual({
      mall_max_goods_number_in_order: '500',
    });
    await t.services.params.set(lumen, 'mall_max_goods_number_in_order', '80');
    expect((await get('?code=mall_max_goods_number_in_order', 'lumen.localhost')).data).toEqual({
      mall_max_goods_number_in_order: '80',
    });
  });
});
