import { eq } from 'drizzle-orm';
import { person, pet } from '../../src/db/schema';
import type { TestApp } from './helpers';

/** The fields the movement and foster tests read from the answers. */
export interface PlacementAnswer {
  message: string;
  fieldErrors: Record<string, string>;
  id: number;
  version: number;
  adoptado: string;
  estado: string;
  adopcionSinPersona?: boolean;
  ubicacion: { tipo: string; persona?: { id: number; nombre: string }; desde: string | null };
  movimientos: { tipo: string; abierta: boolean; persona: { id: number; nombre: string } | null; creadoPor: string | null }[];
  items: { id: number; persona: { id: number } }[];
  resultados: { ok: boolean; code?: string }[];
  capacidad: number;
}

/**
 * Rows and movements for tests of where pets are: a published pet (a dog, female, medium, with a photo) and a
 * person inserted directly, the pet's version, and `POST /api/mascotas/{id}/movimientos` as staff dated `today`.
 * `app` and `today` are read when called (the tests set them in `beforeAll`).
 */
export function placementKit(app: () => TestApp, today: () => string) {
  const insertPet = async (nombre: string, values: Partial<typeof pet.$inferInsert> = {}) => {
    const t = app();
    const [row] = await t.database.db
      .insert(pet)
      .values({
        nombre,
        edad: '2 años',
        tipo: 'Perro',
        genero: 'hembra',
        tamano: 'mediano',
        estado: 'publicada',
        imagenPrincipal: 'a.jpg',
        ...values,
      })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const insertPerson = async (nombre: string, values: Partial<typeof person.$inferInsert> = {}) => {
    const [row] = await app()
      .database.db.insert(person)
      .values({ nombre, email: `${nombre.toLowerCase()}@example.com`, ...values })
      .returning();
    return row!.id;
  };
  const version = async (petId: number) => (await app().database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.version;
  const move = async (petId: number, body: Record<string, unknown>) =>
    app()
      .as('staff')
      .inject({ method: 'POST', url: `/api/mascotas/${petId}/movimientos`, payload: { fecha: today(), version: await version(petId), ...body } });
  return { insertPet, insertPerson, version, move };
}
