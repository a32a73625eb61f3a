import { type ApiErrorBody, ANONYMISED_NAME, type ListHistoryResponse, type Person, type PersonExport, personMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, historyEvent, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { adoptionApplication as application } from '../helpers/application-support';
import { multipart } from '../helpers/media';

/* The persons API (DESIGN section 10): list and search, create, edit with version, block, duplicates, merge, anonymise, export, history. */

describe('persons (/api/personas)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = () => t.as('staff');
  const create = (payload: object) => staff().inject({ method: 'POST', url: '/api/personas', payload });
  const getPerson = async (id: number) => (await staff().inject({ method: 'GET', url: `/api/personas/${id}` })).json<Person>();
  const patch = (id: number, payload: object) => staff().inject({ method: 'PATCH', url: `/api/personas/${id}`, payload });
  const newPet = async () => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada' })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const apply = async (overrides: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/solicitudes-adopcion', payload: application(await newPet(), overrides) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const detail = await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion/${id}` });
    return { id, personaId: detail.json<{ personaId: number }>().personaId };
  };

  it('creates with normalised contact data, and refuses bad contact data with a Spanish 400', async () => {
    const res = await create({
      nombre: 'Nuria',
      apellidos: 'Ortega Díaz',
      email: ' Nuria.Ortega+refugio@Example.COM ',
      telefono: '0034 699-12-34-56',
      roles: ['voluntario'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Person>()).toMatchObject({
      nombre: 'Nuria',
      apellidos: 'Ortega Díaz',
      email: 'nuria.ortega+refugio@example.com',
      telefono: '+34699123456',
      roles: ['voluntario'],
      bloqueado: false,
      version: 1,
    });
    const badPhone = await create({ nombre: 'X', telefono: '12 34' });
    expect(expectErrorShape(badPhone, 400, 'VALIDATION_ERROR')).toBeTruthy();
    expect(badPhone.json<ApiErrorBody>().fieldErrors).toEqual({ telefono: personMessages.phoneInvalid });
    const badEmail = await create({ nombre: 'X', email: 'x@' });
    expect(badEmail.json<ApiErrorBody>().fieldErrors).toEqual({ email: personMessages.emailInvalid });
    const none = await create({ nombre: 'X' });
    expect(none.json<ApiErrorBody>().fieldErrors).toEqual({ email: personMessages.contactRequired });
    const badRole = await create({ nombre: 'X', email: 'x@example.com', roles: ['jefa'] });
    expect(badRole.statusCode).toBe(400);
    expect((await t.database.db.select().from(person).where(eq(person.nombre, 'X'))).length).toBe(0);
  });

  it('searches name, surname, e-mail, phone and document ignoring accents and case; filters by role', async () => {
    await create({ nombre: 'Íñigo', apellidos: 'Larrañaga', email: 'inigo@example.com', documento: '12345678Z', roles: ['socio', 'padrino'] });
    const search = async (query: string) =>
      (await staff().inject({ method: 'GET', url: `/api/personas?${query}` })).json<{ items: Person[]; total: number }>().items.map((p) => p.nombre);
    expect(await search('q=INIGO')).toEqual(['Íñigo']);
    expect(await search('q=larranaga')).toEqual(['Íñigo']);
    expect(await search('q=12345678z')).toEqual(['Íñigo']);
    expect(await search('q=699123456')).toEqual(['Nuria']);
    expect(await search('q=ortega%2Brefugio')).toEqual(['Nuria']);
    expect(await search('rol=padrino')).toEqual(['Íñigo']);
    expect(await search('rol=voluntario')).toEqual(['Nuria']);
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/personas?rol=jefa' }), 400);
  });

  it('edits with the version read: a stale one answers 409 and changes nothing; blocking needs a reason', async () => {
    const created = (await create({ nombre: 'Sara', email: 'sara@example.com' })).json<Person>();
    const edited = await patch(created.id, { version: 1, ciudad: 'Cádiz', telefono: '+52 1 55 1234 5678', consentimientos: { whatsapp: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Person>()).toMatchObject({
      ciudad: 'Cádiz',
      telefono: '+525512345678',
      version: 2,
      consentimientos: { email: false, whatsapp: true },
    });
    expect(edited.json<Person>().consentimientosOrigen.whatsapp.fuente).toBe('Cambio por el equipo');
    const stale = await patch(created.id, { version: 1, ciudad: 'Jerez' });
    expectErrorShape(stale, 409, 'CONFLICT');
    expect((await getPerson(created.id)).ciudad).toBe('Cádiz');
    const noReason = await patch(created.id, { version: 2, bloqueado: true });
    expect(noReason.json<ApiErrorBody>().fieldErrors).toEqual({ motivoBloqueo: personMessages.blockReasonRequired });
    const blocked = await patch(created.id, { version: 2, bloqueado: true, motivoBloqueo: 'Maltrato' });
    expect(blocked.json<Person>()).toMatchObject({ bloqueado: true, motivoBloqueo: 'Maltrato', version: 3 });
    const badPhone = await patch(created.id, { version: 3, telefono: 'nunca' });
    expect(badPhone.json<ApiErrorBody>().fieldErrors).toEqual({ telefono: personMessages.phoneInvalid });
    const noContact = await patch(created.id, { version: 3, email: null, telefono: null });
    expectErrorShape(noContact, 400);
    expectErrorShape(await patch(999_999, { version: 1, ciudad: 'x' }), 404);

    const history = (await staff().inject({ method: 'GET', url: `/api/personas/${created.id}/historial` })).json<ListHistoryResponse>();
    expect(history.items.map((e) => e.accion)).toEqual(['modificar', 'modificar', 'crear']);
    expect(history.items[0]!.cambios).toEqual({ bloqueado: [false, true], motivoBloqueo: [null, 'Maltrato'] });
  });

  it('dismisses a pair of possible duplicates, which is not proposed again; Pendientes counts open pairs', async () => {
    const a = (await create({ nombre: 'Teresa', email: 'casa.soto@example.com' })).json<Person>();
    const b = (await create({ nombre: 'Ulises', email: 'casa.soto@example.com' })).json<Person>();
    expect((await getPerson(a.id)).posiblesDuplicados).toBe(1);
    const pending = async () =>
      (await staff().inject({ method: 'GET', url: '/api/pendientes' })).json<{ posiblesDuplicados: number }>().posiblesDuplicados;
    const before = await pending();
    expect(before).toBeGreaterThanOrEqual(1);
    const dismissed = await staff().inject({ method: 'POST', url: `/api/personas/${b.id}/duplicados/${a.id}/descartar` });
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    expect((await staff().inject({ method: 'GET', url: `/api/personas/${a.id}/duplicados` })).json()).toEqual([]);
    expect((await getPerson(b.id)).posiblesDuplicados).toBe(0);
    expect(await pending()).toBe(before - 1);
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/personas/${b.id}/duplicados/${a.id}/descartar` }), 404);
    // A third application from the same family keeps the dismissal and proposes only the new pair.
    const c = (await create({ nombre: 'Vera', email: 'casa.soto@example.com' })).json<Person>();
    expect((await getPerson(c.id)).posiblesDuplicados).toBe(2);
    expect((await getPerson(a.id)).posiblesDuplicados).toBe(1);
  });

  it('merges: every link moves, the survivor keeps the chosen values, the other is gone, both histories are kept', async () => {
    const first = await apply({ nombre: 'Raúl Mena', email: 'raul@example.com', telefono: '611 222 333' });
    const second = await apply({ nombre: 'Rafa Mena', email: 'raul@example.com', telefono: '611 222 333' });
    expect(second.personaId).not.toBe(first.personaId);
    const pkg = await staff().inject({ method: 'POST', url: '/api/paquetes', payload: { nombre: 'Fusión', cupo: 2, diasVigencia: 5 } });
    const link = await staff().inject({
      method: 'POST',
      url: '/api/enlaces',
      payload: { paqueteId: pkg.json<{ id: number }>().id, destinatario: 'Rafa', telefono: '611222333' },
    });
    expect(link.json<{ personaId: number }>().personaId).toBe(second.personaId);

    const merged = await staff().inject({
      method: 'POST',
      url: `/api/personas/${first.personaId}/fusionar`,
      payload: { conId: second.personaId, valores: { nombre: 'Rafael', apellidos: 'Mena Ruiz', email: 'RAFA.MENA@example.com' } },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<Person>()).toMatchObject({
      id: first.personaId,
      nombre: 'Rafael',
      apellidos: 'Mena Ruiz',
      email: 'rafa.mena@example.com',
      telefono: '+34611222333',
      roles: ['adoptante', 'rescatador'],
      posiblesDuplicados: 0,
    });
    expectErrorShape(await staff().inject({ method: 'GET', url: `/api/personas/${second.personaId}` }), 404);
    const requests = (await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion?personaId=${first.personaId}` })).json<{
      items: { id: number }[];
    }>();
    expect(requests.items.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    const exported = (await t.as('admin').inject({ method: 'GET', url: `/api/personas/${first.personaId}/exportar` })).json<PersonExport>();
    expect(exported.vinculos.enlacesRegistro).toHaveLength(1);
    // The survivor's history tells the merge and still shows what happened to the merged record.
    const history = (
      await staff().inject({ method: 'GET', url: `/api/personas/${first.personaId}/historial?pageSize=50` })
    ).json<ListHistoryResponse>();
    const merges = history.items.filter((e) => e.accion === 'fusionar').map((e) => [e.entidadId, e.cambios]);
    expect(merges).toEqual(
      expect.arrayContaining([
        [String(first.personaId), expect.objectContaining({ fusionadaCon: [null, second.personaId], nombre: ['Raúl Mena', 'Rafael'] })],
        [String(second.personaId), { fusionadaEn: [null, first.personaId] }],
      ]),
    );
    expect(
      history.items
        .filter((e) => e.accion === 'crear')
        .map((e) => e.entidadId)
        .sort(),
    ).toEqual([String(first.personaId), String(second.personaId)].sort());

    expectErrorShape(
      await staff().inject({ method: 'POST', url: `/api/personas/${first.personaId}/fusionar`, payload: { conId: first.personaId } }),
      400,
    );
    expectErrorShape(
      await staff().inject({ method: 'POST', url: `/api/personas/${first.personaId}/fusionar`, payload: { conId: second.personaId } }),
      404,
    );
    const badValue = await staff().inject({
      method: 'POST',
      url: `/api/personas/${first.personaId}/fusionar`,
      payload: { conId: first.personaId + 100_000, valores: { telefono: 'x' } },
    });
    expect(badValue.json<ApiErrorBody>().fieldErrors).toEqual({ 'valores.telefono': personMessages.phoneInvalid });
  });

  it('a staff entry with the contact and first name of another is a possible duplicate; a merge without choices fills the gaps', async () => {
    const a = (await create({ nombre: 'Zoe', email: 'zoe@example.com', roles: ['socio'] })).json<Person>();
    const b = (
      await create({ nombre: 'Zoé', apellidos: 'Castro', email: 'zoe@example.com', telefono: '644 555 666', ciudad: 'Vigo', roles: ['donante'] })
    ).json<Person>();
    const pairs = (await staff().inject({ method: 'GET', url: `/api/personas/${a.id}/duplicados` })).json<{ persona: Person; motivos: string[] }[]>();
    expect(pairs.map((p) => [p.persona.id, p.motivos])).toEqual([[b.id, ['mismo_email', 'nombre_parecido']]]);
    const merged = await staff().inject({ method: 'POST', url: `/api/personas/${a.id}/fusionar`, payload: { conId: b.id } });
    expect(merged.json<Person>()).toMatchObject({
      nombre: 'Zoe',
      apellidos: 'Castro',
      email: 'zoe@example.com',
      telefono: '+34644555666',
      ciudad: 'Vigo',
      roles: ['socio', 'donante'],
      posiblesDuplicados: 0,
    });
  });

  it('exports everything held about a person, requests included; writes nothing', async () => {
    const { id, personaId } = await apply({ nombre: 'Wenceslao', email: 'wen@example.com', telefono: '622 000 111' });
    const eventsBefore = (await t.database.db.select().from(historyEvent)).length;
    const res = await t.as('admin').inject({ method: 'GET', url: `/api/personas/${personaId}/exportar` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`persona-${personaId}.json`);
    const body = res.json<PersonExport>();
    expect(body.persona).toMatchObject({ id: personaId, nombre: 'Wenceslao', email: 'wen@example.com' });
    expect(body.vinculos.solicitudesAdopcion).toEqual([expect.objectContaining({ id, ciudad: 'Madrid', motivo: 'Compañía', mascotaNombre: 'Luna' })]);
    expect(body.vinculos.registrosMascota).toEqual([]);
    expect(body.historial.length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(historyEvent)).length).toBe(eventsBefore);
  });

  it('anonymises (administrators only): identity gone from the person, the request copies and their history; links kept', async () => {
    const { id, personaId } = await apply({ nombre: 'Yolanda Zamora', email: 'yolanda@example.com', telefono: '633 000 111' });
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/personas/${personaId}/anonimizar` }), 403);
    const res = await t.as('admin').inject({ method: 'POST', url: `/api/personas/${personaId}/anonimizar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Person>()).toMatchObject({
      nombre: ANONYMISED_NAME,
      apellidos: '',
      email: null,
      telefono: null,
      anonimizada: true,
      roles: ['adoptante'],
    });
    const [request] = await t.database.db.select().from(adoptionRequest).where(eq(adoptionRequest.id, id));
    expect(request).toMatchObject({ personaId, nombre: ANONYMISED_NAME, email: '', telefono: '', ciudad: '', direccion: '', motivo: 'Compañía' });
    // Nothing of her identity is left in any history event.
    const events = await t.database.db.select().from(historyEvent);
    expect(JSON.stringify(events)).not.toMatch(/Yolanda|yolanda@example\.com|633000111/);
    const own = (await staff().inject({ method: 'GET', url: `/api/personas/${personaId}/historial` })).json<ListHistoryResponse>();
    expect(own.items[0]).toMatchObject({ accion: 'anonimizar' });
    expect(own.items[0]!.cambios).toBeUndefined();
    // She can no longer be edited, and a new application with her old e-mail makes a new person.
    expectErrorShape(await patch(personaId, { version: res.json<Person>().version, ciudad: 'x' }), 409);
    const again = await apply({ nombre: 'Yolanda', email: 'yolanda@example.com', telefono: '633 000 111' });
    expect(again.personaId).not.toBe(personaId);
  });

  it('anonymising a link recipient also removes their name from the history of the registrations made through the link', async () => {
    const pkg = await staff().inject({ method: 'POST', url: '/api/paquetes', payload: { nombre: 'Anónimo', cupo: 2, diasVigencia: 5 } });
    const link = await staff().inject({
      method: 'POST',
      url: '/api/enlaces',
      payload: { paqueteId: pkg.json<{ id: number }>().id, destinatario: 'Gonzalo Recio', email: 'gonzalo@example.com' },
    });
    const { id: enlaceId, personaId } = link.json<{ id: string; personaId: number }>();
    const fields = {
      nombre: 'Pimienta',
      edad: '1 año',
      tipo: 'Gato',
      genero: 'hembra',
      tamano: 'chico',
      discapacidad: '0',
      personalidad: '',
      historia: '',
      tags: '[]',
      contactoNombre: 'Helena Ríos',
      contactoEmail: 'helena@example.com',
      contactoTelefono: '',
      enlaceId,
    };
    const form = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const registered = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(JSON.stringify(await t.database.db.select().from(historyEvent))).toMatch(/Gonzalo Recio/);
    const res = await t.as('admin').inject({ method: 'POST', url: `/api/personas/${personaId}/anonimizar` });
    expect(res.statusCode, res.body).toBe(200);
    const events = JSON.stringify(await t.database.db.select().from(historyEvent));
    expect(events).not.toMatch(/Gonzalo|gonzalo@example\.com/);
    // The registration's submitter is another person, untouched.
    expect(events).toMatch(/Helena Ríos/);
  });

  it('needs a signed-in member of staff', async () => {
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: '/api/personas' }), 401);
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: '/api/personas/1/exportar' }), 401);
  });
});
