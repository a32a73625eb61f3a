import type { OrganizationSettings } from '@refugio/contracts';
import type { TestApp } from '../helpers/helpers';
import { placementKit } from '../helpers/placements-support';

/* The shelter's year the report tests count: pets, movements, care records and gifts made through the API. */

export const YEAR = 2025;

export interface Seeded {
  petIds: Record<string, number>;
}

async function ok(res: Promise<{ statusCode: number; body: string }>, status = 201) {
  const done = await res;
  if (done.statusCode !== status) throw new Error(`${done.statusCode} ${done.body}`);
  return JSON.parse(done.body) as { id: number; version: number };
}

/** Saves the organisation's name and registry numbers. */
export async function saveOrganization(t: TestApp) {
  const admin = t.as('admin');
  const version = (await admin.inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>().version;
  await ok(
    admin.inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Refugio Patitas',
        zonaHoraria: 'Europe/Madrid',
        nif: 'G28015865',
        nucleoZoologico: 'ES280790000123',
        registroEntidades: 'REA-4567',
        version,
      },
    }),
    200,
  );
}

/**
 * In YEAR: 7 intakes (abandono 3, rescate 2, cesión 1, sin indicar 1; Perro 3, Gato 3, Conejo 1); 3 adoptions (50,
 * 20 and 30 days after intake: median 30), one of them returned; a transfer; 2 deaths of the same cause; a foster
 * placement open at year's end and one closed in January (of a pet that came in the year before); 2 sterilisations
 * (one on the pet, one as a care record; two more the year before); care costs 120,00 + 35,50 € (80,00 the year
 * before, 50,00 planned);
 * gifts 100,00 € (donativo) + 25,50 € (evento) registered, 999,00 € annulled, 40,00 € the next year;
 * volunteers: Berta came to 2 shifts (2 h on 1 January at 00:30 local time, the day before in UTC, and 3 h in March),
 * Ana to 1 (1,5 h in March); Ana's shift the year before and a shift she did not come to are left out: 2 persons, 6,5 h.
 */
export async function seedYear(t: TestApp): Promise<Seeded> {
  const kit = placementKit(
    () => t,
    () => `${YEAR}-01-01`,
  );
  const petIds: Record<string, number> = {};
  const fosterHome = await kit.insertPerson('Berta');
  const adopter = await kit.insertPerson('Ana');
  const move = async (name: string, tipo: string, fecha: string, extra: Record<string, unknown> = {}) =>
    ok(kit.move(petIds[name]!, { tipo, fecha, ...extra }));
  const pet = async (name: string, tipo = 'Perro', values: Record<string, unknown> = {}) => {
    petIds[name] = await kit.insertPet(name, { tipo, ...values });
  };
  await pet('Luna');
  await move('Luna', 'ingreso', `${YEAR}-01-10`, { procedencia: 'abandono' });
  await move('Luna', 'adopcion', `${YEAR}-03-01`, { personaId: adopter });
  await move('Luna', 'devolucion', `${YEAR}-04-01`, { motivo: 'Alergias en la familia' });
  await pet('Max', 'Perro', { fechaEsterilizacion: `${YEAR}-04-04`, esterilizado: 'si' });
  await move('Max', 'ingreso', `${YEAR}-02-01`, { procedencia: 'rescate' });
  await move('Max', 'adopcion', `${YEAR}-02-21`, { personaId: adopter });
  await pet('Misu', 'Gato');
  await move('Misu', 'ingreso', `${YEAR}-05-01`);
  await move('Misu', 'acogida', `${YEAR}-06-01`, { personaId: fosterHome });
  await pet('Nube', 'Gato');
  await move('Nube', 'ingreso', `${YEAR}-01-05`, { procedencia: 'cesion' });
  await move('Nube', 'fallecimiento', `${YEAR}-07-01`, { motivo: 'Insuficiencia renal' });
  await pet('Gris', 'Gato');
  await move('Gris', 'ingreso', `${YEAR}-02-02`, { procedencia: 'abandono' });
  await move('Gris', 'fallecimiento', `${YEAR}-02-20`, { motivo: 'Insuficiencia  renal ' });
  await pet('Coco', 'Conejo');
  await move('Coco', 'ingreso', `${YEAR}-03-03`, { procedencia: 'rescate' });
  await move('Coco', 'traslado', `${YEAR}-08-08`, { motivo: 'A otra protectora' });
  await pet('Toby', 'Perro');
  await move('Toby', 'ingreso', `${YEAR}-09-01`, { procedencia: 'abandono' });
  await move('Toby', 'adopcion', `${YEAR}-10-01`, { personaId: adopter });
  await pet('Viejo');
  await move('Viejo', 'ingreso', `${YEAR - 1}-12-01`, { procedencia: 'rescate' });
  await move('Viejo', 'acogida', `${YEAR - 1}-12-10`, { personaId: fosterHome });
  await move('Viejo', 'devolucion', `${YEAR}-01-15`, { motivo: 'Fin de la acogida' });

  const care = (name: string, payload: Record<string, unknown>) =>
    ok(t.as('staff').inject({ method: 'POST', url: `/api/mascotas/${petIds[name]}/salud`, payload }));
  await care('Luna', { tipo: 'esterilizacion', nombre: 'Ovariohisterectomía', fechaRealizada: `${YEAR}-05-05`, coste: 120 });
  await care('Misu', { tipo: 'esterilizacion', nombre: 'Castración', fechaRealizada: `${YEAR - 1}-06-06` });
  await care('Misu', { tipo: 'vacuna', nombre: 'Trivalente', fechaRealizada: `${YEAR}-06-10`, coste: 35.5, veterinario: 'Clínica Sur' });
  await care('Toby', { tipo: 'esterilizacion', nombre: 'Castración', fechaRealizada: `${YEAR - 1}-11-11`, coste: 80 });
  await care('Max', { tipo: 'revision', nombre: 'Revisión anual', fechaProgramada: '2099-01-01', coste: 50 });

  const gift = (importe: string, fecha: string, concepto: string) =>
    ok(t.as('admin').inject({ method: 'POST', url: '/api/donativos', payload: { importe, fecha, metodo: 'transferencia', concepto } }));
  await gift('100,00', `${YEAR}-03-15`, 'donativo');
  await gift('25,50', `${YEAR}-12-31`, 'evento');
  const annulled = await gift('999,00', `${YEAR}-05-05`, 'donativo');
  await ok(
    t
      .as('admin')
      .inject({ method: 'POST', url: `/api/donativos/${annulled.id}/anular`, payload: { motivo: 'Duplicado', version: annulled.version } }),
    200,
  );
  await gift('40,00', `${YEAR + 1}-01-02`, 'teaming');

  const shift = async (inicio: string, fin: string) =>
    (await ok(t.as('admin').inject({ method: 'POST', url: '/api/turnos', payload: { tarea: 'Paseos', inicio, fin, plazas: 3 } }))).id;
  const attended = (turno: number, personaId: number, asistio: boolean, horas?: number) =>
    ok(t.as('admin').inject({ method: 'POST', url: `/api/turnos/${turno}/asistencia`, payload: { personaId, asistio, horas } }), 200);
  await attended(await shift(`${YEAR}-01-01T00:30:00`, `${YEAR}-01-01T02:30:00`), fosterHome, true, 2);
  const march = await shift(`${YEAR}-03-10T10:00:00`, `${YEAR}-03-10T13:00:00`);
  await attended(march, fosterHome, true, 3);
  await attended(march, adopter, true, 1.5);
  await attended(await shift(`${YEAR - 1}-12-31T10:00:00`, `${YEAR - 1}-12-31T14:00:00`), adopter, true, 4);
  await attended(await shift(`${YEAR}-06-01T10:00:00`, `${YEAR}-06-01T12:00:00`), adopter, false);
  return { petIds };
}
