import { MASK, type ListHistoryResponse, type ListPersonsResponse, type OrganizationSettings, type Person } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careRecord } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';
import { placementKit } from '../helpers/placements-support';

/*
 * DESIGN section 20's exception to Voluntariado's masking: with the organisation's setting on, a volunteer sees the
 * phone and the address (never the document) of the foster home holding now a pet whose care it recorded or changed
 * within 30 days; every other person stays masked, and with the setting off (the default) nobody is shown.
 */
describe('the foster home contact a volunteer may see', () => {
  let t: TestApp;
  let today: string;
  let volunteer: string;
  let otherVolunteer: string;
  let foster: number;
  let otherFoster: number;
  let stranger: number;
  let petId: number;
  const { insertPet, insertPerson, move } = placementKit(
    () => t,
    () => today,
  );
  const contact = { telefono: '+34611223344', direccion: 'Calle Olmo 3', codigoPostal: '46001', documento: 'Y7654321G', nif: '87654321X' };

  beforeAll(async () => {
    t = await createTestApp();
    today = dayIn(t.config.orgTimeZone, new Date());
    await t.createUser({ email: 'vol1@refugio.test', password: 'clave-de-prueba-segura-1', role: 'Voluntariado' });
    await t.createUser({ email: 'vol2@refugio.test', password: 'clave-de-prueba-segura-1', role: 'Voluntariado' });
    volunteer = await t.signIn('vol1@refugio.test', 'clave-de-prueba-segura-1');
    otherVolunteer = await t.signIn('vol2@refugio.test', 'clave-de-prueba-segura-1');
    foster = await insertPerson('Rocio', { apellidos: 'Acoge', ...contact });
    otherFoster = await insertPerson('Pablo', { apellidos: 'Acoge', telefono: '+34699887766', direccion: 'Calle Pino 9', codigoPostal: '46002' });
    stranger = await insertPerson('Sara', { apellidos: 'Acoge', telefono: '+34655443322', direccion: 'Calle Roble 1', documento: 'Z1112223H' });
    petId = await insertPet('Luna');
    const otherPet = await insertPet('Trueno');
    expect((await move(petId, { tipo: 'acogida', personaId: foster })).statusCode).toBe(201);
    expect((await move(otherPet, { tipo: 'acogida', personaId: otherFoster })).statusCode).toBe(201);
    // The volunteer weighs Luna (not Trueno): it works with Luna.
    const weighed = await t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/salud`,
      headers: { origin: PUBLIC_URL, cookie: volunteer },
      payload: { tipo: 'peso', nombre: 'Peso', fechaRealizada: today, pesoKg: 12.5 },
    });
    expect(weighed.statusCode, weighed.body).toBe(201);
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { origin: PUBLIC_URL, cookie } });
  const person = async (cookie: string, id: number) => (await get(cookie, `/api/personas/${id}`)).json<Person>();
  const listed = async (cookie: string) =>
    new Map((await get(cookie, '/api/personas?q=acoge&pageSize=50')).json<ListPersonsResponse>().items.map((p) => [p.id, p]));
  const allow = async (on: boolean) => {
    const org = (await t.as('admin').inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>();
    const res = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: { nombre: 'Refugio', zonaHoraria: org.zonaHoraria, contactoAcogidaVoluntariado: on, version: org.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrganizationSettings>().contactoAcogidaVoluntariado).toBe(on);
  };
  const masked = { telefono: MASK, direccion: MASK, codigoPostal: MASK, documento: MASK, nif: MASK };

  it('masks the foster home while the organisation does not allow it (the default)', async () => {
    const org = (await t.as('admin').inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>();
    expect(org.contactoAcogidaVoluntariado).toBe(false);
    expect(await person(volunteer, foster)).toMatchObject(masked);
    expect((await listed(volunteer)).get(foster)).toMatchObject({ telefono: MASK, direccion: MASK });
  });

  it('when allowed, shows the phone and address of that foster home only, never its document', async () => {
    await allow(true);
    expect(await person(volunteer, foster)).toMatchObject({ ...contact, documento: MASK, nif: MASK });
    const list = await listed(volunteer);
    expect(list.get(foster)).toMatchObject({ telefono: contact.telefono, direccion: contact.direccion, documento: MASK });
    // The home of a pet it did not care for, and a person who fosters nothing: masked.
    for (const id of [otherFoster, stranger]) {
      expect(await person(volunteer, id)).toMatchObject({ telefono: MASK, direccion: MASK });
      expect(list.get(id)).toMatchObject({ telefono: MASK, direccion: MASK });
    }
    // Another volunteer, who has not cared for Luna: masked.
    expect(await person(otherVolunteer, foster)).toMatchObject(masked);
    // The person's history still masks every change.
    const history = await get(volunteer, `/api/personas/${foster}/historial`);
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain('611223344');
    // Staff see it all, as before.
    expect((await t.as('staff').inject({ method: 'GET', url: `/api/personas/${foster}` })).json<Person>()).toMatchObject(contact);
  });

  it('ends when the care is older than 30 days or the pet leaves the home', async () => {
    await t.database.db.execute(
      sql`UPDATE care_record SET created_at = now() - interval '31 days', updated_at = now() - interval '31 days' WHERE pet_id = ${petId}`,
    );
    expect(await person(volunteer, foster)).toMatchObject(masked);
    await t.database.db.update(careRecord).set({ createdAt: new Date(), updatedAt: new Date() }).where(eq(careRecord.petId, petId));
    expect(await person(volunteer, foster)).toMatchObject({ telefono: contact.telefono });
    expect((await move(petId, { tipo: 'devolucion', motivo: 'Vuelve al refugio' })).statusCode).toBe(201);
    expect(await person(volunteer, foster)).toMatchObject(masked);
  });

  it('is an administrator-only setting, in the history, and off again masks', async () => {
    const org = (await t.as('admin').inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>();
    const refused = await t.as('staff').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: { nombre: 'Refugio', zonaHoraria: org.zonaHoraria, contactoAcogidaVoluntariado: false, version: org.version },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: { nombre: 'Refugio', zonaHoraria: org.zonaHoraria, contactoAcogidaVoluntariado: 'sí', version: org.version },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors.contactoAcogidaVoluntariado).toBe(
      'Indica si Voluntariado puede ver el contacto de las casas de acogida (sí o no).',
    );
    await allow(false);
    const audit = await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?entidad=organizacion&pageSize=50' });
    expect(audit.statusCode, audit.body).toBe(200);
    const changes = audit
      .json<ListHistoryResponse>()
      .items.map((e) => e.cambios?.contactoAcogidaVoluntariado)
      .filter(Boolean);
    expect(changes).toEqual(
      expect.arrayContaining([
        [false, true],
        [true, false],
      ]),
    );
  });
});
