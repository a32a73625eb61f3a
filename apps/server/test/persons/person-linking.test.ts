import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiErrorBody, type Person, type PersonDuplicate, linkSchema, packageSchema, personMessages } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, enlaceRegistro, paquete, person, pet, publicationRequest } from '../../src/db/schema';
import { migrationsFolder } from '../../src/lib/paths';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { adoptionApplication as application } from '../helpers/application-support';
import { type Part, multipart } from '../helpers/media';

/*
 * The linking rule of DESIGN section 10, through the public forms: the same e-mail or phone AND the same first name
 * link; the same e-mail or phone under another first name makes a new person and two possible duplicates; a name
 * alone never links. Also: a blocked person's application, invalid contact data, concurrent applications from one
 * new person, registrations and links, and the one-off linking of what existed before persons.
 */

describe('linking applications, registrations and links to persons', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = () => t.as('staff');
  const newPet = async () => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada' })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const apply = async (overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/solicitudes-adopcion', payload: application(await newPet(), overrides) });
    return res;
  };
  /** Applies, and answers the person the staff's view of the request names. */
  const applyAndPerson = async (overrides: Record<string, unknown> = {}) => {
    const res = await apply(overrides);
    expect(res.statusCode, res.body).toBe(201);
    const detail = await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion/${res.json<{ id: number }>().id}` });
    const body = detail.json<{ personaId: number; alerta: string | null; email: string; telefono: string }>();
    return body;
  };
  const getPerson = async (id: number) => (await staff().inject({ method: 'GET', url: `/api/personas/${id}` })).json<Person>();

  it('the same e-mail and first name (case and accents ignored) link to one person', async () => {
    const first = await applyAndPerson({ nombre: 'José Luis Martín', email: 'jose@example.com', telefono: '611 111 111' });
    const second = await applyAndPerson({ nombre: 'JOSE martin', email: ' JOSE@Example.com ', telefono: '+34 622 222 222' });
    expect(second.personaId).toBe(first.personaId);
    // Stored normalised: the e-mail lower-cased, the phone in E.164.
    expect(second.email).toBe('jose@example.com');
    expect(second.telefono).toBe('+34622222222');
    const persona = await getPerson(first.personaId);
    expect(persona).toMatchObject({ nombre: 'José Luis Martín', email: 'jose@example.com', telefono: '+34611111111', roles: ['adoptante'] });
    expect(persona.consentimientos.email).toBe(true);
    expect(persona.consentimientosOrigen.email.fuente).toBe('Solicitud de adopción');
    expect(persona.posiblesDuplicados).toBe(0);
  });

  it('the same phone under another first name makes a new person, and both are possible duplicates', async () => {
    const luis = await applyAndPerson({ nombre: 'Luis Pardo', email: 'luis@example.com', telefono: '633 333 333' });
    const marta = await applyAndPerson({ nombre: 'Marta Pardo', email: 'marta@example.com', telefono: '+34 633-33-33-33' });
    expect(marta.personaId).not.toBe(luis.personaId);
    expect((await getPerson(luis.personaId)).posiblesDuplicados).toBe(1);
    expect((await getPerson(marta.personaId)).posiblesDuplicados).toBe(1);
    const duplicates = await staff().inject({ method: 'GET', url: `/api/personas/${marta.personaId}/duplicados` });
    const pairs = (res: { json: () => unknown }) => (res.json() as PersonDuplicate[]).map((d) => ({ id: d.persona.id, motivos: d.motivos }));
    expect(pairs(duplicates)).toEqual([{ id: luis.personaId, motivos: ['mismo_telefono'] }]);
    // A family sharing one e-mail: the same.
    const pablo = await applyAndPerson({ nombre: 'Pablo Pardo', email: 'luis@example.com', telefono: '644 444 444' });
    expect(pablo.personaId).not.toBe(luis.personaId);
    const ofPablo = await staff().inject({ method: 'GET', url: `/api/personas/${pablo.personaId}/duplicados` });
    expect(pairs(ofPablo)).toEqual([{ id: luis.personaId, motivos: ['mismo_email'] }]);
    const listed = await staff().inject({ method: 'GET', url: '/api/personas?duplicados=true&q=pardo' });
    expect(
      listed
        .json<{ items: Person[] }>()
        .items.map((p) => p.id)
        .sort(),
    ).toEqual([luis.personaId, marta.personaId, pablo.personaId].sort());
  });

  it('the same name with other contact data never links', async () => {
    const one = await applyAndPerson({ nombre: 'Carmen Ruiz', email: 'carmen1@example.com', telefono: '655 555 551' });
    const two = await applyAndPerson({ nombre: 'Carmen Ruiz', email: 'carmen2@example.com', telefono: '655 555 552' });
    expect(two.personaId).not.toBe(one.personaId);
    expect((await getPerson(one.personaId)).posiblesDuplicados).toBe(0);
  });

  it('filters requests by person', async () => {
    const a = await applyAndPerson({ nombre: 'Rosa Vidal', email: 'rosa@example.com', telefono: '666 000 001' });
    await applyAndPerson({ nombre: 'Rosa', email: 'rosa@example.com', telefono: '666 000 001' });
    const list = await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion?personaId=${a.personaId}` });
    expect(list.json<{ total: number; items: { personaId: number }[] }>()).toMatchObject({ total: 2 });
    expect(list.json<{ items: { personaId: number }[] }>().items.every((i) => i.personaId === a.personaId)).toBe(true);
  });

  it('a blocked person applies like anyone, and staff see the alert', async () => {
    const before = await applyAndPerson({ nombre: 'Bruno Sanz', email: 'bruno@example.com', telefono: '677 000 001' });
    expect(before.alerta).toBeNull();
    const current = await getPerson(before.personaId);
    const blocked = await staff().inject({
      method: 'PATCH',
      url: `/api/personas/${before.personaId}`,
      payload: { version: current.version, bloqueado: true, motivoBloqueo: 'Devolvió dos animales sin aviso' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const res = await apply({ nombre: 'Bruno', email: 'bruno@example.com', telefono: '677 000 001' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['estado', 'id']);
    const detail = await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion/${res.json<{ id: number }>().id}` });
    expect(detail.json()).toMatchObject({ personaId: before.personaId, alerta: 'persona_bloqueada' });
  });

  it('an invalid phone or e-mail answers 400 in Spanish and stores nothing', async () => {
    const countRequests = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(adoptionRequest))[0]!.n;
    const before = await countRequests();
    const badPhone = await apply({ telefono: '123 456' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<ApiErrorBody>().fieldErrors).toEqual({ telefono: personMessages.phoneInvalid });
    // Well-formed for the form, but not a number of this country (ORG_COUNTRY=ES) without its prefix.
    const foreign = await apply({ telefono: '55 1234 5678' });
    expect(foreign.statusCode).toBe(400);
    expect(await countRequests()).toBe(before);
  });

  it('concurrent applications from one new person make one person', async () => {
    const pets = await Promise.all(Array.from({ length: 6 }, () => newPet()));
    const results = await Promise.all(
      pets.map((mascotaId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/solicitudes-adopcion',
          payload: application(mascotaId, { nombre: 'Elena Prieto', email: 'elena@example.com', telefono: '688 000 001' }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(pets.map(() => 201));
    const persons = await t.database.db.select({ id: person.id }).from(person).where(eq(person.email, 'elena@example.com'));
    expect(persons).toHaveLength(1);
    const linked = await t.database.db
      .select({ personaId: adoptionRequest.personaId })
      .from(adoptionRequest)
      .where(eq(adoptionRequest.email, 'elena@example.com'));
    expect(new Set(linked.map((r) => r.personaId))).toEqual(new Set([persons[0]!.id]));
  });

  it('a registration and a registration link are linked as rescuer; the same person as an adopter gains the role', async () => {
    const adopter = await applyAndPerson({ nombre: 'Irene Campos', email: 'irene@example.com', telefono: '699 000 001' });
    const pkg = await staff().inject({ method: 'POST', url: '/api/paquetes', payload: { nombre: 'Básico', cupo: 3, diasVigencia: 10 } });
    const link = await staff().inject({
      method: 'POST',
      url: '/api/enlaces',
      payload: { paqueteId: packageSchema.parse(pkg.json()).id, destinatario: 'Irene', email: 'IRENE@example.com' },
    });
    expect(link.statusCode, link.body).toBe(201);
    expect(linkSchema.parse(link.json())).toMatchObject({ personaId: adopter.personaId, email: 'irene@example.com' });
    expect((await getPerson(adopter.personaId)).roles).toEqual(['adoptante', 'rescatador']);

    const noContact = await staff().inject({
      method: 'POST',
      url: '/api/enlaces',
      payload: { paqueteId: packageSchema.parse(pkg.json()).id, destinatario: 'Sin datos' },
    });
    expect(linkSchema.parse(noContact.json()).personaId).toBeNull();
    const badLink = await staff().inject({
      method: 'POST',
      url: '/api/enlaces',
      payload: { paqueteId: packageSchema.parse(pkg.json()).id, destinatario: 'Otro', telefono: '12' },
    });
    expect(badLink.statusCode).toBe(400);

    const parts: Part[] = Object.entries({
      nombre: 'Canela',
      edad: '1 año',
      tipo: 'Gato',
      genero: 'hembra',
      tamano: 'chico',
      discapacidad: '0',
      personalidad: '',
      historia: '',
      tags: '[]',
      contactoNombre: 'Tomás Gil',
      contactoEmail: 'tomas@example.org',
      contactoTelefono: '+54 9 11 1234-5678',
    }).map(([name, value]) => ({ name, value }));
    const form = multipart(parts);
    const registered = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
    expect(registered.statusCode, registered.body).toBe(201);
    const request = await staff().inject({ method: 'GET', url: `/api/solicitudes-publicacion/${registered.json<{ id: number }>().id}` });
    const { personaId, contactoTelefono } = request.json<{ personaId: number; contactoTelefono: string }>();
    expect(contactoTelefono).toBe('+5491112345678');
    expect(await getPerson(personaId)).toMatchObject({ nombre: 'Tomás Gil', roles: ['rescatador'], telefono: '+5491112345678' });

    const badForm = multipart(parts.map((p) => (p.name === 'contactoTelefono' ? { ...p, value: '0000' } : p)));
    const refused = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: badForm.payload, headers: badForm.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().fieldErrors).toEqual({ contactoTelefono: personMessages.phoneInvalid });
  });

  it('the migration links what existed before persons, oldest first, by the same rule', async () => {
    const db = t.database.db;
    const petId = await newPet();
    const old = (minutesAgo: number) => new Date(Date.now() - 60 * 60_000 - minutesAgo * 60_000);
    const base = { ...application(petId), petId, permiteMascotas: null };
    const { mascotaId: _m, ...row } = base;
    const [oldest, sameName, otherName] = await db
      .insert(adoptionRequest)
      .values([
        { ...row, nombre: 'Olga Nieto', email: 'olga@example.com', telefono: '600 101 101', createdAt: old(30) },
        { ...row, nombre: 'olga', email: 'OLGA@example.com', telefono: 'sin teléfono', createdAt: old(20) },
        { ...row, nombre: 'Quique Nieto', email: 'olga@example.com', telefono: '', createdAt: old(10) },
      ])
      .returning({ id: adoptionRequest.id });
    const [pkg] = await db.insert(paquete).values({ nombre: 'Antiguo', cupo: 1, diasVigencia: 5 }).returning();
    await db.insert(enlaceRegistro).values({
      id: 'enlace-antiguo-0123456789abcdef',
      paqueteId: pkg!.id,
      destinatario: 'Olga',
      email: 'olga@example.com',
      cupo: 1,
      venceEn: new Date(Date.now() + 86_400_000),
      createdAt: old(5),
    });
    const [registration] = await db
      .insert(publicationRequest)
      .values({
        nombre: 'Tizón',
        edad: '1',
        tipo: 'Gato',
        genero: 'macho',
        tamano: 'chico',
        contactoNombre: 'Olga N.',
        contactoEmail: 'olga@example.com',
        createdAt: old(40),
      })
      .returning({ id: publicationRequest.id });

    // The statement the migration runs, as it is in the migration file.
    const migration = readFileSync(path.join(migrationsFolder, '0015_persons.sql'), 'utf8');
    const enqueue = migration.slice(migration.indexOf('INSERT INTO "job"'));
    await db.execute(sql.raw(enqueue));
    // The migration's job runs at the database's now(); the app's clock here is fixed, possibly before it.
    await db.execute(sql`UPDATE "job" SET "run_at" = '2000-01-01' WHERE "unique_key" = 'personas.vincular-existentes'`);
    await t.app.jobs.runDue();

    const personOf = async (id: number) =>
      (await db.select({ p: adoptionRequest.personaId }).from(adoptionRequest).where(eq(adoptionRequest.id, id)))[0]!.p!;
    const [reg] = await db.select({ p: publicationRequest.personaId }).from(publicationRequest).where(eq(publicationRequest.id, registration!.id));
    const olga = reg!.p!;
    // The registration is the oldest: it made the person, and everything with her e-mail and first name joined it.
    expect(await getPerson(olga)).toMatchObject({
      nombre: 'Olga N.',
      email: 'olga@example.com',
      roles: ['rescatador', 'adoptante'],
      telefono: '+34600101101',
    });
    expect(await personOf(oldest!.id)).toBe(olga);
    expect(await personOf(sameName!.id)).toBe(olga);
    const quique = await personOf(otherName!.id);
    expect(quique).not.toBe(olga);
    expect((await getPerson(quique)).posiblesDuplicados).toBe(1);
    const [link] = await db
      .select({ p: enlaceRegistro.personaId })
      .from(enlaceRegistro)
      .where(eq(enlaceRegistro.id, 'enlace-antiguo-0123456789abcdef'));
    expect(link!.p).toBe(olga);
    const unlinked = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(adoptionRequest)
      .where(sql`${adoptionRequest.personaId} IS NULL`);
    expect(unlinked[0]!.n).toBe(0);
  });
});
