import { type OrganizationSettings, surrenderMessages, surrenderSchema } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, surrender } from '../../src/db/schema';
import { ORG, flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, multipart } from '../helpers/media';

/*
 * The owner's DNI or NIE on /cesion (issue 47): required, checked with the project's NIF check, stored normalised,
 * shown to staff, given to a new person when the animal enters but never replacing a document a person holds, and
 * named in the contract beside the organisation's NIF.
 */

describe('surrenders: the owner identified by DNI or NIE', () => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await createTestApp(ORG);
  });
  afterAll(() => t.close());

  const fields = (overrides: Record<string, string> = {}): Part[] => {
    serial += 1;
    return Object.entries({
      nombre: 'Marta',
      email: `marta.dni${serial}@example.org`,
      telefono: '',
      documento: '12.345.678-z',
      nombreAnimal: `Toby${serial}`,
      especie: 'Perro',
      sexo: 'macho',
      edad: '3 años',
      microchip: `9410000555${String(10000 + serial)}`,
      motivo: 'Me mudo.',
      urgencia: 'media',
      aceptaPrivacidad: 'true',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));
  };
  const submit = (parts: Part[]) => {
    const body = multipart(parts);
    return t.as('anonymous').inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: body.headers });
  };
  const created = async (overrides: Record<string, string> = {}) => {
    const res = await submit(fields(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const step = (id: number, estado: string, version: number) =>
    t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/estado`, payload: { estado, version } });
  const get = async (id: number) => surrenderSchema.parse((await t.as('staff').inject({ url: `/api/cesiones/${id}` })).json());
  const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(surrender))[0]!.n;
  const enter = async (id: number) => {
    expect((await step(id, 'aceptada', 1)).statusCode).toBe(200);
    const res = await step(id, 'ingresada', 2);
    expect(res.statusCode, res.body).toBe(200);
    return surrenderSchema.parse(res.json());
  };

  it('refuses a missing, wrong or company number with a Spanish 400 naming the field, and keeps nothing', async () => {
    const before = await count();
    for (const [documento, message] of [
      ['', surrenderMessages.documentRequired],
      ['12345678A', 'El NIF no es válido: revisa la letra de control.'],
      ['X1234567A', 'El NIE no es válido: revisa la letra de control.'],
      ['B12345674', surrenderMessages.documentFormat],
      ['pasaporte', surrenderMessages.documentFormat],
    ] as const) {
      const res = await submit(fields({ documento }));
      expectErrorShape(res, 400);
      expect(res.json<{ fieldErrors?: Record<string, string> }>().fieldErrors?.documento, documento).toBe(message);
    }
    const missing = await submit(fields().filter((p) => p.name !== 'documento'));
    expectErrorShape(missing, 400);
    expect(await count()).toBe(before);
  });

  it('stores the number normalised and shows it to staff', async () => {
    const id = await created({ documento: ' x-1234567-l ' });
    const [row] = await t.database.db.select().from(surrender).where(eq(surrender.id, id));
    expect(row!.documento).toBe('X1234567L');
    expect(await get(id)).toMatchObject({ documento: 'X1234567L', documentoPersona: null });
  });

  it('gives the number to a new person (document and NIF) when the animal enters', async () => {
    const id = await created({ documento: '87654321x', nombre: 'Nuevo' });
    const entered = await enter(id);
    const [owner] = await t.database.db.select().from(person).where(eq(person.id, entered.personaId!));
    expect(owner).toMatchObject({ documento: '87654321X', nif: '87654321X' });
    expect(entered.documentoPersona).toBeNull();
  });

  it('never replaces the document a person holds: staff see the difference', async () => {
    const email = 'rosa.cedente@example.org';
    const made = await t.as('staff').inject({
      method: 'POST',
      url: '/api/personas',
      payload: { nombre: 'Rosa', email, documento: 'Y0000000Z', nif: 'Y0000000Z' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const personaId = made.json<{ id: number }>().id;
    // The same person by name and e-mail, the NIF left empty on the record: still never replaced nor set.
    await t.database.db.update(person).set({ nif: null }).where(eq(person.id, personaId));
    const id = await created({ nombre: 'Rosa', email, documento: '00000000T' });
    const entered = await enter(id);
    expect(entered.personaId).toBe(personaId);
    const [owner] = await t.database.db.select().from(person).where(eq(person.id, personaId));
    expect(owner).toMatchObject({ documento: 'Y0000000Z', nif: null });
    expect(entered).toMatchObject({ documento: '00000000T', documentoPersona: 'Y0000000Z' });
  });

  it('fills the document of a person who holds none, never their NIF', async () => {
    const email = 'pilar.cedente@example.org';
    const made = await t.as('staff').inject({ method: 'POST', url: '/api/personas', payload: { nombre: 'Pilar', email } });
    const personaId = made.json<{ id: number }>().id;
    const entered = await enter(await created({ nombre: 'Pilar', email, documento: '12345678Z' }));
    expect(entered.personaId).toBe(personaId);
    const [owner] = await t.database.db.select().from(person).where(eq(person.id, personaId));
    expect(owner).toMatchObject({ documento: '12345678Z', nif: null });
    expect(entered.documentoPersona).toBeNull();
  });

  it("names the owner's DNI/NIE and the organisation's NIF in the contract, and says when the NIF is missing", async () => {
    const contractText = async (id: number) => {
      const accepted = surrenderSchema.parse((await step(id, 'aceptada', 1)).json());
      const pdf = await t.as('staff').inject({ url: `/api/documentos/${accepted.documentoId}/pdf` });
      return { accepted, text: flat((await pdfPages(pdf.rawPayload)).join(' ')) };
    };
    const without = await contractText(await created({ documento: '12345678z' }));
    expect(without.accepted.organizacionSinNif).toBe(true);
    expect(without.text).toContain('con DNI o NIE 12345678Z');
    expect(without.text).not.toContain('con NIF');

    const version = (await t.as('admin').inject({ url: '/api/organizacion' })).json<OrganizationSettings>().version;
    const saved = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Refugio Patitas',
        email: null,
        telefono: null,
        direccion: null,
        web: null,
        zonaHoraria: 'Europe/Madrid',
        nif: 'G12345674',
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withNif = await contractText(await created({ documento: 'X1234567L' }));
    expect(withNif.accepted.organizacionSinNif).toBe(false);
    expect(withNif.text).toContain('Refugio Patitas, con NIF G12345674');
    expect(withNif.text).toContain('con DNI o NIE X1234567L');
  });
});
