import {
  type ApiErrorBody,
  type ListHistoryResponse,
  type OrganizationSettings,
  listSurrendersResponseSchema,
  organizationMessages,
} from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { jpeg, multipart } from '../helpers/media';

/*
 * The shelter's places per species (DESIGN section 19: "the shelter's capacity by species beside the list"): written
 * by administrators on "Configuración" with the rest of the organisation, read by the surrenders' waiting list.
 */

describe("the shelter's capacity per species (/api/organizacion, /api/cesiones)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas', ORG_TIME_ZONE: 'Europe/Madrid' });
    await t.createUser(ADMIN);
  });
  afterAll(() => t.close());

  const base = { nombre: 'Refugio Patitas', email: null, telefono: null, direccion: null, web: null, zonaHoraria: 'Europe/Madrid' };
  const get = async () => (await t.as('staff').inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>();
  const save = async (payload: object) =>
    t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...base, version: (await get()).version, ...payload } });
  const summary = async () =>
    listSurrendersResponseSchema.parse((await t.as('staff').inject({ method: 'GET', url: '/api/cesiones' })).json()).capacidad;

  /** A surrendered dog that entered the shelter: one more dog counted. */
  async function dogInShelter(n: number): Promise<void> {
    const fields = {
      nombre: 'Marta',
      email: `marta${n}@example.org`,
      documento: '12345678Z',
      nombreAnimal: `Toby ${n}`,
      especie: 'Perro',
      sexo: 'macho',
      edad: '3 años',
      microchip: `94100001234${String(5000 + n).padStart(4, '0')}`,
      motivo: 'Me mudo.',
      urgencia: 'media',
      aceptaPrivacidad: 'true',
    };
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'fotos', value: await jpeg(40, 40), fileName: 'f.jpg', contentType: 'image/jpeg' },
    ]);
    const res = await t.as('anonymous').inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: body.headers });
    const id = res.json<{ id: number }>().id;
    for (const [estado, version] of [
      ['aceptada', 1],
      ['ingresada', 2],
    ] as const) {
      const step = await t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/estado`, payload: { estado, version } });
      expect(step.statusCode, step.body).toBe(200);
    }
  }

  it('reads as no limit for every species before anything is written, and the list shows only the pets there are', async () => {
    expect((await get()).capacidad).toEqual({ Perro: null, Gato: null, Conejo: null });
    await dogInShelter(1);
    await dogInShelter(2);
    expect(await summary()).toEqual([{ especie: 'Perro', enRefugio: 2, capacidad: null }]);
  });

  it('saves the places per species with a history event; a species left out keeps its value; the list reads them', async () => {
    const res = await save({ capacidad: { Perro: 2, Gato: 15 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrganizationSettings>().capacidad).toEqual({ Perro: 2, Gato: 15, Conejo: null });
    // The species in the pets' order, a species without pets shown when it has places: "2 de 2" (full), "0 de 15".
    expect(await summary()).toEqual([
      { especie: 'Perro', enRefugio: 2, capacidad: 2 },
      { especie: 'Gato', enRefugio: 0, capacidad: 15 },
    ]);
    const kept = await save({ capacidad: { Conejo: 0 } });
    expect(kept.json<OrganizationSettings>().capacidad).toEqual({ Perro: 2, Gato: 15, Conejo: 0 });
    // Saving the rest of the organisation without `capacidad` keeps it; null clears one species.
    await save({ direccion: 'Calle Mayor 1' });
    const cleared = await save({ capacidad: { Gato: null } });
    expect(cleared.json<OrganizationSettings>().capacidad).toEqual({ Perro: 2, Gato: null, Conejo: 0 });
    const events = (await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?entidad=organizacion&pageSize=50' })).json<ListHistoryResponse>()
      .items;
    const capacityChanges = events.filter((e) => e.cambios && 'capacidad' in e.cambios).map((e) => e.cambios?.capacidad);
    expect(capacityChanges).toContainEqual([
      { Perro: null, Gato: null, Conejo: null },
      { Perro: 2, Gato: 15, Conejo: null },
    ]);
    expect(capacityChanges).toHaveLength(3);
  });

  it('refuses places that are not an integer from 0 to 10000, or an unknown species, in Spanish, changing nothing', async () => {
    const before = await get();
    for (const capacidad of [{ Perro: 10_001 }, { Perro: -1 }, { Gato: 2.5 }, { Gato: 'diez' }, { Hurón: 3 }, [5], 'mucha']) {
      const res = await save({ capacidad });
      expectErrorShape(res, 400);
      const fieldErrors = Object.values(res.json<ApiErrorBody>().fieldErrors ?? {});
      expect(fieldErrors.length, JSON.stringify(capacidad)).toBeGreaterThan(0);
      for (const message of fieldErrors)
        expect([organizationMessages.capacityInvalid, organizationMessages.capacitySpeciesInvalid], JSON.stringify(capacidad)).toContain(message);
    }
    expect(await get()).toEqual(before);
    expect((await save({ capacidad: { Perro: 10_000, Gato: 0 } })).statusCode).toBe(200);
  });

  it('lets only administrators write them', async () => {
    const res = await t
      .as('staff')
      .inject({ method: 'PUT', url: '/api/organizacion', payload: { ...base, capacidad: { Perro: 1 }, version: (await get()).version } });
    expect(res.statusCode).toBe(403);
  });
});
