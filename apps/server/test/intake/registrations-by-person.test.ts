import type { PublicationRequestListItem } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, publicationRequest } from '../../src/db/schema';
import { STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

describe('GET /api/solicitudes-publicacion?personaId=', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  const registration = (nombre: string, personaId: number | null) => ({
    nombre,
    edad: '1 año',
    tipo: 'Gato',
    genero: 'hembra',
    tamano: 'chico',
    contactoNombre: 'Rocío',
    contactoEmail: 'rocio@example.com',
    media: [],
    personaId,
  });

  it("keeps only that person's registrations, on the server, however many others there are", async () => {
    const [rocio, eva] = await t.database.db
      .insert(person)
      .values([
        { nombre: 'Rocío', email: 'rocio@example.com' },
        { nombre: 'Eva', email: 'eva@example.com' },
      ])
      .returning();
    // More than one page of other people's registrations, then Rocío's, oldest first.
    await t.database.db.insert(publicationRequest).values(Array.from({ length: 25 }, (_, i) => registration(`Otro ${i}`, eva!.id)));
    await t.database.db.insert(publicationRequest).values([registration('Pelusa', rocio!.id), registration('Sin persona', null)]);
    await t.database.db.insert(publicationRequest).values(Array.from({ length: 25 }, (_, i) => registration(`Más ${i}`, eva!.id)));

    const res = await t.as('staff').inject({ method: 'GET', url: `/api/solicitudes-publicacion?personaId=${rocio!.id}&pageSize=10` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: PublicationRequestListItem[]; total: number }>();
    expect(page.total).toBe(1);
    expect(page.items.map((item) => [item.nombre, item.personaId])).toEqual([['Pelusa', rocio!.id]]);

    const all = await t.as('staff').inject({ method: 'GET', url: '/api/solicitudes-publicacion?pageSize=10' });
    expect(all.json<{ total: number }>().total).toBe(52);
    expectErrorShape(await t.as('staff').inject({ method: 'GET', url: '/api/solicitudes-publicacion?personaId=abc' }), 400);
  });
});
