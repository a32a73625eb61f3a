import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

describe("the organisation's phone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORG_COUNTRY: 'MX', ORG_NAME: 'Refugio Patitas' });
    await t.createUser(ADMIN);
  });
  afterAll(() => t.close());

  const valid = { nombre: 'Refugio Patitas', email: null, direccion: null, web: null, zonaHoraria: 'America/Mexico_City' };

  it('is read in ORG_COUNTRY when written without its prefix, like every other phone', async () => {
    expectErrorShape(
      await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, telefono: '600 12 34 56', version: 0 } }),
      400,
    );
    const saved = await t
      .as('admin')
      .inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, telefono: '55 1234 5678', version: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ telefono: '+525512345678', version: 1 });
    const again = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: { ...valid, telefono: '0034 600-12-34-56', version: 1 },
    });
    expect(again.json()).toMatchObject({ telefono: '+34600123456', version: 2 });
  });
});
