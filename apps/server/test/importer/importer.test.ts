import { and, eq, isNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { historyEvent, importBatch, importRow, person, pet } from '../../src/db/schema';
import { type Caller, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';
import { zip } from './zip-builder';

/*
 * The import wizard through the API (DESIGN section 18), with files made here: a Windows-1252 CSV separated by `;`
 * with accents and ñ, an .xlsx written with write-excel-file, Animal Shelter Manager's CSV export, the pet list's own
 * export; the errors that teach (30/02, 9,41E+14, a short microchip), the job (resumed after a restart, each row
 * once), importing twice, undo, permissions and hostile files.
 */

const PETS_CSV = [
  'Nombre;Especie;Sexo;Tamaño;Fecha de nacimiento;Chip;Fecha de entrada;Raza;Historia',
  'Toña;Perra;;Pequeño;15/03/2020;941000000012345;01/02/2024;Mestiza;Encontrada en Peñíscola', // 2: ok, Perro hembra chico
  'Garbanzo;Gato;Macho;Mediano;30/02/2021;;03/02/2024;Común europeo;', // 3: 30/02
  'Ñoño;Perro;Macho;Grande;;9,41E+14;;Mastín;', // 4: chip in scientific notation
  'Lúa;Conejo;Hembra;;;94100001234;;;', // 5: chip without its leading zeros
  'Bimba;Dog;Female;Small;2019-05-01;941 000 000 099 999;;;', // 6: ok
  ';;;;;;;;', // 7: empty
  'Copito;Cat;Male;Medium;;941000000012345;;;', // 8: the microchip of row 2 again
].join('\r\n');

describe('import wizard API', () => {
  let t: TestApp;
  const admin = () => t.as('admin');

  const upload = (data: Buffer, fileName: string, tipo = 'mascotas', caller: Caller = admin()) => {
    const form = multipart([
      { name: 'tipo', value: tipo },
      { name: 'archivo', value: data, fileName, contentType: 'application/octet-stream' },
    ]);
    return caller.inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
  };
  const uploaded = async (data: Buffer, fileName: string, tipo = 'mascotas') => {
    const res = await upload(data, fileName, tipo);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportUpload>();
  };
  const map = async (id: string, mapeo: Record<string, string>, formatoFecha?: string) => {
    const res = await admin().inject({
      method: 'PUT',
      url: `/api/importaciones/${id}/mapeo`,
      payload: { mapeo, ...(formatoFecha ? { formatoFecha } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportDryRun>();
  };
  const confirmAndRun = async (id: string) => {
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${id}/confirmar` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ImportStatus>().estado).toBe('en_curso');
    await t.app.jobs.runDue();
    return status(id);
  };
  const status = async (id: string) => {
    const res = await admin().inject({ method: 'GET', url: `/api/importaciones/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportStatus>();
  };
  const livePets = () => t.database.db.select().from(pet).where(isNull(pet.deletedAt)).orderBy(pet.id);
  const batches = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(importBatch))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let firstImport = '';

  it('reads a Windows-1252 CSV separated by ";", suggests the mapping from Spanish headers and answers a dry run that teaches', async () => {
    const file = await uploaded(iconv.encode(PETS_CSV, 'win1252'), 'mascotas.csv');
    firstImport = file.id;
    expect(file.columnas).toEqual(['Nombre', 'Especie', 'Sexo', 'Tamaño', 'Fecha de nacimiento', 'Chip', 'Fecha de entrada', 'Raza', 'Historia']);
    expect(file.muestra[0]).toMatchObject({ Nombre: 'Toña', Historia: 'Encontrada en Peñíscola' });
    expect(file.mapeoSugerido).toEqual({
      Nombre: 'nombre',
      Especie: 'tipo',
      Sexo: 'genero',
      Tamaño: 'tamano',
      'Fecha de nacimiento': 'fechaNacimiento',
      Chip: 'microchip',
      'Fecha de entrada': 'fechaIngreso',
      Raza: 'raza',
      Historia: 'historia',
    });
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 2, actualizar: 0, omitir: 0, duplicados: [] });
    const byRow = Object.fromEntries(run.errores.map((e) => [e.fila, e]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 8]);
    expect(byRow[3]).toMatchObject({ columna: 'Fecha de nacimiento' });
    expect(byRow[3]!.mensaje).toMatch(/30\/02\/2021.*no existe/);
    expect(byRow[4]).toMatchObject({ columna: 'Chip' });
    expect(byRow[4]!.mensaje).toMatch(/9,41E\+14.*notación científica.*formato de texto/);
    expect(byRow[5]!.mensaje).toMatch(/11 cifras.*ceros de delante.*formato de texto/);
    expect(byRow[8]!.mensaje).toMatch(/fila 2/);
    // A dry run stores nothing.
    expect(await livePets()).toHaveLength(0);
  });

  it('imports as a job: each valid row once, with its history naming the file and row; errors listed, never half-imported', async () => {
    const done = await confirmAndRun(firstImport);
    // Row 7 is empty: not a row of data, neither processed nor omitted.
    expect(done).toMatchObject({ estado: 'terminada', progreso: 100, creados: 2, actualizados: 0, omitidos: 0 });
    expect(done.errores.map((e) => e.fila)).toEqual([3, 4, 5, 8]);
    const pets = await livePets();
    expect(pets.map((p) => [p.nombre, p.tipo, p.genero, p.tamano, p.microchip, p.fechaNacimiento, p.estado])).toEqual([
      ['Toña', 'Perro', 'hembra', 'chico', '941000000012345', '2020-03-15', 'borrador'],
      ['Bimba', 'Perro', 'hembra', 'chico', '941000000099999', '2019-05-01', 'borrador'],
    ]);
    expect(pets[0]!.fechaIngreso?.slice(0, 10)).toBe('2024-02-01');
    expect(pets[0]!.historia).toBe('Encontrada en Peñíscola');
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'mascota'), eq(historyEvent.entidadId, String(pets[0]!.id))));
    expect(event).toMatchObject({ accion: 'crear', actorTipo: 'usuario' });
    expect((event!.cambios as Record<string, unknown[]>).origen).toEqual([null, 'importado de mascotas.csv, fila 2']);
    // Confirming again: 409, nothing more.
    const again = await admin().inject({ method: 'POST', url: `/api/importaciones/${firstImport}/confirmar` });
    expectErrorShape(again, 409);
  });

  it('the same file imported twice creates nothing new (matched by microchip); the mapping chosen is remembered', async () => {
    const file = await uploaded(iconv.encode(PETS_CSV, 'win1252'), 'mascotas.csv');
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 0, omitir: 2 });
    expect(run.duplicados.map((d) => [d.fila, d.existenteId])).toEqual([
      [2, (await livePets())[0]!.id],
      [6, (await livePets())[1]!.id],
    ]);
    const done = await confirmAndRun(file.id);
    expect(done).toMatchObject({ estado: 'terminada', creados: 0 });
    expect(await livePets()).toHaveLength(2);
    // A column mapped by hand is suggested for the next file with that header.
    const custom = await uploaded(Buffer.from('Nombre,Especie,Apodo\nRex,Perro,Rexi\n'), 'otro.csv');
    expect(custom.mapeoSugerido.Apodo).toBe('');
    await map(custom.id, { ...custom.mapeoSugerido, Apodo: 'personalidad' });
    const next = await uploaded(Buffer.from('APODO;Nombre;Especie\nX;Rex;Perro\n'), 'otro2.csv');
    expect(next.mapeoSugerido.APODO).toBe('personalidad');
  });

  it('undo removes what the import created unless it changed since', async () => {
    const [tona, bimba] = await livePets();
    await t.database.db
      .update(pet)
      .set({ version: sql`${pet.version} + 1`, nombre: 'Bimba la buena' })
      .where(eq(pet.id, bimba!.id));
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${firstImport}/deshacer` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportStatus>()).toMatchObject({ estado: 'deshecha', creados: 2, deshechos: 1, conservados: 1 });
    expect((await livePets()).map((p) => p.id)).toEqual([bimba!.id]);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'mascota'), eq(historyEvent.entidadId, String(tona!.id)), eq(historyEvent.accion, 'eliminar')));
    expect(events).toHaveLength(1);
  });

  it('reads an .xlsx made with write-excel-file: persons linked by the rules of DESIGN 10, numbers kept exactly', async () => {
    const [ana] = await t.database.db.insert(person).values({ nombre: 'Ana', apellidos: 'Peña', email: 'ana@example.org' }).returning();
    const text = (value: string) => ({ value, type: String });
    const rows = [
      ['Nombre', 'Apellidos', 'Correo electrónico', 'Teléfono', 'DNI', 'Ciudad', 'Rol'].map(text),
      ['Ana', 'Peña', 'ANA@example.org', '', '', 'Peñíscola', 'Socia'].map(text), // 2: the same person: city filled, role added
      ['Luis', 'Muñoz', '', '612 345 678', '', 'Madrid', 'voluntario'].map(text), // 3: new
      ['Anabel', 'Ruiz', 'ana@example.org', '', '', '', ''].map(text), // 4: same e-mail, another name: new, possible duplicate
      ['Sin', 'Contacto', '', '', '', '', ''].map(text), // 5: no contact
      ['Mal', 'Correo', 'no-es-un-correo', '', '', '', ''].map(text), // 6: invalid e-mail
      ['Luis', 'Muñoz', '', '612345678', '', '', ''].map(text), // 7: row 3 again
    ];
    const data = await writeXlsxFile(rows).toBuffer();
    const file = await uploaded(data, 'personas.xlsx', 'personas');
    expect(file.mapeoSugerido).toMatchObject({
      Nombre: 'nombre',
      Apellidos: 'apellidos',
      'Correo electrónico': 'email',
      Teléfono: 'telefono',
      DNI: 'documento',
      Ciudad: 'ciudad',
      Rol: 'rol',
    });
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 2, actualizar: 1, omitir: 1 });
    expect(run.errores.map((e) => [e.fila, e.columna])).toEqual([
      [5, 'Correo electrónico'],
      [6, 'Correo electrónico'],
    ]);
    expect(run.duplicados).toEqual([
      { fila: 2, motivo: expect.any(String) as string, existenteId: ana!.id },
      { fila: 4, motivo: expect.stringMatching(/posible duplicado/) as string, existenteId: ana!.id },
    ]);
    const done = await confirmAndRun(file.id);
    expect(done).toMatchObject({ estado: 'terminada', creados: 2, actualizados: 1, omitidos: 1 });
    const people = await t.database.db.select().from(person).orderBy(person.id);
    expect(people.map((p) => [p.nombre, p.email, p.telefono, p.ciudad, p.roles])).toEqual([
      ['Ana', 'ana@example.org', null, 'Peñíscola', ['socio']],
      ['Luis', null, '+34612345678', 'Madrid', ['voluntario']],
      ['Anabel', 'ana@example.org', null, '', []],
    ]);
    // An imported e-mail is not a consent to write.
    expect(people.every((p) => !p.consentimientoEmail)).toBe(true);
    const undo = await admin().inject({ method: 'POST', url: `/api/importaciones/${file.id}/deshacer` });
    expect(undo.json<ImportStatus>()).toMatchObject({ deshechos: 2, conservados: 0 });
    expect((await t.database.db.select().from(person)).map((p) => p.nombre)).toEqual(['Ana']);
  });

  it('an .xlsx microchip stored as a number keeps its 15 digits; one that lost its leading zero is refused', async () => {
    const rows = [
      [
        { value: 'Nombre', type: String },
        { value: 'Especie', type: String },
        { value: 'Sexo', type: String },
        { value: 'Microchip', type: String },
      ],
      [{ value: 'Numérico', type: String }, { value: 'Gata', type: String }, null, { value: 941000000077777, type: Number }],
      [
        { value: 'Cero', type: String },
        { value: 'Gato', type: String },
        { value: 'M', type: String },
        { value: 41000000077777, type: Number },
      ],
    ];
    const file = await uploaded(await writeXlsxFile(rows as never).toBuffer(), 'chips.xlsx');
    const run = await map(file.id, file.mapeoSugerido);
    expect(run.crear).toBe(1);
    expect(run.errores).toEqual([{ fila: 3, columna: 'Microchip', mensaje: expect.stringMatching(/14 cifras/) as string }]);
  });

  it("reads Animal Shelter Manager's CSV export and matches a second import by the file's own code", async () => {
    const asm = [
      'ANIMALCODE,ANIMALNAME,ANIMALSPECIES,ANIMALTYPE,ANIMALSEX,ANIMALSIZE,ANIMALDOB,ANIMALENTRYDATE,ANIMALMICROCHIP,ANIMALBREED,ANIMALCOLOR',
      'D2024001,Rocky,Dog,Unwanted Dog,Male,Large,2018-06-01,2024-01-15,,Mastiff,Brindle',
      'C2024002,Misha,Cat,Stray Cat,Female,Small,2021-02-10,2024-02-20,,Domestic Short Hair,Black',
      'R2024003,Tambor,Rabbit,Rabbit,Male,Small,,2024-03-01,,,White',
    ].join('\n');
    const file = await uploaded(Buffer.from(`\uFEFF${asm}`), 'asm.csv');
    expect(file.mapeoSugerido).toMatchObject({
      ANIMALCODE: 'codigo',
      ANIMALNAME: 'nombre',
      ANIMALSPECIES: 'tipo',
      ANIMALTYPE: '',
      ANIMALSEX: 'genero',
      ANIMALSIZE: 'tamano',
      ANIMALDOB: 'fechaNacimiento',
      ANIMALENTRYDATE: 'fechaIngreso',
      ANIMALMICROCHIP: 'microchip',
      ANIMALBREED: 'raza',
      ANIMALCOLOR: 'color',
    });
    expect((await map(file.id, file.mapeoSugerido)).crear).toBe(3);
    expect(await confirmAndRun(file.id)).toMatchObject({ creados: 3, errores: [] });
    const again = await uploaded(Buffer.from(asm), 'asm.csv');
    const run = await map(again.id, again.mapeoSugerido);
    expect(run).toMatchObject({ crear: 0, omitir: 3 });
    expect(await confirmAndRun(again.id)).toMatchObject({ creados: 0, omitidos: 3 });
  });

  it('an ambiguous date column is refused until its format is chosen', async () => {
    const csv = 'Nombre,Especie,Sexo,Fecha de entrada\nA,Perro,Macho,12/25/2023\nB,Perro,Macho,01/02/2023\n';
    const file = await uploaded(Buffer.from(csv), 'fechas.csv');
    const run = await map(file.id, file.mapeoSugerido);
    expect(run.errores.map((e) => e.fila)).toEqual([2, 3]);
    expect(run.errores[1]!.mensaje).toMatch(/dos maneras/);
    const us = await map(file.id, file.mapeoSugerido, 'mm/dd/aaaa');
    expect(us).toMatchObject({ crear: 2, errores: [] });
  });

  it('a restart in the middle continues where it stopped: every row once', async () => {
    const csv = ['Nombre,Especie,Sexo,Código', ...Array.from({ length: 6 }, (_, i) => `Reinicio ${i},Gato,Hembra,RS-${i}`)].join('\n');
    const file = await uploaded(Buffer.from(csv), 'reinicio.csv');
    await map(file.id, file.mapeoSugerido);
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${file.id}/confirmar` });
    expect(res.statusCode).toBe(202);
    // The first instance does two rows and stops (as a crash would); a new instance on the same database runs the job.
    await t.app.importerService.runImport(file.id, 2);
    expect((await status(file.id)).procesadas).toBe(2);
    const second = await createTestApp({}, { database: t.database });
    try {
      await second.app.jobs.runDue();
    } finally {
      await second.close();
    }
    expect(await status(file.id)).toMatchObject({ estado: 'terminada', creados: 6, procesadas: 6 });
    const rows = await t.database.db.select().from(importRow).where(eq(importRow.importId, file.id));
    expect(rows).toHaveLength(6);
    const named = await t.database.db
      .select()
      .from(pet)
      .where(sql`${pet.nombre} LIKE 'Reinicio %'`);
    expect(named).toHaveLength(6);
  });

  it('is for administrators only', async () => {
    const data = Buffer.from('Nombre,Especie\nRex,Perro\n');
    expectErrorShape(await upload(data, 'a.csv', 'mascotas', t.as('staff')), 403);
    expectErrorShape(await upload(data, 'a.csv', 'mascotas', t.as('anonymous')), 401);
    const get = await t.as('staff').inject({ method: 'GET', url: `/api/importaciones/${firstImport}` });
    expectErrorShape(get, 403);
  });

  it('refuses hostile and wrong files with 400 in Spanish, storing nothing', async () => {
    const before = await batches();
    const workbook = { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') };
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'mascotas.csv', /no es un CSV/],
      [zip([workbook]), 'libro.xlsm', /macros/],
      [zip([workbook, { name: 'xl/vbaProject.bin', data: Buffer.from('x') }]), 'libro.xlsx', /macros/],
      [zip([workbook, { name: '../../etc/passwd', data: Buffer.from('x') }]), 'libro.xlsx', /rutas no permitidas/],
      [zip([workbook, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(10_000), claimedSize: 900_000_000 }]), 'bomba.xlsx', /descomprime/],
      [Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n1\n`), 'ancho.csv', /columnas/],
      [Buffer.from('Nombre,Especie\n'), 'vacio.csv', /no tiene filas/],
      [Buffer.from('hola'), 'nota.pdf', /\.xlsx o \.csv/],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), 'viejo.xls', /antigua/],
    ];
    for (const [data, name, message] of cases) {
      const res = await upload(data, name);
      expectErrorShape(res, 400);
      expect(res.json<{ message: string }>().message, name).toMatch(message);
    }
    expectErrorShape(await upload(Buffer.from('a,b\n1,2\n'), 'x.csv', 'otra-cosa'), 400);
    expect(await batches()).toBe(before);
  });

  it('a mapping that names no column of the file or a field twice is refused', async () => {
    const file = await uploaded(Buffer.from('Nombre,Especie,Raza\nRex,Perro,Mastín\n'), 'm.csv');
    for (const mapeo of [
      { Otra: 'nombre' },
      { Nombre: 'nombre', Especie: 'tipo', Raza: 'tipo' },
      { Nombre: 'volador', Especie: 'tipo' },
      { Especie: 'tipo' },
    ]) {
      const res = await admin().inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo } });
      expectErrorShape(res, 400);
    }
    expectErrorShape(await admin().inject({ method: 'POST', url: `/api/importaciones/${file.id}/confirmar` }), 409);
    expectErrorShape(await admin().inject({ method: 'GET', url: '/api/importaciones/00000000-0000-4000-8000-000000000000' }), 404);
  });
});
