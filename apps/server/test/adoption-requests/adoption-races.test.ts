import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionMessages } from '@refugio/contracts';
import { adoptionRequest, pet } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * Approvals racing on one pet (issue 21, point 5). On PostgreSQL two approvals of different requests of the same
 * pet with "close the others", or an approval while somebody moves a sibling, used to deadlock (the request_count
 * trigger's row against the siblings' row locks) and answer 500. Every move now takes the pet's row lock first, so
 * they queue: one wins, the other answers the Spanish 409 (or also succeeds, when it no longer conflicts).
 */
const ROUNDS = 16;

describe('adoption approvals racing on one pet', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const insertPet = async (values: Partial<typeof pet.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Bruma', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', ...values })
      .returning();
    return row!.id;
  };
  /** Requests under review, written as a script would (the public form's budget is not what is tested here). */
  const insertRequests = async (petId: number, n: number) => {
    const rows = await t.database.db
      .insert(adoptionRequest)
      .values(
        Array.from({ length: n }, (_, i) => ({
          petId,
          estado: 'en_revision',
          nombre: `Persona ${i}`,
          email: `persona${i}@example.com`,
          telefono: '600000000',
          edad: 30,
          ciudad: 'Madrid',
          direccion: 'Calle 1',
          vivienda: 'casa',
          viviendaPropia: true,
          patio: false,
          personasEnCasa: 2,
          ninosEnCasa: 0,
          horasSolo: 2,
          aceptaVisita: true,
          aceptaPrivacidad: true,
        })),
      )
      .returning({ id: adoptionRequest.id });
    return rows.map((r) => r.id);
  };
  const move = (id: number, body: Record<string, unknown>, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/api/solicitudes-adopcion/${id}/estado`, payload: body, headers: { cookie, origin: PUBLIC_URL } });
  const approvedOf = async (petId: number) =>
    t.database.db
      .select({ id: adoptionRequest.id })
      .from(adoptionRequest)
      .where(and(eq(adoptionRequest.petId, petId), eq(adoptionRequest.estado, 'aprobada')));

  it(`two approvals of different requests of one pet, closing the others: one wins, the other 409 (${ROUNDS} races)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const petId = await insertPet();
      const [a, b, c] = await insertRequests(petId, 3);
      const approve = { estado: 'aprobada', version: 1, marcarAdoptada: true, cerrarOtras: true };
      const answers = await Promise.all([move(a!, approve, staff), move(b!, approve, admin)]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(expectErrorShape(loser, 409, 'CONFLICT').message).toMatch(/Otra persona/);
      expect(await approvedOf(petId)).toHaveLength(1);
      const [third] = await t.database.db.select({ estado: adoptionRequest.estado }).from(adoptionRequest).where(eq(adoptionRequest.id, c!));
      expect(third?.estado).toBe('rechazada');
    }
  });

  it(`an approval closing the others while somebody moves a sibling: never a 500 (${ROUNDS} races)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const petId = await insertPet();
      const [a, b] = await insertRequests(petId, 3);
      const answers = await Promise.all([
        move(a!, { estado: 'aprobada', version: 1, marcarAdoptada: true, cerrarOtras: true }, staff),
        move(b!, { estado: 'retirada', version: 1, nota: 'Ya no puede' }, admin),
      ]);
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses[0], answers[0].body).toBe(200);
      // The sibling's move wins when it went first; when the approval went first it closed the sibling, and the move is stale.
      expect([200, 409], answers[1].body).toContain(statuses[1]);
      expect(await approvedOf(petId)).toHaveLength(1);
    }
  });

  it('refuses to approve with "mark adopted" a request of a deleted pet (409 in Spanish), changing nothing', async () => {
    const petId = await insertPet({ nombre: 'Borrada', deletedAt: new Date() });
    const [id] = await insertRequests(petId, 2);
    const res = await move(id!, { estado: 'aprobada', version: 1, marcarAdoptada: true, cerrarOtras: true }, staff);
    expect(expectErrorShape(res, 409, 'CONFLICT').message).toBe(adoptionMessages.petDeleted);
    const [row] = await t.database.db.select({ adoptado: pet.adoptado, version: pet.version }).from(pet).where(eq(pet.id, petId));
    expect(row).toEqual({ adoptado: false, version: 1 });
    const requests = await t.database.db
      .select({ estado: adoptionRequest.estado, version: adoptionRequest.version })
      .from(adoptionRequest)
      .where(eq(adoptionRequest.petId, petId));
    expect(requests).toEqual([
      { estado: 'en_revision', version: 1 },
      { estado: 'en_revision', version: 1 },
    ]);
    // Without "mark adopted" the decision about the person can still be recorded.
    expect((await move(id!, { estado: 'aprobada', version: 1 }, staff)).statusCode).toBe(200);
  });
});
