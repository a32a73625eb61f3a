import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { sheetCells, unescapeXml, unzip } from '../helpers/xlsx-reader';

describe('exports of the adoption requests and the pet list (.csv, .xlsx)', () => {
  let t: TestApp;
  let petId: number;
  // 23:30 UTC on 31 January is already 1 February in Madrid: the date and the file name are the organisation's.
  const created = new Date('2026-01-31T23:30:00Z');

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    const [row] = await t.database.db
      .insert(pet)
      .values({
        nombre: 'Canela',
        edad: '2 años',
        tipo: 'Perro',
        genero: 'hembra',
        tamano: 'mediano',
        estado: 'borrador',
        adoptado: true,
        tags: ['tranquila', '=1+1'],
      })
      .returning();
    petId = row!.id;
    await t.database.db.insert(adoptionRequest).values({
      petId,
      nombre: 'Dora',
      email: 'dora@example.com',
      telefono: '0034600111222',
      edad: 30,
      ciudad: 'Madrid;=1+1',
      direccion: 'Calle, +2',
      vivienda: 'casa',
      viviendaPropia: true,
      permiteMascotas: null,
      patio: false,
      personasEnCasa: 2,
      ninosEnCasa: 0,
      horasSolo: 3,
      otrasMascotas: '-ninguna',
      experiencia: '@alguna',
      motivo: 'Compañía',
      aceptaVisita: true,
      aceptaPrivacidad: true,
      createdAt: created,
      updatedAt: created,
    });
    await t.app.changes.caughtUp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => t.as('staff').inject({ method: 'GET', url });

  it('writes the adoption-request CSV with Spanish headers, every cell quoted, dates in the organisation time zone', async () => {
    const res = await get(`/api/solicitudes-adopcion.csv?mascotaId=${petId}`);
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.subarray(3).toString('utf8');
    const [header, line] = text.trimEnd().split('\r\n');
    expect(header).toBe(
      '"Nº","Fecha","Estado","Nº de mascota","Mascota","Nombre","Correo electrónico","Teléfono","Edad","Ciudad","Dirección","Vivienda","Vivienda propia","Permite mascotas","Patio","Personas en casa","Niños en casa","Horas solo","Otras mascotas","Experiencia","Motivo","Acepta visita","Acepta privacidad"',
    );
    expect(line).toContain(`,"2026-02-01 00:30","Nueva",`);
    expect(line).toContain(`"Madrid;'=1+1","Calle, '+2","Casa","sí","","no"`);
    // However a spreadsheet splits the file (',' or ';' as Excel in Spain does), no piece starts a formula.
    for (const separator of [',', ';']) {
      for (const piece of text.split(/\r\n/).flatMap((l) => l.split(separator))) expect(piece.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
  });

  it('names the file with the organisation day', async () => {
    const res = await get(`/api/solicitudes-adopcion.csv?mascotaId=${petId}`);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="solicitudes-adopcion-${day}.csv"`);
  });

  it('writes the same list as .xlsx with every cell typed as text, exactly as stored (no apostrophes)', async () => {
    const res = await get(`/api/solicitudes-adopcion.xlsx?mascotaId=${petId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="solicitudes-adopcion-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const cells = sheetCells(unzip(res.rawPayload));
    expect(cells.filter((c) => c.text !== '').every((c) => c.type === 's' || c.type === 'inlineStr' || c.type === 'str')).toBe(true);
    const texts = new Map(cells.map((c) => [c.ref, unescapeXml(c.text)]));
    expect(texts.get('A1')).toBe('Nº');
    expect(texts.get('B2')).toBe('2026-02-01 00:30');
    expect(texts.get('H2')).toBe('0034600111222');
    expect(texts.get('J2')).toBe('Madrid;=1+1');
    expect(texts.get('S2')).toBe('-ninguna');
  });

  it('exports the pet list with its filters, as .csv and .xlsx, in Spanish', async () => {
    const csv = await get('/api/mascotas.csv?q=canela');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="mascotas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"Nº","Nombre","Tipo","Edad","Género","Tamaño",/);
    expect(lines[1]).toContain(`"Canela","Perro","2 años","Hembra","Mediano"`);
    expect(lines[1]).toContain(`"Adoptada","Borrador"`);
    expect(lines[1]).toContain(`"tranquila, '=1+1"`);
    expect((await get('/api/mascotas.csv?q=nadie')).rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);

    const xlsx = await get('/api/mascotas.xlsx?tipo=Perro');
    expect(xlsx.statusCode).toBe(200);
    const texts = new Map(sheetCells(unzip(xlsx.rawPayload)).map((c) => [c.ref, unescapeXml(c.text)]));
    expect(texts.get('B2')).toBe('Canela');
    expect(texts.get('L2')).toBe('tranquila, =1+1');
  });

  it('is for staff only and refuses bad filters in Spanish', async () => {
    for (const url of ['/api/mascotas.csv', '/api/mascotas.xlsx', '/api/solicitudes-adopcion.xlsx']) {
      expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url }), 401);
    }
    expectErrorShape(await get('/api/mascotas.xlsx?tipo=Dragón'), 400);
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/mascotas.csv', '/api/mascotas.xlsx', '/api/solicitudes-adopcion.csv', '/api/solicitudes-adopcion.xlsx']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
