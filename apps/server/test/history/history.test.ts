import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_SECRET, type HistoryEvent, type ListHistoryResponse } from '@refugio/contracts';
import { adoptionRequest, historyEvent, pet, publicationRequest } from '../../src/db/schema';
import { ADMIN, STAFF, type Role, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields } from '../helpers/media';

/*
 * The history of DESIGN section 9: per module, a change writes its event (with the values before and after) in the
 * same transaction, and a refused change writes none; the audit's filters and who may read it.
 */
describe('history of changes', () => {
  let t: TestApp;
  let staffId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = await t.createUser({ ...ADMIN, name: 'Rocío', lastname: 'Gil' });
    staffId = await t.createUser({ ...STAFF, name: 'Tomás', lastname: '' });
  });
  afterAll(() => t.close());

  const send = (url: string, parts: Part[], as: Role = 'staff') => {
    const body = multipart(parts);
    return t.as(as).inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };
  const post = (url: string, payload: object, as: Role = 'staff') => t.as(as).inject({ method: 'POST', url, payload });
  const get = (url: string, as: Role = 'staff') => t.as(as).inject({ method: 'GET', url });
  const eventsOf = async (entidad: string, entidadId: number | string) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(entidadId))))
      .orderBy(historyEvent.id);
  const createPet = async (overrides: Record<string, string> = {}) => {
    const res = await send('/phpApi/mascota/nueva', petFields({ nombre: 'Bruma', ...overrides }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; version: number }>();
  };

  describe('pets', () => {
    it('a save writes who changed what from what to what, with the request id; a stale save writes nothing', async () => {
      const { id } = await createPet();
      const [created] = await eventsOf('mascota', id);
      expect(created).toMatchObject({ accion: 'crear', actorTipo: 'usuario', actorId: staffId, actorNombre: 'Tomás' });
      expect(created!.cambios).toMatchObject({ nombre: [null, 'Bruma'], tipo: [null, 'Perro'] });

      const saved = await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Bruma Gris', version: '1' }), 'admin');
      expect(saved.statusCode, saved.body).toBe(200);
      const events = await eventsOf('mascota', id);
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({
        accion: 'modificar',
        actorId: adminId,
        actorNombre: 'Rocío Gil',
        cambios: { nombre: ['Bruma', 'Bruma Gris'] },
      });
      expect(events[1]!.requestId).toEqual(expect.any(String));

      expectErrorShape(await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Otra', version: '1' })), 409);
      expect(await eventsOf('mascota', id)).toHaveLength(2);
    });

    it('images, adoption, deletion and restoring each write their event; a refused restore writes none', async () => {
      const { id } = await createPet();
      const added = await send(`/phpApi/mascota/${id}/imagenes/nueva`, [
        { name: 'file', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' },
      ]);
      expect(added.statusCode, added.body).toBe(200);
      const imageEvent = (await eventsOf('mascota', id)).at(-1)!;
      expect(imageEvent.cambios).toEqual({ imagen: [null, expect.any(String)] });
      expect((await post(`/phpApi/mascota/${id}/adopcion`, { adoptado: '1' })).statusCode).toBe(200);
      expect((await eventsOf('mascota', id)).at(-1)!.cambios).toEqual({
        adoptado: [false, true],
        movimiento: [null, 'adopcion'],
        ubicacion: ['refugio', 'adoptado'],
      });
      expect((await post(`/phpApi/mascota/${id}/eliminar`, {})).statusCode).toBe(200);
      expect((await eventsOf('mascota', id)).at(-1)!.accion).toBe('eliminar');
      const count = (await eventsOf('mascota', id)).length;
      // Deleted by staff: only they or an administrator may restore; another staff member is refused.
      const other = await t.createUser({ email: 'otra@refugio.test', password: 'clave-otra-segura-1', name: 'Otra' });
      const cookie = await t.signIn('otra@refugio.test', 'clave-otra-segura-1');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/phpApi/mascota/${id}/restaurar`,
        headers: { cookie, origin: 'http://localhost:3000' },
      });
      expect(refused.statusCode, `${other} ${refused.body}`).toBe(403);
      expect(await eventsOf('mascota', id)).toHaveLength(count);
      expect((await post(`/phpApi/mascota/${id}/restaurar`, {}, 'admin')).statusCode).toBe(200);
      expect((await eventsOf('mascota', id)).at(-1)!.accion).toBe('restaurar');
    });

    it('publication and bulk actions write an estado event per pet changed; a stale one writes none', async () => {
      const { id, version } = await createPet();
      const published = await post(`/phpApi/mascota/${id}/publicacion`, { estado: 'borrador', version });
      expect(published.statusCode, published.body).toBe(200);
      const [state] = await t.database.db.select({ estado: pet.estado }).from(pet).where(eq(pet.id, id));
      expect(state?.estado).toBe('borrador');
      expect((await eventsOf('mascota', id)).at(-1)).toMatchObject({ accion: 'estado', cambios: { estado: [expect.any(String), 'borrador'] } });
      const before = (await eventsOf('mascota', id)).length;
      expectErrorShape(await post(`/phpApi/mascota/${id}/publicacion`, { estado: 'publicada', version }), 409);
      expect(await eventsOf('mascota', id)).toHaveLength(before);
      const batch = await post('/api/mascotas/lote', { accion: 'publicar', items: [{ id, version: version + 1 }] });
      expect(batch.statusCode, batch.body).toBe(200);
      expect((await eventsOf('mascota', id)).at(-1)).toMatchObject({ accion: 'estado', cambios: { estado: ['borrador', 'publicada'] } });
    });

    it('the materialisation of a due publication is written by the system', async () => {
      const { id } = await createPet();
      await t.database.db
        .update(pet)
        .set({ estado: 'programada', publicarEn: new Date(Date.now() - 60_000) })
        .where(eq(pet.id, id));
      // The job of due publications (never a GET) makes it `publicada`, as the system.
      await t.app.jobs.tick();
      expect((await eventsOf('mascota', id)).at(-1)).toMatchObject({
        actorTipo: 'sistema',
        accion: 'estado',
        cambios: { estado: ['programada', 'publicada'] },
      });
    });

    it('GET /api/mascotas/{id}/historial: the pet’s events, newest first, for staff', async () => {
      const { id } = await createPet();
      await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Bruma Gris', version: '1' }));
      const res = await get(`/api/mascotas/${id}/historial`);
      expect(res.statusCode).toBe(200);
      const body = res.json<ListHistoryResponse>();
      expect(body.total).toBe(2);
      expect(body.items.map((e) => e.accion)).toEqual(['modificar', 'crear']);
      expect(body.items[0]).toMatchObject({ entidad: 'mascota', entidadId: String(id), actor: { tipo: 'usuario', nombre: 'Tomás' } });
      expectErrorShape(await get(`/api/mascotas/${id}/historial`, 'anonymous'), 401);
    });
  });

  describe('adoption requests', () => {
    it('an application, a move and a note write events; a forbidden move writes none', async () => {
      const { id: petId } = await createPet();
      const [request] = await t.database.db
        .insert(adoptionRequest)
        .values({
          petId,
          nombre: 'Ana',
          email: 'ana@example.com',
          telefono: '600000000',
          edad: 30,
          ciudad: 'Madrid',
          direccion: 'Calle 1',
          vivienda: 'casa',
          viviendaPropia: true,
          patio: false,
          personasEnCasa: 2,
          ninosEnCasa: 0,
          horasSolo: 2,
          aceptaVisita: true,
          aceptaPrivacidad: true,
        })
        .returning({ id: adoptionRequest.id });
      const id = request!.id;
      expectErrorShape(await post(`/api/solicitudes-adopcion/${id}/estado`, { estado: 'aprobada', version: 1 }), 409);
      expect(await eventsOf('solicitud_adopcion', id)).toHaveLength(0);
      expect((await post(`/api/solicitudes-adopcion/${id}/estado`, { estado: 'en_revision', version: 1 })).statusCode).toBe(200);
      expect((await post(`/api/solicitudes-adopcion/${id}/notas`, { nota: 'Llamé' })).statusCode).toBe(201);
      const events = await eventsOf('solicitud_adopcion', id);
      expect(events.map((e) => [e.accion, e.cambios])).toEqual([
        ['estado', { estado: ['nueva', 'en_revision'] }],
        ['modificar', { nota: [null, 'Llamé'] }],
      ]);
      const approved = await post(`/api/solicitudes-adopcion/${id}/estado`, { estado: 'aprobada', version: 2, marcarAdoptada: true });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await eventsOf('mascota', petId)).at(-1)).toMatchObject({ accion: 'modificar', cambios: { adoptado: [false, true] } });
    });

    it('a public application is written as by the applicant', async () => {
      const { id: petId } = await createPet({ nombre: 'Pública' });
      await t.database.db.update(pet).set({ estado: 'publicada' }).where(eq(pet.id, petId));
      await t.app.changes.caughtUp();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/solicitudes-adopcion',
        payload: {
          mascotaId: petId,
          nombre: 'Marta Ruiz',
          email: 'marta@example.com',
          telefono: '600 000 001',
          edad: 40,
          ciudad: 'Madrid',
          direccion: 'Calle 2',
          vivienda: 'casa',
          viviendaPropia: true,
          patio: true,
          personasEnCasa: 2,
          ninosEnCasa: 0,
          horasSolo: 3,
          motivo: 'Queremos adoptar',
          aceptaVisita: true,
          aceptaPrivacidad: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [event] = await eventsOf('solicitud_adopcion', res.json<{ id: number }>().id);
      expect(event).toMatchObject({ accion: 'crear', actorTipo: 'publico', actorNombre: 'Marta Ruiz', actorId: null });
    });
  });

  describe('intake', () => {
    it('packages and links write events; revoking twice writes one', async () => {
      const created = await post('/api/paquetes', { nombre: 'Rescate', cupo: 3, diasVigencia: 10 });
      expect(created.statusCode, created.body).toBe(201);
      const paqueteId = created.json<{ id: number }>().id;
      expect((await t.as('staff').inject({ method: 'PATCH', url: `/api/paquetes/${paqueteId}`, payload: { cupo: 5 } })).statusCode).toBe(200);
      expect((await eventsOf('paquete', paqueteId)).map((e) => [e.accion, e.cambios])).toEqual([
        ['crear', { nombre: [null, 'Rescate'], cupo: [null, 3], diasVigencia: [null, 10] }],
        ['modificar', { cupo: [3, 5] }],
      ]);
      const link = (await post('/api/enlaces', { paqueteId, destinatario: 'Protectora Sur' })).json<{ id: string }>();
      expect((await post(`/api/enlaces/${link.id}/revocar`, {})).statusCode).toBe(200);
      expectErrorShape(await post(`/api/enlaces/${link.id}/revocar`, {}), 409);
      expect((await eventsOf('enlace', link.id)).map((e) => [e.accion, e.cambios?.estado ?? null])).toEqual([
        ['crear', null],
        ['estado', ['activo', 'revocado']],
      ]);
    });

    it('deciding a publication request writes its event and the new pet’s; deciding again writes none', async () => {
      const [row] = await t.database.db
        .insert(publicationRequest)
        .values({
          nombre: 'Nube',
          edad: '1 año',
          tipo: 'Gato',
          genero: 'macho',
          tamano: 'chico',
          contactoNombre: 'Lola',
          contactoEmail: 'lola@example.com',
        })
        .returning({ id: publicationRequest.id });
      const id = row!.id;
      const approved = await post(`/api/solicitudes-publicacion/${id}/aprobar`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      const mascotaId = approved.json<{ mascotaId: number }>().mascotaId;
      expect((await eventsOf('solicitud_publicacion', id)).map((e) => e.cambios)).toEqual([
        { estado: ['pendiente', 'aprobada'], mascotaId: [null, mascotaId] },
      ]);
      expect((await eventsOf('mascota', mascotaId))[0]).toMatchObject({
        accion: 'crear',
        cambios: { nombre: [null, 'Nube'], estado: [null, 'borrador'] },
      });
      expectErrorShape(await post(`/api/solicitudes-publicacion/${id}/rechazar`, { motivo: 'Tarde' }), 409);
      expect(await eventsOf('solicitud_publicacion', id)).toHaveLength(1);
    });
  });

  describe('users', () => {
    it('creating, changing and resetting a password write events without any password or hash', async () => {
      const created = await post('/api/users', { name: 'Eva', mail: 'eva@refugio.test', password: 'Girasol-Marino-Azul-77' }, 'admin');
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      const changed = await t.as('admin').inject({ method: 'PATCH', url: `/api/users/${id}`, payload: { name: 'Eva María' } });
      expect(changed.statusCode).toBe(200);
      const reset = await post(`/api/users/${id}/reset-password`, { password: 'Otra-Clave-Larga-Segura-88' }, 'admin');
      expect(reset.statusCode, reset.body).toBe(200);
      const events = await eventsOf('usuario', id);
      expect(events.map((e) => e.accion)).toEqual(['crear', 'modificar', 'modificar']);
      expect(events[0]!.cambios).toMatchObject({ name: [null, 'Eva'], mail: [null, 'eva@refugio.test'] });
      expect(events[1]!.cambios).toEqual({ name: ['Eva', 'Eva María'] });
      expect(events[2]!.cambios).toEqual({ contrasena: [HISTORY_SECRET, HISTORY_SECRET] });
      const text = JSON.stringify(events);
      expect(text).not.toContain('Girasol');
      expect(text).not.toContain('Otra-Clave');
      expect(text).not.toContain('$argon2');
    });

    it('a refused change (the last administrator demoted) writes nothing', async () => {
      const before = (await eventsOf('usuario', adminId)).length;
      expectErrorShape(await t.as('admin').inject({ method: 'PATCH', url: `/api/users/${adminId}`, payload: { rol: 'Equipo' } }), 409);
      expect(await eventsOf('usuario', adminId)).toHaveLength(before);
    });
  });

  describe('GET /api/auditoria', () => {
    it('is for administrators only: staff 403, anonymous 401', async () => {
      expectErrorShape(await get('/api/auditoria', 'staff'), 403);
      expectErrorShape(await get('/api/auditoria', 'anonymous'), 401);
    });

    it('filters by record, actor and days, newest first, in pages', async () => {
      const { id } = await createPet({ nombre: 'Filtrada' });
      await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Filtrada 2', version: '1' }), 'admin');
      const byRecord = (await get(`/api/auditoria?entidad=mascota&entidadId=${id}`, 'admin')).json<ListHistoryResponse>();
      expect(byRecord.items.map((e) => [e.accion, e.actor.id])).toEqual([
        ['modificar', adminId],
        ['crear', staffId],
      ]);
      const byActor = (await get(`/api/auditoria?actorId=${adminId}&pageSize=100`, 'admin')).json<ListHistoryResponse>();
      expect(byActor.items.length).toBeGreaterThan(0);
      expect(byActor.items.every((e: HistoryEvent) => e.actor.id === adminId)).toBe(true);
      const paged = (await get('/api/auditoria?pageSize=2&page=2', 'admin')).json<ListHistoryResponse>();
      expect(paged).toMatchObject({ page: 2, pageSize: 2 });
      expect(paged.items).toHaveLength(2);
      expect(paged.total).toBeGreaterThan(4);
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await get(`/api/auditoria?desde=${yesterday}&entidad=mascota&entidadId=${id}`, 'admin')).json<ListHistoryResponse>().total).toBe(2);
      expect((await get(`/api/auditoria?hasta=${yesterday}&entidad=mascota&entidadId=${id}`, 'admin')).json<ListHistoryResponse>().total).toBe(0);
      expect((await get(`/api/auditoria?desde=${today}&hasta=${today}&entidad=mascota&entidadId=${id}`, 'admin')).statusCode).toBe(200);
      expectErrorShape(await get('/api/auditoria?entidad=perro', 'admin'), 400, 'VALIDATION_ERROR');
      expectErrorShape(await get(`/api/auditoria?desde=${today}&hasta=${yesterday}`, 'admin'), 400, 'VALIDATION_ERROR');
    });
  });
});
