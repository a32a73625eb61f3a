import {
  FOSTER_OFFER_DAYS,
  type FosterAnswer,
  type FosterOffer,
  type FosterOfferView,
  type FosterSearch,
  type FosterSearchInput,
  type FosterSearchSent,
  type SessionUser,
  dayInZone,
  fosterOfferMessages as m,
  longDay,
  petImageUrl,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { MovementsPort } from '../movements/movements.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import type { FosterOfferRow, FosterOffersRepository, OfferPet } from './foster-offers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => new AppError('NOT_FOUND', { message: m.notFound });
const petNotFound = () => new AppError('NOT_FOUND', { message: m.petNotFound });
/** A card's long texts are cut: the page stays light and a story is enough to decide. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export interface FosterOffersDeps {
  repo: FosterOffersRepository;
  persons: Pick<PersonsPort, 'contactOf'>;
  pets: Pick<PetsPort, 'lockForChange'>;
  movements: Pick<MovementsPort, 'apply' | 'today'>;
  messages: Pick<MessagesPort, 'send'>;
  history: Pick<HistoryPort, 'record'>;
  timeZone: TimeZoneSource;
  publicUrl: string;
  organizationName?: () => Promise<string | null>;
  /** Spends one request of a link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (offerId: number) => boolean;
  clock?: () => Date;
}

/**
 * "Busco acogida" (DESIGN section 17): staff send a pet's card to the suggested foster homes, each with a personal
 * link (14 days) to answer yes or no; staff see the answers on the pet and place it with a home that said yes.
 */
export function createFosterOffersService({
  repo,
  persons,
  pets,
  movements,
  messages,
  history,
  timeZone,
  publicUrl,
  organizationName,
  linkRequests,
  clock = () => new Date(),
}: FosterOffersDeps) {
  /** Only a pet at the shelter is looked a home for; a deleted one is not found. */
  async function livePet(executor: FosterOffersRepository, petId: number): Promise<OfferPet> {
    const pet = await executor.pet(petId);
    if (!pet || pet.deletedAt) throw petNotFound();
    return pet;
  }

  const closed = (pet: OfferPet) => pet.deletedAt !== null || pet.ubicacion !== 'refugio';

  async function offerOf(token: string): Promise<FosterOfferRow> {
    const tokenHash = linkTokenHash(token);
    const offer = tokenHash ? await repo.activeOffer(tokenHash, clock()) : undefined;
    if (!offer) throw notFound();
    if (!linkRequests(offer.id)) throw new AppError('RATE_LIMITED', { message: m.requests });
    return offer;
  }

  /** The page of an offer; `organizacion` is read before any transaction (it reads on its own connection). */
  async function viewOf(executor: FosterOffersRepository, offer: FosterOfferRow, organizacion: string | null): Promise<FosterOfferView> {
    const person = await persons.contactOf(executor.handle, offer.personaId);
    const pet = await executor.pet(offer.petId);
    if (!person || person.anonimizada || !pet) throw notFound();
    return {
      organizacion: { nombre: organizacion },
      persona: { nombre: person.nombre.trim() },
      mascota: {
        nombre: pet.nombre,
        tipo: pet.tipo,
        genero: pet.genero,
        edad: pet.edad,
        tamano: pet.tamano,
        personalidad: clip(pet.personalidad, 800),
        historia: clip(pet.historia, 1200),
        foto: pet.imagenPrincipal ? petImageUrl(pet.id, pet.imagenPrincipal) : null,
      },
      respuesta: (offer.respuesta as FosterAnswer | null) ?? null,
      cerrada: closed(pet),
    };
  }

  async function search(executor: FosterOffersRepository, petId: number): Promise<FosterSearch> {
    const pet = await livePet(executor, petId);
    const today = dayInZone(clock(), await timeZone(executor.handle));
    const homes = await executor.fosterHomes(pet);
    const now = clock();
    return {
      ubicacion: pet.ubicacion,
      candidatas: homes.map((h) => ({
        id: h.id,
        nombre: `${h.nombre} ${h.apellidos}`.trim(),
        email: Boolean(h.email) && h.consentimientoEmail,
        whatsapp: Boolean(h.telefono) && h.consentimientoWhatsapp,
        disponible: !h.noDisponible.some((p) => p.desde <= today && today <= p.hasta),
        acogiendo: h.acogiendo,
      })),
      ofertas: (await executor.offersOf(petId)).map(({ offer, nombre, apellidos }): FosterOffer => ({
        id: offer.id,
        persona: { id: offer.personaId, nombre: `${nombre} ${apellidos}`.trim() },
        canal: offer.canal as FosterOffer['canal'],
        enviadaEn: offer.createdAt.toISOString(),
        venceEn: offer.venceEn.toISOString(),
        respuesta: (offer.respuesta as FosterAnswer | null) ?? null,
        respondidaEn: offer.respondidaEn ? offer.respondidaEn.toISOString() : null,
        colocadaEn: offer.colocadaEn ? offer.colocadaEn.toISOString() : null,
        activa: offer.revocadoEn === null && offer.venceEn > now,
      })),
    };
  }

  return {
    search: (petId: number) => search(repo, petId),

    /**
     * Sends the pet's card to the homes chosen (by default every suggested home available today that can be reached
     * on the channel), each with a new link; a home's unanswered link for the pet stops working. WhatsApp answers
     * the click-to-chat links for staff to open.
     */
    async send(actor: SessionUser, petId: number, input: FosterSearchInput): Promise<FosterSearchSent> {
      const found = await search(repo, petId);
      if (found.ubicacion !== 'refugio') throw new AppError('CONFLICT', { message: m.petNotInShelter });
      const reachable = (c: FosterSearch['candidatas'][number]) => (input.canal === 'email' ? c.email : c.whatsapp);
      let chosen: { id: number; nombre: string }[];
      if (input.personas) {
        chosen = [];
        for (const id of [...new Set(input.personas)]) {
          const home = await repo.fosterHome(id);
          const contact = home ? await persons.contactOf(repo.handle, id) : null;
          if (!home || !contact || contact.anonimizada)
            throw new AppError('VALIDATION_ERROR', { message: m.notAFosterHome, fieldErrors: { personas: m.notAFosterHome } });
          chosen.push({ id, nombre: `${contact.nombre} ${contact.apellidos}`.trim() });
        }
      } else {
        chosen = found.candidatas.filter((c) => c.disponible && reachable(c));
        if (chosen.length === 0) throw new AppError('VALIDATION_ERROR', { message: m.noCandidates });
      }
      const venceEn = new Date(clock().getTime() + FOSTER_OFFER_DAYS * DAY_MS);
      const whatsapp: FosterSearchSent['whatsapp'] = [];
      const sinContacto: FosterSearchSent['sinContacto'] = [];
      let enviadas = 0;
      await repo.transaction(async (tx) => {
        await tx.lockPetOffers(petId);
        const pet = await livePet(tx, petId);
        const vencimiento = longDay(dayInZone(venceEn, await timeZone(tx.handle)));
        const contacts = [];
        for (const home of chosen) {
          const contact = await persons.contactOf(tx.handle, home.id);
          const ok =
            contact && !contact.anonimizada && (input.canal === 'email' ? contact.email : contact.telefono) && contact.consentimientos[input.canal];
          if (ok) contacts.push(contact);
          else sinContacto.push({ personaId: home.id, nombre: home.nombre });
        }
        // Earlier links are not revoked: a home that kept the first message can still answer with it.
        for (const contact of contacts) {
          const { token, tokenHash } = newLinkToken();
          const offer = await tx.insertOffer({ petId, personaId: contact.id, canal: input.canal, tokenHash, venceEn, createdBy: actor.id });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'oferta_acogida',
            entidadId: offer.id,
            accion: 'crear',
            cambios: {
              petId: [null, petId],
              personaId: [null, contact.id],
              canal: [null, input.canal],
              venceEn: [null, venceEn.toISOString()],
            },
          });
          const sent = await messages.send(tx.handle, {
            personaId: contact.id,
            mascotaId: pet.id,
            para: { nombre: contact.nombre, email: contact.email, telefono: contact.telefono },
            canal: input.canal,
            plantilla: 'busco_acogida',
            variables: {
              'persona.nombre': contact.nombre,
              'mascota.nombre': pet.nombre,
              enlace: `${publicUrl}/acogida-oferta/${token}`,
              vencimiento,
            },
            relacion: { entidad: 'oferta_acogida', id: offer.id },
            actor: userActor(actor),
          });
          enviadas++;
          if (sent?.url) whatsapp.push({ personaId: contact.id, nombre: `${contact.nombre} ${contact.apellidos}`.trim(), url: sent.url });
        }
      });
      return { enviadas, whatsapp, sinContacto };
    },

    /**
     * Places the pet in foster care with the home of an offer answered yes, in one step: the movement (the movements
     * module's rules, under the pet's lock: a second placement at once answers 409) and the offer marked placed.
     */
    async place(actor: SessionUser, petId: number, ofertaId: number): Promise<FosterSearch> {
      await repo.transaction(async (tx) => {
        const before = await pets.lockForChange(tx.handle, petId);
        if (!before || before.deletedAt) throw petNotFound();
        const offer = await tx.lockOffer(ofertaId);
        if (!offer || offer.petId !== petId) throw new AppError('NOT_FOUND', { message: m.offerNotFound });
        if (offer.respuesta !== 'si') throw new AppError('CONFLICT', { message: m.notYes });
        const day = await movements.today(tx.handle);
        await movements.apply(tx.handle, before, { tipo: 'acogida', fecha: day, personaId: offer.personaId }, actor, day);
        await tx.setOffer(offer.id, { colocadaEn: clock() });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'oferta_acogida',
          entidadId: offer.id,
          accion: 'estado',
          cambios: { colocada: [false, true] },
        });
      });
      return search(repo, petId);
    },

    view: async (token: string): Promise<FosterOfferView> => viewOf(repo, await offerOf(token), (await organizationName?.()) ?? null),

    /**
     * The home's answer. The offer's row is locked while it is written, so two answers at once are applied one after
     * the other; the same answer again changes nothing. Once the pet has a home, 409.
     */
    async answer(token: string, respuesta: FosterAnswer): Promise<FosterOfferView> {
      const found = await offerOf(token);
      const organizacion = (await organizationName?.()) ?? null;
      return repo.transaction(async (tx) => {
        const offer = await tx.lockOffer(found.id);
        if (!offer || offer.revocadoEn) throw notFound();
        const pet = await tx.pet(offer.petId);
        const person = await persons.contactOf(tx.handle, offer.personaId);
        if (!pet || !person || person.anonimizada) throw notFound();
        if (closed(pet)) throw new AppError('CONFLICT', { message: m.closed });
        if (offer.respuesta !== respuesta) {
          await tx.setOffer(offer.id, { respuesta, respondidaEn: clock() });
          await history.record(tx.handle, {
            actor: linkActor(person.nombre.trim()),
            entidad: 'oferta_acogida',
            entidadId: offer.id,
            accion: 'estado',
            cambios: { respuesta: [offer.respuesta, respuesta] },
          });
        }
        return viewOf(tx, { ...offer, respuesta }, organizacion);
      });
    },
  };
}

export type FosterOffersService = ReturnType<typeof createFosterOffersService>;
