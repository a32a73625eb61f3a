import type { OrganizationSettings } from '@refugio/contracts';
import { gift, person } from '../../src/db/schema';
import type { TestApp } from '../helpers/helpers';

/* What the tests of the donors' certificates share: donors, gifts, the organisation's fiscal data, the PDF of a mail. */

export const YEAR = 2025;

export async function insertDonor(t: TestApp, values: Partial<typeof person.$inferInsert> & { nombre: string }): Promise<number> {
  const [row] = await t.database.db
    .insert(person)
    .values({ apellidos: '', roles: ['donante'], ...values })
    .returning();
  return row!.id;
}

export async function insertGift(t: TestApp, personaId: number | null, importeCentimos: number, fecha: string, estado = 'registrado') {
  await t.database.db.insert(gift).values({
    personaId,
    importeCentimos,
    fecha,
    metodo: 'transferencia',
    concepto: 'donativo',
    estado,
    anuladoMotivo: estado === 'anulado' ? 'Error' : '',
  });
}

/** Saves the organisation's settings with its fiscal data (`ley49` as given). */
export async function saveOrganization(t: TestApp, ley49: boolean) {
  const admin = t.as('admin');
  const version = (await admin.inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>().version;
  const res = await admin.inject({
    method: 'PUT',
    url: '/api/organizacion',
    payload: {
      nombre: 'Refugio Patitas',
      email: 'hola@patitas.example',
      telefono: '600 12 34 56',
      direccion: 'Calle Mayor 1, 28013 Madrid',
      web: null,
      zonaHoraria: 'Europe/Madrid',
      nif: 'G28015865',
      ley49,
      registroEntidades: '1234',
      version,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

/** The PDF attached to a raw e-mail (base64 part of type application/pdf), or undefined. */
export function pdfAttachment(raw: string): Buffer | undefined {
  const at = raw.search(/Content-Type: application\/pdf/i);
  if (at < 0) return undefined;
  const rest = raw.slice(at);
  const start = rest.indexOf('\r\n\r\n');
  const end = rest.indexOf('\r\n--', start);
  return Buffer.from(rest.slice(start + 4, end).replace(/\s+/g, ''), 'base64');
}
