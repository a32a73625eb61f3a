import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FosterOfferView, type FosterSearch, type FosterSearchSent, fosterOfferMessages } from '@refugio/contracts';
import { fosterOffer, fosterProfile, historyEvent, message, movement, pet } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { placementKit } from '../helpers/placements-support';

/*
 * "Busco acogida" (DESIGN section 17): a pet's card sent to the suggested foster homes by e-mail or WhatsApp, each
 * with a personal link; the home answers yes or no on the public page; staff see the answers and place the pet.
 */
describe('busco acogida', () => {
  let t: TestApp;
  let today: string;
  const kit = placementKit(
    () => t,
    () => today,
  );
  const staff = () => t.as('staff');
  const anon = () => t.as('anonymous');

  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas' });
    today = dayIn(t.config.orgTimeZone, new Date());
  });
  afterAll(() => t.close());

  const home = (nombre: string, values: Record<string, unknown> = {}) =>
    kit.insertPerson(nombre, { apellidos: 'Acoge', roles: ['acogida'], consentimientoEmail: true, ...values });
  /** The token each home got in its message about `petId`, by person. */
  const tokensOf = async (petId: number) => {
    const offers = await t.database.db.select().from(fosterOffer).where(eq(fosterOffer.petId, petId));
    const out = new Map<number, string>();
    for (const offer of offers) {
      const [sent] = await t.database.db
        .select()
        .from(message)
        .where(and(eq(message.relacionEntidad, 'oferta_acogida'), eq(message.relacionId, String(offer.id))));
      const token = /\/acogida-oferta\/([A-Za-z0-9_-]+)/.exec(sent!.cuerpo)?.[1];
      if (token) out.set(offer.personaId, token);
    }
    return out;
  };
  const answer = (token: string, respuesta: unknown) =>
    anon().inject({ method: 'POST', url: `/api/acogida-oferta/${token}`, payload: { respuesta } });
  const search = async (petId: number) => {
    const res = await staff().inject({ method: 'GET', url: `/api/mascotas/${petId}/busco-acogida` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FosterSearch>();
  };

  it('suggests the foster homes that take the pet, sends the card by e-mail with a link each, and shows the answers', async () => {
    const petId = await kit.insertPet('Canela', { imagenPrincipal: 'canela.jpg' });
    const ana = await home('Ana');
    const bea = await home('Bea', { telefono: '+34600111222', consentimientoWhatsapp: true, consentimientoEmail: false, email: null });
    const gatos = await home('Carla');
    await t.database.db.insert(fosterProfile).values({ personaId: gatos, capacidad: 2, especies: ['Gato'] });
    await kit.insertPerson('Dani', { roles: ['voluntario'] });

    const found = await search(petId);
    const ids = found.candidatas.map((c) => c.id);
    expect(ids).toContain(ana);
    expect(ids).toContain(bea);
    // A profile that takes only cats is not suggested for a dog; a person who is no foster home never is.
    expect(ids).not.toContain(gatos);
    expect(found.candidatas.find((c) => c.id === ana)).toMatchObject({ email: true, whatsapp: false, disponible: true, acogiendo: 0 });

    const sent = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'email' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json<FosterSearchSent>();
    expect(body.enviadas).toBeGreaterThanOrEqual(1);
    const tokens = await tokensOf(petId);
    expect(tokens.has(ana)).toBe(true);
    // Bea has no e-mail: not sent by e-mail.
    expect(tokens.has(bea)).toBe(false);
    const [mail] = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.plantilla, 'busco_acogida'), eq(message.personaId, ana)));
    expect(mail!.asunto).toBe('Buscamos casa de acogida para Canela');
    const stored = await t.database.db.select().from(fosterOffer).where(eq(fosterOffer.personaId, ana));
    expect(stored[0]!.tokenHash).not.toBe(tokens.get(ana));

    // WhatsApp to Bea: the click-to-chat link for staff to open.
    const wa = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'whatsapp', personas: [bea] } });
    expect(wa.statusCode, wa.body).toBe(200);
    const links = wa.json<FosterSearchSent>().whatsapp;
    expect(links.map((l) => [l.personaId, l.nombre])).toEqual([[bea, 'Bea Acoge']]);
    expect(links[0]!.url).toMatch(/^https:\/\/wa\.me\/34600111222\?text=.*Canela/);

    // The home's page: the pet's card and the first name only.
    const view = await anon().inject({ method: 'GET', url: `/api/acogida-oferta/${tokens.get(ana)}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<FosterOfferView>()).toMatchObject({
      persona: { nombre: 'Ana' },
      mascota: { nombre: 'Canela', tipo: 'Perro', foto: `/phpApi/storage/app/public/productos/${petId}/canela.jpg` },
      respuesta: null,
      cerrada: false,
    });
    expect(view.body).not.toContain('Acoge');
    expect(view.headers['cache-control']).toBe('no-store');

    const yes = await answer(tokens.get(ana)!, 'si');
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<FosterOfferView>().respuesta).toBe('si');
    // Replaying the same answer changes nothing and writes no second event.
    expect((await answer(tokens.get(ana)!, 'si')).statusCode).toBe(200);
    const offerId = stored[0]!.id;
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'oferta_acogida'), eq(historyEvent.entidadId, String(offerId))))
      .orderBy(historyEvent.id);
    expect(events.map((e) => [e.accion, e.actorTipo])).toEqual([
      ['crear', 'usuario'],
      ['estado', 'enlace'],
    ]);
    expectErrorShape(await answer(tokens.get(ana)!, 'quizá'), 400);

    const after = await search(petId);
    expect(after.ofertas.find((o) => o.persona.id === ana)).toMatchObject({ respuesta: 'si', canal: 'email', activa: true, colocadaEn: null });
  });

  it('a guessed or hostile link answers the same 404; an earlier link still works after sending again', async () => {
    const petId = await kit.insertPet('Trufa');
    const eva = await home('Eva');
    await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'email', personas: [eva] } });
    const first = (await tokensOf(petId)).get(eva)!;
    // Sending again keeps the earlier link working: the home may answer with the first message it kept.
    await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'email', personas: [eva] } });
    const tokens = await t.database.db.select().from(fosterOffer).where(eq(fosterOffer.petId, petId));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((o) => o.revocadoEn === null)).toBe(true);
    expect((await anon().inject({ method: 'GET', url: `/api/acogida-oferta/${first}` })).statusCode).toBe(200);
    expect((await answer(first, 'si')).statusCode).toBe(200);
    const guessed = await anon().inject({ method: 'GET', url: `/api/acogida-oferta/${'A'.repeat(43)}` });
    const hostile = await anon().inject({ method: 'POST', url: `/api/acogida-oferta/%E2%80%AE${'a'.repeat(30)}`, payload: { respuesta: 'si' } });
    for (const res of [guessed, hostile]) {
      expectErrorShape(res, 404);
      expect(res.json<{ message: string }>().message).toBe(fosterOfferMessages.notFound);
    }
    // Not a foster home, or nobody reachable: 400 in Spanish, nothing sent.
    const other = await kit.insertPerson('Fede');
    const refused = await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/busco-acogida`,
      payload: { canal: 'email', personas: [other] },
    });
    expectErrorShape(refused, 400);
    expect(refused.json<{ message: string }>().message).toBe(fosterOfferMessages.notAFosterHome);
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'fax' } }), 400);
    expectErrorShape(await anon().inject({ method: 'GET', url: `/api/mascotas/${petId}/busco-acogida` }), 401);
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/mascotas/999999/busco-acogida' }), 404);
  });

  it('two answers at the same moment are applied one after the other; staff place the pet once with a home that said yes', async () => {
    const petId = await kit.insertPet('Lola');
    const gema = await home('Gema');
    const hugo = await home('Hugo');
    await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'email', personas: [gema, hugo] } });
    const tokens = await tokensOf(petId);
    const [a, b, c] = await Promise.all([answer(tokens.get(gema)!, 'si'), answer(tokens.get(gema)!, 'si'), answer(tokens.get(hugo)!, 'no')]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    const offers = await t.database.db.select().from(fosterOffer).where(eq(fosterOffer.petId, petId));
    const gemaOffer = offers.find((o) => o.personaId === gema)!;
    const hugoOffer = offers.find((o) => o.personaId === hugo)!;
    const answered = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'oferta_acogida'), eq(historyEvent.entidadId, String(gemaOffer.id)), eq(historyEvent.accion, 'estado')));
    expect(answered).toHaveLength(1);

    const no = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida/${hugoOffer.id}/colocar` });
    expectErrorShape(no, 409);
    expect(no.json<{ message: string }>().message).toBe(fosterOfferMessages.notYes);
    // Placing twice at once: one placement.
    const [p1, p2] = await Promise.all([
      staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida/${gemaOffer.id}/colocar` }),
      staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida/${gemaOffer.id}/colocar` }),
    ]);
    expect([p1.statusCode, p2.statusCode].sort()).toEqual([200, 409]);
    const placed = (p1.statusCode === 200 ? p1 : p2).json<FosterSearch>();
    expect(placed.ubicacion).toBe('acogida');
    expect(placed.ofertas.find((o) => o.id === gemaOffer.id)!.colocadaEn).not.toBeNull();
    const [row] = await t.database.db.select({ ubicacion: pet.ubicacion, personaId: pet.ubicacionPersonaId }).from(pet).where(eq(pet.id, petId));
    expect(row).toEqual({ ubicacion: 'acogida', personaId: gema });
    const moves = await t.database.db
      .select()
      .from(movement)
      .where(and(eq(movement.petId, petId), eq(movement.tipo, 'acogida')));
    expect(moves).toHaveLength(1);

    // The pet has a home: the other home's page says so and its answer is refused; no new send.
    const view = await anon().inject({ method: 'GET', url: `/api/acogida-oferta/${tokens.get(hugo)}` });
    expect(view.json<FosterOfferView>().cerrada).toBe(true);
    const late = await answer(tokens.get(hugo)!, 'si');
    expectErrorShape(late, 409);
    expect(late.json<{ message: string }>().message).toBe(fosterOfferMessages.closed);
    const again = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/busco-acogida`, payload: { canal: 'email' } });
    expectErrorShape(again, 409);
  });
});
