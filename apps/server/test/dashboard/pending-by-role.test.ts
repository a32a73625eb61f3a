import type { PendingWork } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adoptionRequest, gift, pet, publicationRequest } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';

/*
 * "Pendientes" per role (issue 47): each role is counted and listed only the kinds of pending work whose list it
 * may open, and the total (the header badge) is the sum of the rows it receives.
 */

const PASSWORD = 'clave-pendientes-segura-1';
const TEAM_KINDS = [
  'solicitudesNuevas',
  'solicitudesPublicacionPendientes',
  'publicacionesHoy',
  'cuidadosVencidos',
  'cuidadosHoy',
  'mensajesFallidos',
  'posiblesDuplicados',
  'novedadesAcogida',
  'seguimientosAyuda',
  'obligacionesVencidas',
  'turnosSinCubrir',
];
/** What each role's list opens (the sidebar's capabilities), written out by hand. */
const EXPECTED: Record<string, string[]> = {
  Veterinaria: ['cuidadosVencidos', 'cuidadosHoy'],
  Voluntariado: ['cuidadosVencidos', 'cuidadosHoy', 'posiblesDuplicados'],
  Tesorería: ['posiblesDuplicados', 'devolucionesPendientes'],
  Equipo: TEAM_KINDS,
  Coordinación: [...TEAM_KINDS, 'devolucionesPendientes'],
  Administrador: [...TEAM_KINDS, 'devolucionesPendientes', 'trabajosFallidos'],
};

describe('GET /api/pendientes per role', () => {
  let t: TestApp;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    const db = t.database.db;
    // Counted by the dashboard's own queries: a new adoption request, a registration to review, a publication due
    // later today (in a minute) and a direct debit returned yesterday.
    const [dog] = await db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '3 años', tipo: 'Perro', genero: 'hembra', tamano: 'grande', estado: 'publicada' })
      .returning();
    await db.insert(pet).values({
      nombre: 'Sol',
      edad: '1 año',
      tipo: 'Gato',
      genero: 'macho',
      tamano: 'chico',
      estado: 'programada',
      publicarEn: new Date(Date.now() + 60_000),
    });
    await db.insert(adoptionRequest).values({
      petId: dog!.id,
      estado: 'nueva',
      nombre: 'Ana',
      email: 'ana@example.com',
      telefono: '600000000',
      edad: 30,
      ciudad: 'Madrid',
      direccion: 'Calle Mayor 1',
      vivienda: 'casa',
      viviendaPropia: true,
      patio: false,
      personasEnCasa: 2,
      ninosEnCasa: 0,
      horasSolo: 4,
      aceptaVisita: true,
      aceptaPrivacidad: true,
    });
    await db.insert(publicationRequest).values({
      nombre: 'Toby',
      edad: '1 año',
      tipo: 'Perro',
      genero: 'macho',
      tamano: 'chico',
      contactoNombre: 'Rescatista',
      contactoEmail: 'r@example.com',
      estado: 'pendiente',
    });
    await db.insert(gift).values({
      fecha: '2020-01-01',
      importeCentimos: 1000,
      metodo: 'transferencia',
      concepto: 'cuota',
      estado: 'devuelto',
      devueltoEn: new Date(Date.now() - 24 * 3600_000),
    });
    // The other modules' counts, through the ports the dashboard reads (each module's own tests seed and count them).
    vi.spyOn(t.app.carePort, 'dueCounts').mockResolvedValue({ vencidos: 2, hoy: 3 });
    vi.spyOn(t.app.messagesPort, 'failedCount').mockResolvedValue(4);
    vi.spyOn(t.app.personsPort, 'openDuplicatePairs').mockResolvedValue(5);
    vi.spyOn(t.app.fosterPortalPort, 'pendingCount').mockResolvedValue(6);
    vi.spyOn(t.app.followupsPort, 'pendingCounts').mockResolvedValue({ seguimientosAyuda: 7, obligacionesVencidas: 8 });
    vi.spyOn(t.app.volunteersPort, 'uncoveredCount').mockResolvedValue(9);
    vi.spyOn(t.app.jobs, 'failed').mockResolvedValue({
      total: 1,
      items: [{ id: 1, title: 'Publicación de las mascotas programadas', attempts: 3, error: 'sin conexión', failedAt: new Date() }],
    } as Awaited<ReturnType<typeof t.app.jobs.failed>>);
    for (const role of Object.keys(EXPECTED)) {
      const email = `${role
        .normalize('NFD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase()}@refugio.test`;
      await t.createUser({ email, password: PASSWORD, role });
      cookies.set(role, await t.signIn(email, PASSWORD));
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const pendingAs = async (role: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pendientes', headers: { cookie: cookies.get(role)! } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PendingWork>();
  };

  it.each(Object.keys(EXPECTED))('%s receives only the rows whose list it may open, and the total is their sum', async (role) => {
    const body = await pendingAs(role);
    const { total, trabajosFallidos, donantesSinNif, ...counts } = body;
    expect(
      Object.keys(body)
        .filter((key) => key !== 'total' && key !== 'donantesSinNif')
        .sort(),
    ).toEqual([...EXPECTED[role]!].sort());
    if (!EXPECTED[role]!.includes('devolucionesPendientes')) expect(donantesSinNif).toBeUndefined();
    const sum = Object.values(counts).reduce<number>((s, n) => s + (n ?? 0), 0) + (trabajosFallidos?.total ?? 0) + (donantesSinNif?.total ?? 0);
    expect(total).toBe(sum);
    // Every kind was seeded: the rows carry their counts.
    for (const key of EXPECTED[role]!.filter((k) => k !== 'publicacionesHoy' && k !== 'trabajosFallidos'))
      expect(counts[key as keyof typeof counts], key).toBeGreaterThan(0);
  });

  it('Veterinaria is counted only the care: no adoption request, registration or shift in its badge', async () => {
    expect(await pendingAs('Veterinaria')).toEqual({ cuidadosVencidos: 2, cuidadosHoy: 3, total: 5 });
  });
});
