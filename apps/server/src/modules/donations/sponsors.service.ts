import {
  type Fee,
  type FeePatchInput,
  type FeePetInput,
  type HistoryActor,
  type SponsorDecision,
  dayInZone,
  donationMessages,
  formatDay,
  formatDecimal,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, systemActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { AppliedMovement } from '../movements/movements.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import type { DonationsRepository } from './donations.repository';
import { toFeeDto } from './donations.service';
import { type SponsorsRepository, createSponsorsRepository } from './sponsors.repository';

/*
 * Sponsors see their animal (DESIGN section 15). A sponsor gets the foster-portal news staff accepted and the new
 * photos of their animal by e-mail (`padrino_novedad`), at most once a week, gathered since the last one, unless they
 * opted out (`recibirNovedades` on the fee). When the animal is adopted or dies, the sponsorship is not moved: the
 * fee is flagged (`decisionPendiente`), the sponsor is asked by e-mail (`padrino_cambio`) whether to sponsor another
 * animal, and only staff, with the person's consent, move it (`POST /api/cuotas/{id}/mascota`) or end it.
 */

export const SPONSOR_NEWS_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SponsorsDeps {
  repo: SponsorsRepository;
  fees: DonationsRepository;
  persons: Pick<PersonsPort, 'contactOf'>;
  pets: Pick<PetsPort, 'findLive'>;
  messages: Pick<MessagesPort, 'send'>;
  history: Pick<HistoryPort, 'record'>;
  timeZone: TimeZoneSource;
  log: FastifyBaseLogger;
}

const conflict = (message: string) => new AppError('CONFLICT', { message });

/** What happened to the animal, as the `padrino_cambio` e-mail tells it. */
function changeWording(motivo: SponsorDecision, genero: string): string {
  const female = genero === 'hembra';
  return motivo === 'adopcion' ? `ha encontrado un hogar y una familia ${female ? 'la' : 'lo'} ha adoptado` : `ha fallecido, y lo sentimos muchísimo`;
}

export function createSponsorsService({ repo, fees, persons, pets, messages, history, timeZone, log }: SponsorsDeps) {
  async function namedFee(id: number): Promise<Fee> {
    const row = await fees.namedFee(id);
    if (!row) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
    return toFeeDto(row);
  }

  /**
   * The movements' listener, in the movement's transaction: an adoption or a death flags each running sponsorship of
   * the pet and writes to the sponsor (when they have an e-mail and accepted it, and the template is active).
   */
  async function onMovement(tx: Tx, movement: AppliedMovement, actor: HistoryActor): Promise<void> {
    if (movement.tipo !== 'adopcion' && movement.tipo !== 'fallecimiento') return;
    const motivo: SponsorDecision = movement.tipo;
    const txRepo = createSponsorsRepository(tx);
    const running = await txRepo.runningOfPet(movement.petId);
    if (running.length === 0) return;
    const genero = (await txRepo.petName(movement.petId))?.genero ?? '';
    for (const row of running) {
      await txRepo.flagDecision(row.id, motivo);
      let mensajeId: number | null = null;
      const contact = await persons.contactOf(tx, row.personaId);
      if (contact?.email && contact.consentimientos.email && !contact.anonimizada) {
        const sent = await messages.send(tx, {
          personaId: row.personaId,
          mascotaId: movement.petId,
          para: { nombre: contact.nombre, email: contact.email },
          canal: 'email',
          plantilla: 'padrino_cambio',
          variables: { 'mascota.nombre': movement.petNombre, 'padrino.cambio': changeWording(motivo, genero) },
          relacion: { entidad: 'cuota', id: row.id },
          soloSiActiva: true,
        });
        mensajeId = sent?.mensaje.id ?? null;
      }
      await history.record(tx, {
        actor,
        entidad: 'cuota',
        entidadId: row.id,
        accion: 'modificar',
        cambios: { decisionPendiente: [null, motivo], ...(mensajeId ? { mensajeId: [null, mensajeId] } : {}) },
      });
    }
  }

  /** The news of one sponsorship since its last e-mail, written to the outbox; false when there was nothing new. */
  async function sendNews(feeId: number, now: Date): Promise<boolean> {
    return repo.transaction(async (tx) => {
      const locked = await tx.lockForNews(feeId);
      if (!locked) return false;
      const { fee, last } = locked;
      if (fee.tipo !== 'padrino' || fee.estado !== 'activa' || !fee.recibirNovedades || fee.decisionPendiente !== null || fee.petId === null) {
        return false;
      }
      if (last && now.getTime() - last.getTime() < SPONSOR_NEWS_INTERVAL_MS) return false;
      const since = last ?? fee.createdAt;
      const news = await tx.acceptedNewsSince(fee.petId, since);
      const photos = await tx.photosSince(fee.petId, since);
      if (news.length === 0 && photos === 0) return false;
      const contact = await persons.contactOf(tx.handle, fee.personaId);
      if (!contact?.email || !contact.consentimientos.email || contact.anonimizada) return false;
      const zone = await timeZone(tx.handle);
      const novedades = news
        .map((n) => {
          const texto = n.texto.trim() || 'Nos han mandado noticias suyas.';
          const peso = n.pesoKg === null ? '' : ` (pesa ${formatDecimal(n.pesoKg, 2)} kg)`;
          return `${formatDay(dayInZone(n.aceptadaEn, zone))}: ${texto}${peso}`;
        })
        .join('\n\n');
      const pet = await tx.petName(fee.petId);
      const sent = await messages.send(tx.handle, {
        personaId: fee.personaId,
        mascotaId: fee.petId,
        para: { nombre: contact.nombre, email: contact.email },
        canal: 'email',
        plantilla: 'padrino_novedad',
        variables: {
          'mascota.nombre': pet?.nombre ?? '',
          'padrino.novedades': novedades,
          'padrino.fotos': photos > 0 ? String(photos) : '',
        },
        relacion: { entidad: 'cuota', id: fee.id },
        soloSiActiva: true,
      });
      if (!sent) return false;
      await tx.recordNewsSent(fee.id, now, sent.mensaje.id);
      await history.record(tx.handle, {
        actor: systemActor,
        entidad: 'cuota',
        entidadId: fee.id,
        accion: 'enviar',
        cambios: { plantilla: [null, 'padrino_novedad'], mensajeId: [null, sent.mensaje.id] },
      });
      return true;
    });
  }

  /** Every sponsorship whose week has passed gets what is new of its animal (the scheduled job). */
  async function sendDueNews(now: Date): Promise<number> {
    let sent = 0;
    for (const due of await repo.dueSponsorships(new Date(now.getTime() - SPONSOR_NEWS_INTERVAL_MS))) {
      if (await sendNews(due.feeId, now)) sent++;
    }
    return sent;
  }

  const sponsorNewsJob = defineJob({
    name: 'donations.sponsor-news',
    title: 'Envío de novedades a los padrinos',
    payload: z.object({}),
    every: 60 * 60 * 1000,
    maxAttempts: 3,
    backoffMs: 5 * 60 * 1000,
    handler: async (_payload, { now }) => {
      const sent = await sendDueNews(now);
      if (sent > 0) log.info({ sent }, 'sponsor news written to the outbox');
    },
  });

  return {
    onMovement,
    sendNews,
    sendDueNews,
    sponsorNewsJob,

    /** `PATCH /api/cuotas/{id}`: whether the sponsor wants their animal's news (stale version: 409). */
    async patchFee(actor: SessionUser, id: number, input: FeePatchInput): Promise<Fee> {
      await repo.transaction(async (tx) => {
        const current = await tx.lockForNews(id);
        if (!current) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
        if (current.fee.version !== input.version) throw conflict(donationMessages.feeStale);
        if (current.fee.recibirNovedades === input.recibirNovedades) return;
        const after = await tx.updateFee(id, input.version, { recibirNovedades: input.recibirNovedades, updatedBy: actor.id });
        if (!after) throw conflict(donationMessages.feeStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota',
          entidadId: id,
          accion: 'modificar',
          cambios: { recibirNovedades: [current.fee.recibirNovedades, input.recibirNovedades] },
        });
      });
      return namedFee(id);
    },

    /**
     * `POST /api/cuotas/{id}/mascota`: the sponsorship moves to another animal still at the shelter (staff, with the
     * person's consent); the decision asked for, if any, is settled.
     */
    async changePet(actor: SessionUser, id: number, input: FeePetInput): Promise<Fee> {
      await repo.transaction(async (tx) => {
        const current = await tx.lockForNews(id);
        if (!current) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
        const { fee } = current;
        if (fee.tipo !== 'padrino') throw conflict(donationMessages.notSponsorship);
        if (fee.estado === 'baja') throw conflict(donationMessages.feeLeft);
        if (fee.version !== input.version) throw conflict(donationMessages.feeStale);
        if (fee.petId === input.mascotaId) throw conflict(donationMessages.samePet);
        const target = await pets.findLive(tx.handle, input.mascotaId);
        const invalid = (message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { mascotaId: message } });
        if (!target || target.deletedAt) throw invalid(donationMessages.petNotFound);
        if (target.adoptado || ['adoptado', 'trasladado', 'fallecido'].includes(target.ubicacion)) throw invalid(donationMessages.petNotAvailable);
        const after = await tx.updateFee(id, input.version, { petId: input.mascotaId, decisionPendiente: null, updatedBy: actor.id });
        if (!after) throw conflict(donationMessages.feeStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota',
          entidadId: id,
          accion: 'modificar',
          cambios: {
            mascotaId: [fee.petId, input.mascotaId],
            ...(fee.decisionPendiente ? { decisionPendiente: [fee.decisionPendiente, null] } : {}),
          },
        });
      });
      return namedFee(id);
    },
  };
}

export type SponsorsService = ReturnType<typeof createSponsorsService>;
