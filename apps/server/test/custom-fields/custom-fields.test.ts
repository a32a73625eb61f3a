import { type CustomField, MASK, type OrganizationRole, type Person, type Pet, customFieldMessages, startingCapabilities } from '@refugio/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customField, pet } from '../../src/db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/**
 * The organisation's own fields (DESIGN section 21): their definitions (who defines them, the key that never
 * changes, one 409 of two saves at one version, options in use, archive and order) and their values on pets and
 * persons (checked on the server naming the field, nothing stored on a refusal, history, masking). Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
describe("the organisation's own fields", () => {
  let t: TestApp;
  const password = 'clave-de-prueba-segura-1';
  let coordination: string;
  let volunteer: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ email: 'coordinacion@refugio.test', password, role: 'Coordinación' });
    await t.createUser({ email: 'voluntariado@refugio.test', password, role: 'Voluntariado' });
    coordination = await t.signIn('coordinacion@refugio.test', password);
    volunteer = await t.signIn('voluntariado@refugio.test', password);
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
  const admin = (method: Method, url: string, payload?: object) => t.as('admin').inject({ method, url, ...(payload ? { payload } : {}) });
  const as = (cookie: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: PUBLIC_URL, cookie }, ...(payload ? { payload } : {}) });
  const fieldError = (res: { json<T>(): T }, field: string) => res.json<{ fieldErrors?: Record<string, string> }>().fieldErrors?.[field];
  const define = async (body: object, cookie?: string) => {
    const res = cookie ? await as(cookie, 'POST', '/api/campos', body) : await admin('POST', '/api/campos', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CustomField>();
  };
  const auditOf = async (entidad: string, id: number) =>
    (await admin('GET', `/api/auditoria?entidad=${entidad}&entidadId=${id}&pageSize=100`)).json<{
      items: { accion: string; cambios: Record<string, [unknown, unknown]> }[];
    }>().items;
  const savePet = (url: string, overrides: Record<string, string>) => {
    const form = multipart(petFields(overrides));
    return t.as('staff').inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
  };
  const petCount = async () => (await t.database.db.select({ n: count() }).from(pet))[0]!.n;

  let leishmania: CustomField;
  let peso: CustomField;
  let caracter: CustomField;
  let socio: CustomField;

  it('are defined by Administración and Coordinación, read by every staff role, and write their history', async () => {
    leishmania = await define({
      entidad: 'mascota',
      clave: 'test_leishmania',
      etiqueta: 'Test de leishmania',
      tipo: 'opcion',
      opciones: ['Negativo', 'Positivo', 'Pendiente'],
      especies: ['Perro'],
      obligatorio: false,
      publico: true,
    });
    expect(leishmania).toMatchObject({ orden: 0, version: 1, archivado: false, usos: 0, especies: ['Perro'], publico: true, sensible: false });
    peso = await define({ entidad: 'mascota', clave: 'peso_llegada', etiqueta: 'Peso al llegar (kg)', tipo: 'numero' }, coordination);
    expect(peso.orden).toBe(1);
    caracter = await define({
      entidad: 'mascota',
      clave: 'caracter_ninos',
      etiqueta: 'Carácter con niños',
      tipo: 'opciones',
      opciones: ['Juega', 'Tolera', 'Evita'],
    });
    socio = await define({ entidad: 'persona', clave: 'socio_antiguo', etiqueta: 'Nº de socio antiguo', tipo: 'texto', sensible: true });

    // Equipo and Voluntariado read them (their forms show them), never define them.
    const listed = await t.as('staff').inject({ method: 'GET', url: '/api/campos?entidad=mascota' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ items: CustomField[] }>().items.map((f) => f.clave)).toEqual(['test_leishmania', 'peso_llegada', 'caracter_ninos']);
    expect((await as(volunteer, 'GET', '/api/campos?entidad=persona')).statusCode).toBe(200);
    const refused = await t
      .as('staff')
      .inject({ method: 'POST', url: '/api/campos', payload: { entidad: 'mascota', clave: 'otro', etiqueta: 'Otro', tipo: 'texto' } });
    expect(refused.statusCode).toBe(403);

    const events = await auditOf('campo_propio', leishmania.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ accion: 'crear' });
    expect(events[0]!.cambios.clave).toEqual([null, 'test_leishmania']);
  });

  it('refuse a bad definition with a Spanish 400 naming the part, and a key taken with a 409', async () => {
    const bad = await admin('POST', '/api/campos', {
      entidad: 'mascota',
      clave: 'Test Leishmania',
      etiqueta: 'X',
      tipo: 'opcion',
      opciones: ['Solo una'],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldError(bad, 'clave')).toBe(customFieldMessages.keyInvalid);
    expect(fieldError(bad, 'opciones')).toBe(customFieldMessages.optionsRequired);
    const sensiblePet = await admin('POST', '/api/campos', {
      entidad: 'mascota',
      clave: 'chip_viejo',
      etiqueta: 'Chip viejo',
      tipo: 'texto',
      sensible: true,
    });
    expect(sensiblePet.statusCode).toBe(400);
    expect(fieldError(sensiblePet, 'sensible')).toBe(customFieldMessages.sensitiveOnlyPersons);
    const nul = await admin('POST', '/api/campos', { entidad: 'mascota', clave: 'nota', etiqueta: 'Nota\u0000', tipo: 'texto' });
    expect(nul.statusCode).toBe(400);

    const taken = await admin('POST', '/api/campos', { entidad: 'mascota', clave: 'test_leishmania', etiqueta: 'Otra vez', tipo: 'texto' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(customFieldMessages.keyTaken);
    // The same key on the other entity is another field.
    await define({ entidad: 'persona', clave: 'test_leishmania', etiqueta: 'Hizo el test de leishmania a su perro', tipo: 'si_no' });
    expect((await t.database.db.select({ n: count() }).from(customField))[0]!.n).toBe(5);
  });

  it('never change their key or type; of two saves at one version, one is refused with a 409', async () => {
    const keyChange = await admin('PUT', `/api/campos/${peso.id}`, { clave: 'peso', etiqueta: 'Peso', version: peso.version });
    expect(keyChange.statusCode).toBe(400);
    expect(keyChange.json<{ message: string }>().message).toBe(customFieldMessages.keyFixed);
    const typeChange = await admin('PUT', `/api/campos/${peso.id}`, { tipo: 'texto', etiqueta: 'Peso', version: peso.version });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json<{ message: string }>().message).toBe(customFieldMessages.typeFixed);

    const [a, b] = await Promise.all([
      admin('PUT', `/api/campos/${peso.id}`, { etiqueta: 'Peso al llegar', version: peso.version }),
      as(coordination, 'PUT', `/api/campos/${peso.id}`, { etiqueta: 'Peso de entrada', version: peso.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<{ message: string }>().message).toBe(customFieldMessages.staleVersion);
    const winner = (a.statusCode === 200 ? a : b).json<CustomField>();
    expect(winner.version).toBe(2);
    const stored = await t.database.db.select().from(customField).where(eq(customField.id, peso.id));
    expect(stored[0]!.etiqueta).toBe(winner.etiqueta);
    expect((await auditOf('campo_propio', peso.id)).filter((e) => e.accion === 'modificar')).toHaveLength(1);
    peso = winner;
  });

  let petId: number;

  it("check a pet's values on the server, naming the field, and store nothing on a refusal", async () => {
    const before = await petCount();
    const wrongType = await savePet('/phpApi/mascota/nueva', { campos: JSON.stringify({ peso_llegada: 'mucho' }) });
    expect(wrongType.statusCode).toBe(400);
    expect(fieldError(wrongType, 'campos.peso_llegada')).toBe(customFieldMessages.notNumber(peso.etiqueta));
    const unknownOption = await savePet('/phpApi/mascota/nueva', { campos: JSON.stringify({ test_leishmania: 'Quizá' }) });
    expect(unknownOption.statusCode).toBe(400);
    expect(fieldError(unknownOption, 'campos.test_leishmania')).toBe(customFieldMessages.unknownOption('Test de leishmania', 'Quizá'));
    const unknownField = await savePet('/phpApi/mascota/nueva', { campos: JSON.stringify({ color_collar: 'rojo' }) });
    expect(unknownField.statusCode).toBe(400);
    expect(fieldError(unknownField, 'campos.color_collar')).toBe(customFieldMessages.unknownField('color_collar'));
    const otherSpecies = await savePet('/phpApi/mascota/nueva', { tipo: 'Gato', campos: JSON.stringify({ test_leishmania: 'Negativo' }) });
    expect(otherSpecies.statusCode).toBe(400);
    expect(fieldError(otherSpecies, 'campos.test_leishmania')).toBe(customFieldMessages.otherSpecies('Test de leishmania', 'Gato'));
    const notJson = await savePet('/phpApi/mascota/nueva', { campos: '{peso_llegada: 3' });
    expect(notJson.statusCode).toBe(400);
    const bidi = await savePet('/phpApi/mascota/nueva', { campos: JSON.stringify({ caracter_ninos: ['Juega\u202E'] }) });
    expect(bidi.statusCode).toBe(400);
    expect(await petCount()).toBe(before);

    const created = await savePet('/phpApi/mascota/nueva', {
      campos: JSON.stringify({ test_leishmania: 'Negativo', peso_llegada: '12,5', caracter_ninos: ['Tolera', 'Juega'] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    petId = created.json<{ id: number }>().id;
    const read = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Pet>();
    // Normalised: «12,5» is 12.5, the options in the definition's order.
    expect(read.campos).toEqual({ test_leishmania: 'Negativo', peso_llegada: 12.5, caracter_ninos: ['Juega', 'Tolera'] });
    const created_ = (await auditOf('mascota', petId)).find((e) => e.accion === 'crear')!;
    expect(created_.cambios['campos.peso_llegada']).toEqual([null, 12.5]);
    const listed = (await admin('GET', '/api/campos?entidad=mascota')).json<{ items: CustomField[] }>().items;
    expect(listed.find((f) => f.clave === 'test_leishmania')!.usos).toBe(1);
  });

  it('keep the values a save leaves out, clear one sent as null, and write one change each', async () => {
    const untouched = await savePet(`/phpApi/mascota/${petId}/actualizar`, { nombre: 'Luna Mar' });
    expect(untouched.statusCode, untouched.body).toBe(200);
    let read = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Pet>();
    expect(read.campos.peso_llegada).toBe(12.5);

    const changed = await savePet(`/phpApi/mascota/${petId}/actualizar`, {
      nombre: 'Luna Mar',
      campos: JSON.stringify({ peso_llegada: 14, caracter_ninos: null }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    read = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Pet>();
    expect(read.campos).toEqual({ test_leishmania: 'Negativo', peso_llegada: 14 });
    const last = (await auditOf('mascota', petId)).find((e) => e.cambios['campos.peso_llegada'] && e.accion === 'modificar')!;
    expect(last.cambios['campos.peso_llegada']).toEqual([12.5, 14]);
    expect(last.cambios['campos.caracter_ninos']).toEqual([['Juega', 'Tolera'], null]);
    expect(last.cambios['campos.test_leishmania']).toBeUndefined();
  });

  it('refuse removing an option a record has chosen; adding and renaming the unused ones is fine', async () => {
    const removeUsed = await admin('PUT', `/api/campos/${leishmania.id}`, {
      etiqueta: leishmania.etiqueta,
      opciones: ['Positivo', 'Pendiente'],
      especies: ['Perro'],
      publico: true,
      version: leishmania.version,
    });
    expect(removeUsed.statusCode).toBe(400);
    expect(fieldError(removeUsed, 'opciones')).toBe(customFieldMessages.optionRemovedInUse('Negativo'));
    const added = await admin('PUT', `/api/campos/${leishmania.id}`, {
      etiqueta: leishmania.etiqueta,
      opciones: ['Negativo', 'Positivo', 'Pendiente de resultado', 'No se hizo'],
      especies: ['Perro'],
      publico: true,
      version: leishmania.version,
    });
    expect(added.statusCode, added.body).toBe(200);
    leishmania = added.json<CustomField>();
    expect(leishmania.opciones).toHaveLength(4);
  });

  it('enforce a required field on a new pet of its species, and only of its species', async () => {
    const required = await define({
      entidad: 'mascota',
      clave: 'vacuna_felv',
      etiqueta: 'Test FeLV',
      tipo: 'si_no',
      especies: ['Gato'],
      obligatorio: true,
    });
    const cat = await savePet('/phpApi/mascota/nueva', { tipo: 'Gato' });
    expect(cat.statusCode).toBe(400);
    expect(fieldError(cat, 'campos.vacuna_felv')).toBe(customFieldMessages.required('Test FeLV'));
    const dog = await savePet('/phpApi/mascota/nueva', { tipo: 'Perro' });
    expect(dog.statusCode, dog.body).toBe(200);
    const catWithIt = await savePet('/phpApi/mascota/nueva', { tipo: 'Gato', campos: JSON.stringify({ vacuna_felv: 'false' }) });
    expect(catWithIt.statusCode, catWithIt.body).toBe(200);
    // Archived, it leaves the forms: not required any more.
    const archived = await admin('POST', `/api/campos/${required.id}/archivar`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await savePet('/phpApi/mascota/nueva', { tipo: 'Gato' })).statusCode).toBe(200);
  });

  it("keep an archived field's values through edits and refuse changing them; recovered, the field comes back", async () => {
    const archived = await admin('POST', `/api/campos/${peso.id}/archivar`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<CustomField>()).toMatchObject({ archivado: true, usos: 1 });
    expect((await admin('POST', `/api/campos/${peso.id}/archivar`)).statusCode).toBe(409);
    const active = (await t.as('staff').inject({ method: 'GET', url: '/api/campos?entidad=mascota' })).json<{ items: CustomField[] }>().items;
    expect(active.map((f) => f.clave)).not.toContain('peso_llegada');

    const edit = await savePet(`/phpApi/mascota/${petId}/actualizar`, { nombre: 'Luna', campos: JSON.stringify({ test_leishmania: 'Positivo' }) });
    expect(edit.statusCode, edit.body).toBe(200);
    let read = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Pet>();
    expect(read.campos).toEqual({ test_leishmania: 'Positivo', peso_llegada: 14 });
    const change = await savePet(`/phpApi/mascota/${petId}/actualizar`, { nombre: 'Luna', campos: JSON.stringify({ peso_llegada: 20 }) });
    expect(change.statusCode).toBe(400);
    expect(fieldError(change, 'campos.peso_llegada')).toBe(customFieldMessages.archivedField(peso.etiqueta));

    const recovered = await admin('POST', `/api/campos/${peso.id}/recuperar`);
    expect(recovered.json<CustomField>().archivado).toBe(false);
    expect((await auditOf('campo_propio', peso.id)).filter((e) => e.accion === 'estado')).toHaveLength(2);
    read = (await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Pet>();
    expect(read.campos.peso_llegada).toBe(14);
  });

  it('filter the list by their values, read by type, carry them in its items, and go to the exports as columns', async () => {
    const list = (url: string) => t.as('staff').inject({ method: 'GET', url });
    const positive = await list('/phpApi/mascotas?campo.test_leishmania=Positivo&pageSize=100');
    expect(positive.statusCode, positive.body).toBe(200);
    const items = positive.json<{ items: { id: number; campos: Record<string, unknown> }[] }>().items;
    expect(items.map((p) => p.id)).toEqual([petId]);
    expect(items[0]!.campos).toEqual({ test_leishmania: 'Positivo', peso_llegada: 14 });
    // A number as typed, and two filters at once.
    const both = await list('/phpApi/mascotas?campo.peso_llegada=14,0&campo.test_leishmania=Positivo');
    expect(both.json<{ items: { id: number }[] }>().items.map((p) => p.id)).toEqual([petId]);
    expect((await list('/phpApi/mascotas?campo.test_leishmania=Negativo')).json<{ total: number }>().total).toBe(0);
    const felv = await list('/phpApi/mascotas?campo.vacuna_felv=no');
    expect(felv.statusCode, felv.body).toBe(200);
    expect(felv.json<{ total: number }>().total).toBe(1);

    const badValue = await list('/phpApi/mascotas?campo.peso_llegada=mucho');
    expect(badValue.statusCode).toBe(400);
    expect(fieldError(badValue, 'campo.peso_llegada')).toBe(customFieldMessages.filterInvalid(peso.etiqueta, 'mucho'));
    const unknown = await list('/phpApi/mascotas?campo.nada=1');
    expect(unknown.statusCode).toBe(400);
    expect(fieldError(unknown, 'campo.nada')).toBe(customFieldMessages.unknownField('nada'));

    const csv = await list('/api/mascotas.csv?campo.test_leishmania=Positivo');
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, extra] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('"Test de leishmania"');
    expect(header).toContain('"Test FeLV (archivado)"');
    expect(row).toContain('"Positivo"');
    expect(row).toContain('"14"');
    expect(extra).toBeUndefined();

    // The bulk actions' "every pet matching" takes the same filter: only the pets the list shows change.
    const batch = await t.as('staff').inject({
      method: 'POST',
      url: '/api/mascotas/lote',
      payload: { accion: 'publicar', filtro: { campo: { test_leishmania: 'Positivo' } } },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json<{ resultados: { id: number }[] }>().resultados.map((r) => r.id)).toEqual([petId]);
    const badBatch = await t
      .as('staff')
      .inject({ method: 'POST', url: '/api/mascotas/lote', payload: { accion: 'publicar', filtro: { campo: { nada: 'x' } } } });
    expect(badBatch.statusCode).toBe(400);
  });

  it('show on the public catalogue only the fields marked public, of the species, and follow a change of the definition', async () => {
    const published = await savePet(`/phpApi/mascota/${petId}/actualizar`, { nombre: 'Luna', estado: 'publicada' });
    expect(published.statusCode, published.body).toBe(200);
    const publicPet = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/mascotas/${petId}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ campos: { etiqueta: string; valor: string }[] }>().campos;
    };
    expect(await publicPet()).toEqual([{ etiqueta: 'Test de leishmania', valor: 'Positivo' }]);
    const page = (await t.app.inject({ method: 'GET', url: '/api/public/mascotas' })).json<{ items: { id: number; campos: unknown[] }[] }>();
    expect(page.items.find((p) => p.id === petId)!.campos).toEqual([{ etiqueta: 'Test de leishmania', valor: 'Positivo' }]);

    // Marked public now: the cached answers go at once (the definitions' trigger announces every pet changed).
    const current = (await admin('GET', '/api/campos?entidad=mascota')).json<{ items: CustomField[] }>().items.find((f) => f.id === peso.id)!;
    const shown = await admin('PUT', `/api/campos/${peso.id}`, { etiqueta: 'Peso al llegar (kg)', publico: true, version: current.version });
    expect(shown.statusCode, shown.body).toBe(200);
    await expect.poll(publicPet, { timeout: 5_000 }).toEqual([
      { etiqueta: 'Test de leishmania', valor: 'Positivo' },
      { etiqueta: 'Peso al llegar (kg)', valor: '14' },
    ]);
  });

  it('take a new order, the fields named first; an id of the other entity is refused', async () => {
    const reordered = await as(coordination, 'PUT', '/api/campos/orden', { entidad: 'mascota', ids: [caracter.id, leishmania.id, peso.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<{ items: CustomField[] }>().items.map((f) => f.clave)).toEqual(['caracter_ninos', 'test_leishmania', 'peso_llegada']);
    const listed = (await admin('GET', '/api/campos?entidad=mascota&archivados=true')).json<{ items: CustomField[] }>().items;
    expect(listed.map((f) => f.clave)).toEqual(['caracter_ninos', 'test_leishmania', 'peso_llegada', 'vacuna_felv']);
    expect((await auditOf('campo_propio', caracter.id)).some((e) => e.cambios.orden !== undefined)).toBe(true);
    const foreign = await admin('PUT', '/api/campos/orden', { entidad: 'mascota', ids: [socio.id] });
    expect(foreign.statusCode).toBe(400);
    expect((await t.as('staff').inject({ method: 'PUT', url: '/api/campos/orden', payload: { entidad: 'mascota', ids: [] } })).statusCode).toBe(403);
  });

  it("mask a person's sensitive field for the roles that mask, in the record, the list and the history; sent back masked, it keeps its value", async () => {
    const created = await t.as('staff').inject({
      method: 'POST',
      url: '/api/personas',
      payload: { nombre: 'Marta', email: 'marta@example.test', campos: { socio_antiguo: 'S-0042', test_leishmania: true } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const marta = created.json<Person>();
    expect(marta.campos).toEqual({ socio_antiguo: 'S-0042', test_leishmania: true });

    const seen = (await as(volunteer, 'GET', `/api/personas/${marta.id}`)).json<Person>();
    expect(seen.campos).toEqual({ socio_antiguo: MASK, test_leishmania: true });
    const list = (await as(volunteer, 'GET', '/api/personas?q=Marta')).json<{ items: Person[] }>();
    expect(list.items[0]!.campos.socio_antiguo).toBe(MASK);
    const history = (await as(volunteer, 'GET', `/api/personas/${marta.id}/historial`)).json<{ items: { cambios: Record<string, unknown> }[] }>();
    expect(JSON.stringify(history.items)).not.toContain('S-0042');
    expect(JSON.stringify(history.items)).toContain('campos.socio_antiguo');

    // An organisation role that masks and edits persons saves the form back with the masked text: nothing changes.
    const roleRes = await admin('POST', '/api/roles', {
      nombre: 'Recepción',
      basadoEn: 'Equipo',
      capacidades: startingCapabilities('Equipo'),
      enmascarar: true,
    });
    const role = roleRes.json<OrganizationRole>();
    const receptionId = await t.createUser({ email: 'recepcion@refugio.test', password, role: 'Equipo' });
    expect((await admin('PATCH', `/api/users/${receptionId}`, { rolOrganizacion: role.id })).statusCode).toBe(200);
    const reception = await t.signIn('recepcion@refugio.test', password);
    const saved = await as(reception, 'PATCH', `/api/personas/${marta.id}`, {
      version: marta.version,
      campos: { socio_antiguo: MASK, test_leishmania: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Person>().campos).toEqual({ socio_antiguo: MASK, test_leishmania: false });
    const stored = (await t.as('staff').inject({ method: 'GET', url: `/api/personas/${marta.id}` })).json<Person>();
    expect(stored.campos).toEqual({ socio_antiguo: 'S-0042', test_leishmania: false });
    // The staff without masking sees it whole; a wrong value still answers 400 naming the field.
    const wrong = await t
      .as('staff')
      .inject({ method: 'PATCH', url: `/api/personas/${marta.id}`, payload: { version: stored.version, campos: { test_leishmania: 'quizá' } } });
    expect(wrong.statusCode).toBe(400);
    expect(fieldError(wrong, 'campos.test_leishmania')).toBe(customFieldMessages.notBoolean('Hizo el test de leishmania a su perro'));
  });
  it('enforce a required person field on a new person and on a save of the fields, never on one that leaves them', async () => {
    await define({
      entidad: 'persona',
      clave: 'como_nos_conocio',
      etiqueta: 'Cómo nos conoció',
      tipo: 'opcion',
      opciones: ['Redes', 'Amistad'],
      obligatorio: true,
    });
    const missing = await t.as('staff').inject({ method: 'POST', url: '/api/personas', payload: { nombre: 'Pau', email: 'pau@example.test' } });
    expect(missing.statusCode).toBe(400);
    expect(fieldError(missing, 'campos.como_nos_conocio')).toBe(customFieldMessages.required('Cómo nos conoció'));
    const marta = (await t.as('staff').inject({ method: 'GET', url: '/api/personas?q=Marta' })).json<{ items: Person[] }>().items[0]!;
    const otherField = await t
      .as('staff')
      .inject({ method: 'PATCH', url: `/api/personas/${marta.id}`, payload: { version: marta.version, campos: { test_leishmania: true } } });
    expect(otherField.statusCode).toBe(400);
    expect(fieldError(otherField, 'campos.como_nos_conocio')).toBe(customFieldMessages.required('Cómo nos conoció'));
    const phoneOnly = await t
      .as('staff')
      .inject({ method: 'PATCH', url: `/api/personas/${marta.id}`, payload: { version: marta.version, ciudad: 'Sevilla' } });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    const withIt = await t.as('staff').inject({
      method: 'PATCH',
      url: `/api/personas/${marta.id}`,
      payload: { version: phoneOnly.json<Person>().version, campos: { como_nos_conocio: 'Redes' } },
    });
    expect(withIt.statusCode, withIt.body).toBe(200);
    expect(withIt.json<Person>().campos).toMatchObject({ como_nos_conocio: 'Redes', socio_antiguo: 'S-0042' });
  });
  it("fill the templates' {{mascota.campos.<clave>}} and {{persona.campos.<clave>}} with the values as read, and refuse a key that is no field", async () => {
    const unknown = await admin('PUT', '/api/plantillas/seguimiento', {
      asunto: '¿Qué tal {{mascota.nombre}}?',
      cuerpo: 'Test: {{mascota.campos.test_leishmanya}}',
      activa: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(
      '{{mascota.campos.test_leishmanya}} no es un campo propio: créalo en «Campos propios» o corrige la clave.',
    );
    const cuerpo =
      'Hola {{persona.nombre}}: {{mascota.nombre}} tiene el test {{mascota.campos.test_leishmania}}{{#mascota.campos.peso_llegada}}, pesa {{mascota.campos.peso_llegada}} kg{{/mascota.campos.peso_llegada}}. Socio {{persona.campos.socio_antiguo}}. {{enlace}}';
    const saved = await admin('PUT', '/api/plantillas/seguimiento', { asunto: '¿Qué tal {{mascota.nombre}}?', cuerpo, activa: true });
    expect(saved.statusCode, saved.body).toBe(200);
    // The editor offers them, described.
    expect(saved.json<{ variables: { nombre: string; descripcion: string }[] }>().variables).toContainEqual({
      nombre: 'mascota.campos.test_leishmania',
      descripcion: 'Campo propio del animal: Test de leishmania',
    });
    const preview = await admin('POST', '/api/plantillas/seguimiento/vista-previa', { asunto: 'x', cuerpo });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ texto: string }>().texto).toContain('el test «Test de leishmania»');

    const marta = (await t.as('staff').inject({ method: 'GET', url: '/api/personas?q=Marta' })).json<{ items: Person[] }>().items[0]!;
    const rendered = await t.app.templatesPort.render(
      t.database.db,
      'seguimiento',
      { 'persona.nombre': 'Marta', 'mascota.nombre': 'Luna', enlace: 'https://refugio.test/s/1' },
      { mascotaId: petId, personaId: marta.id },
    );
    expect(rendered.texto).toContain('Luna tiene el test Positivo, pesa 14 kg. Socio S-0042.');
    expect(rendered.faltan).toEqual([]);
    // A pet without the values: the clause goes, nothing is missing.
    const other = (await t.database.db.select({ id: pet.id }).from(pet).where(eq(pet.tipo, 'Gato')).limit(1))[0]!;
    const bare = await t.app.templatesPort.render(
      t.database.db,
      'seguimiento',
      { 'persona.nombre': 'Marta', 'mascota.nombre': 'Misi', enlace: 'x' },
      { mascotaId: other.id },
    );
    expect(bare.texto).toContain('Misi tiene el test. Socio.');
    expect(bare.faltan).toEqual([]);
  });
});
