import { MASK, ROUTE_PERMISSIONS, can, type ListHistoryResponse, type ListPersonsResponse, type Person } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestApp, createTestApp } from '../helpers/helpers';

/** What a Voluntariado user sees of a person: document, address and phone as `***`, wherever the person appears. */
describe('persons masked for Voluntariado', () => {
  let t: TestApp;
  let volunteer: string;
  let personId: number;
  const secrets = ['612345678', '600111222', '12345678Z', 'Calle Mayor 5', '28013', 'X1234567L'];

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ email: 'voluntaria@refugio.test', password: 'clave-de-prueba-segura-1', role: 'Voluntariado' });
    volunteer = await t.signIn('voluntaria@refugio.test', 'clave-de-prueba-segura-1');
    const created = await t.as('admin').inject({
      method: 'POST',
      url: '/api/personas',
      payload: {
        nombre: 'Marta',
        apellidos: 'Soler',
        telefono: '+34612345678',
        documento: 'X1234567L',
        nif: '12345678Z',
        direccion: 'Calle Mayor 5',
        codigoPostal: '28013',
        ciudad: 'Madrid',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json<Person>();
    personId = person.id;
    const changed = await t
      .as('admin')
      .inject({ method: 'PATCH', url: `/api/personas/${personId}`, payload: { telefono: '+34600111222', version: person.version } });
    expect(changed.statusCode, changed.body).toBe(200);
  });
  afterAll(() => t.close());

  const asVolunteer = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: PUBLIC_URL, cookie: volunteer } });
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of secrets) expect(text, `${where} shows ${secret}`).not.toContain(secret);
  };

  it('masks the list, the search, the record and the history; the name and the city stay', async () => {
    const list = await asVolunteer('/api/personas?q=marta');
    expect(list.statusCode).toBe(200);
    expectNoSecret(list.body, 'the list');
    const item = list.json<ListPersonsResponse>().items[0]!;
    expect(item).toMatchObject({ nombre: 'Marta', apellidos: 'Soler', telefono: MASK });

    const detail = await asVolunteer(`/api/personas/${personId}`);
    expect(detail.statusCode).toBe(200);
    expectNoSecret(detail.body, 'the record');
    expect(detail.json<Person>()).toMatchObject({
      nombre: 'Marta',
      ciudad: 'Madrid',
      telefono: MASK,
      documento: MASK,
      nif: MASK,
      direccion: MASK,
      codigoPostal: MASK,
    });

    const history = await asVolunteer(`/api/personas/${personId}/historial?pageSize=50`);
    expect(history.statusCode).toBe(200);
    expectNoSecret(history.body, 'the history');
    const phoneChange = history.json<ListHistoryResponse>().items.find((e) => e.cambios && 'telefono' in e.cambios && e.accion === 'modificar');
    expect(phoneChange?.cambios?.telefono).toEqual([MASK, MASK]);
  });

  it('finds nobody by a phone or a document it cannot see', async () => {
    for (const q of ['612345678', 'X1234567L']) {
      const res = await asVolunteer(`/api/personas?q=${q}`);
      expect(res.json<ListPersonsResponse>().total, q).toBe(0);
    }
    const admin = await t.as('admin').inject({ method: 'GET', url: '/api/personas?q=X1234567L' });
    expect(admin.json<ListPersonsResponse>().total).toBe(1);
  });

  it('shows the administrator everything, and refuses the RGPD export and anonymisation to the volunteer', async () => {
    const detail = await t.as('admin').inject({ method: 'GET', url: `/api/personas/${personId}` });
    expect(detail.json<Person>()).toMatchObject({ telefono: '+34600111222', documento: 'X1234567L', direccion: 'Calle Mayor 5' });
    expect((await asVolunteer(`/api/personas/${personId}/exportar`)).statusCode).toBe(403);
    const anonymise = await t.app.inject({
      method: 'POST',
      url: `/api/personas/${personId}/anonimizar`,
      headers: { origin: PUBLIC_URL, cookie: volunteer },
      payload: {},
    });
    expect(anonymise.statusCode).toBe(403);
  });

  it('opens to Voluntariado no file (CSV, spreadsheet, PDF, XML) but those that name no person', () => {
    // The pet list's export (pets' own fields) and a pet's care PDF (care and the organisation's contact).
    const personFree = new Set(['GET /api/mascotas.csv', 'GET /api/mascotas.xlsx', 'GET /api/mascotas/{id}/salud.pdf']);
    const files = Object.entries(ROUTE_PERMISSIONS).filter(([route]) =>
      /\.(csv|xlsx|pdf|xml|jpg|png)$|\/(pdf|xml|certificado[^/]*|cartel\.pdf|exportar|contrato|acta)$/.test(route),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const [route, permission] of files) {
      if (permission === 'public' || permission === 'token' || personFree.has(route)) continue;
      expect(can('Voluntariado', permission), route).toBe(false);
    }
  });
});
