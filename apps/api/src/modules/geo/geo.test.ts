import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('countries, states and cities', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());
  const get = async (url: string) => (await t.app.inject({ url })).json();

  it('lists every country with its calling code', async () => {
    const reply = await get('/api/country/list');
    expect(reply.data.length).toBeGreaterThan(240);
    expect(reply.data).toContainEqual(expect.objectContaining({ code: 'CN', name: 'China', areaCode: '86' }));
    expect(reply.data).toContainEqual(expect.objectContaining({ code: 'GB', areaCode: '44' }));
  });

  it('lists states of a country and cities of a state', async () => {
    const states = await get('/api/states/list?countryCode=CN');
    expect(states.data).toContainEqual({ code: 'GD', name: 'Guangdong', countryCode: 'CN' });
    const cities = await get('/api/cities/list?countryCode=cn&stateCode=GD');
    expect(cities.data.map((c: { name: string }) => c.name)).toContain('Shenzhen');
  });

  it('answers PARAMETER_ERROR for unknown codes and MISSING_PARAMETER without them', async () => {
    expect(await get('/api/states/list?countryCode=XX')).toMatchObject({ key: 'PARAMETER_ERROR' });
    expect(await get('/api/cities/list?countryCode=CN&stateCode=ZZ')).toMatchObject({
      key: 'PARAMETER_ERROR',
    });
    expect(await get('/api/states/list')).toMatchObject({ key: 'MISSING_PARAMETER' });
  });
});
