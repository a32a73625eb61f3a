import {
  type Fee,
  type FeeLeaveInput,
  type FeePeriod,
  type FeeState,
  type FeeType,
  type FeeValues,
  type FeesResponse,
  type Gift,
  type GiftConcept,
  type GiftPatchInput,
  type GiftState,
  type IdentityDifference,
  SUBMITTED_IDENTITY_FIELDS,
  type SubmittedIdentityField,
  type GiftValues,
  type GiftsResponse,
  type ListFeesQuery,
  type ListGiftsQuery,
  type MoneyMethod,
  type SponsorDecision,
  centsToEuros,
  dayInZone,
  deductibleByDefault,
  donationMessages,
  fiscalIdProblem,
  maskIban,
  monthlyCentsOfYearly,
  personMessages,
} from '@refugio/contracts';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import { isReceivedGift } from './donations.port';
import type { DonationsRepository, FeeRow, GiftRow, Named, PersonFiscal } from './donations.repository';

const conflict = (message: string) => new AppError('CONFLICT', { message });
const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });

/**
 * What a public form said (`datosEnviados`) that the person's record does not hold: NIF, postcode, address. A public
 * form never writes them on an existing person (DESIGN section 10 and 15); staff see the difference and apply it.
 */
export function identityDifferences(datosEnviados: Record<string, string> | null, fiscal: PersonFiscal | null | undefined): IdentityDifference[] {
  if (!datosEnviados || !fiscal) return [];
  const out: IdentityDifference[] = [];
  for (const campo of SUBMITTED_IDENTITY_FIELDS) {
    const enviado = (datosEnviados[campo] ?? '').trim();
    const kept = fiscal[campo];
    const enFicha = kept === null || kept.trim() === '' ? null : kept;
    if (enviado !== '' && enviado !== enFicha) out.push({ campo, enFicha, enviado });
  }
  return out;
}

export function toFeeDto(row: Named<FeeRow>): Fee {
  return {
    id: row.id,
    persona: { id: row.personaId, nombre: row.personaNombre ?? '' },
    tipo: row.tipo as FeeType,
    importe: centsToEuros(row.importeCentimos),
    importeCentimos: row.importeCentimos,
    periodicidad: row.periodicidad as FeePeriod,
    desde: row.desde,
    hasta: row.hasta,
    mascota: row.petId === null ? null : { id: row.petId, nombre: row.mascotaNombre ?? '' },
    metodoPago: row.metodoPago as MoneyMethod,
    iban: row.iban === null ? null : maskIban(row.iban),
    mandato:
      row.mandatoReferencia === null || row.mandatoFechaFirma === null
        ? null
        : { referencia: row.mandatoReferencia, fechaFirma: row.mandatoFechaFirma },
    bic: row.bic,
    domicilioDeudor:
      row.deudorDireccion === null || row.deudorLocalidad === null || row.deudorPais === null
        ? null
        : { direccion: row.deudorDireccion, localidad: row.deudorLocalidad, pais: row.deudorPais },
    estado: row.estado as FeeState,
    bajaMotivo: row.bajaMotivo,
    recibirNovedades: row.recibirNovedades,
    requiereDecision: row.decisionPendiente !== null && row.estado !== 'baja',
    motivoDecision: row.estado === 'baja' ? null : ((row.decisionPendiente as SponsorDecision | null) ?? null),
    diferencias: identityDifferences(row.datosEnviados, row.personaFiscal),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The gift as the API answers it on `today` (the organisation's day): `recibido` is derived, never stored. */
export function toGiftDto(row: Named<GiftRow>, today: string): Gift {
  return {
    id: row.id,
    persona: row.personaId === null ? null : { id: row.personaId, nombre: row.personaNombre ?? '' },
    importe: centsToEuros(row.importeCentimos),
    importeCentimos: row.importeCentimos,
    fecha: row.fecha,
    metodo: row.metodo as MoneyMethod,
    concepto: row.concepto as GiftConcept,
    cuotaId: row.feeId,
    mascota: row.petId === null ? null : { id: row.petId, nombre: row.mascotaNombre ?? '' },
    referencia: row.referencia,
    estado: row.estado as GiftState,
    iban: row.iban === null ? null : maskIban(row.iban),
    mandato:
      row.mandatoReferencia === null || row.mandatoFechaFirma === null
        ? null
        : { referencia: row.mandatoReferencia, fechaFirma: row.mandatoFechaFirma },
    anuladoMotivo: row.anuladoMotivo,
    devueltoEn: row.devueltoEn === null ? null : row.devueltoEn.toISOString(),
    deducible: row.deducible,
    recibido: isReceivedGift(row, today),
    // An annulled gift is a rejected submission: what its form said is not offered to the person's record.
    diferencias: row.estado === 'anulado' ? [] : identityDifferences(row.datosEnviados, row.personaFiscal),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface DonationsServiceDeps {
  repo: DonationsRepository;
  persons: Pick<PersonsPort, 'contactOf' | 'rolesOf' | 'addRole' | 'applyIdentity'>;
  pets: Pick<PetsPort, 'findLive'>;
  history: Pick<HistoryPort, 'record'>;
  /** The organisation's time zone: "today" (no future dates) is its calendar day. */
  timeZone: TimeZoneSource;
  clock?: () => Date;
}

/**
 * Members' fees, sponsorships and the money received (DESIGN section 15). Every write runs in one transaction with
 * its history event (and the person's new role); a refused change writes nothing.
 */
export function createDonationsService({ repo, persons, pets, history, timeZone, clock = () => new Date() }: DonationsServiceDeps) {
  const today = async (handle: Database) => dayInZone(clock(), await timeZone(handle));

  /** The person a fee or a gift is for: 404 when there is none, 409 when anonymised (nothing new is linked to them). */
  async function livePerson(tx: Tx, personaId: number): Promise<void> {
    const person = await persons.contactOf(tx, personaId);
    if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
    if (person.anonimizada) throw conflict(personMessages.anonymised);
  }

  async function livePet(tx: Tx, petId: number): Promise<void> {
    if (!(await pets.findLive(tx, petId))) throw invalid('mascotaId', donationMessages.petNotFound);
  }

  async function namedFee(handle: DonationsRepository, id: number): Promise<Fee> {
    const row = await handle.namedFee(id);
    if (!row) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
    return toFeeDto(row);
  }

  async function namedGift(handle: DonationsRepository, id: number): Promise<Gift> {
    const row = await handle.namedGift(id);
    if (!row) throw new AppError('NOT_FOUND', { message: donationMessages.giftNotFound });
    return toGiftDto(row, await today(handle.handle));
  }

  return {
    /** `POST /api/personas/{id}/cuotas`: an active fee; the person becomes `socio` or `padrino`. */
    async createFee(actor: SessionUser, personaId: number, input: FeeValues): Promise<Fee> {
      return repo.transaction(async (tx) => {
        await livePerson(tx.handle, personaId);
        if (input.mascotaId !== undefined) await livePet(tx.handle, input.mascotaId);
        if (input.mandato && input.mandato.fechaFirma > (await today(tx.handle))) {
          throw invalid('mandato.fechaFirma', donationMessages.mandateSignedInFuture);
        }
        const directDebit = input.metodoPago === 'domiciliacion';
        if (directDebit && input.mandato && (await tx.mandateReferenceInUse(input.mandato.referencia))) {
          throw conflict(donationMessages.mandateReferenceTaken(input.mandato.referencia));
        }
        const address = directDebit ? input.domicilioDeudor : undefined;
        const row = await tx.insertFee({
          personaId,
          tipo: input.tipo,
          importeCentimos: input.importe,
          periodicidad: input.periodicidad,
          desde: input.desde,
          petId: input.mascotaId ?? null,
          metodoPago: input.metodoPago,
          iban: directDebit ? (input.iban ?? null) : null,
          mandatoReferencia: directDebit ? (input.mandato?.referencia ?? null) : null,
          mandatoFechaFirma: directDebit ? (input.mandato?.fechaFirma ?? null) : null,
          bic: directDebit && input.bic ? input.bic : null,
          deudorDireccion: address?.direccion ?? null,
          deudorLocalidad: address?.localidad ?? null,
          deudorPais: address?.pais ?? null,
          estado: 'activa',
          createdBy: actor.id,
          updatedBy: actor.id,
        });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            personaId: [null, personaId],
            tipo: [null, row.tipo],
            importe: [null, centsToEuros(row.importeCentimos)],
            periodicidad: [null, row.periodicidad],
            desde: [null, row.desde],
            ...(row.petId === null ? {} : { mascotaId: [null, row.petId] }),
            metodoPago: [null, row.metodoPago],
            ...(row.iban === null ? {} : { iban: [null, maskIban(row.iban)] }),
            ...(row.mandatoReferencia === null ? {} : { mandato: [null, { referencia: row.mandatoReferencia, fechaFirma: row.mandatoFechaFirma }] }),
            ...(row.bic === null ? {} : { bic: [null, row.bic] }),
            ...(address === undefined ? {} : { domicilioDeudor: [null, address] }),
            estado: [null, row.estado],
          },
        });
        await persons.addRole(tx.handle, personaId, row.tipo as FeeType, userActor(actor));
        return namedFee(tx, row.id);
      });
    },

    /** `POST /api/cuotas/{id}/baja`: the fee ends on `fecha` (stale version or already left: 409). */
    async leaveFee(actor: SessionUser, id: number, input: FeeLeaveInput): Promise<Fee> {
      return repo.transaction(async (tx) => {
        const before = await tx.findFee(id, { forUpdate: true });
        if (!before) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
        if (before.estado === 'baja') throw conflict(donationMessages.feeAlreadyLeft);
        if (before.version !== input.version) throw conflict(donationMessages.feeStale);
        if (input.fecha < before.desde) throw invalid('fecha', donationMessages.leaveBeforeStart);
        const after = await tx.leaveFee(id, input.version, { fecha: input.fecha, motivo: input.motivo, updatedBy: actor.id });
        if (!after) throw conflict(donationMessages.feeStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [before.estado, 'baja'], hasta: [before.hasta, input.fecha], bajaMotivo: [null, input.motivo] },
        });
        return namedFee(tx, id);
      });
    },

    async listFees(query: ListFeesQuery): Promise<FeesResponse> {
      const { rows, total, yearlyCents } = await repo.listFees(
        { tipo: query.tipo, estado: query.estado, petId: query.mascotaId, personaId: query.personaId, requiereDecision: query.requiereDecision },
        query.page,
        query.pageSize,
      );
      const monthlyCents = monthlyCentsOfYearly(yearlyCents);
      return {
        items: rows.map(toFeeDto),
        total,
        importeMensual: centsToEuros(monthlyCents),
        importeMensualCentimos: monthlyCents,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * `POST /api/donativos`: money received, anonymous or from a person, who becomes `donante` unless they are a
     * `socio` or `padrino` already (their fee names them as contributors).
     */
    async createGift(actor: SessionUser, input: GiftValues): Promise<Gift> {
      return repo.transaction(async (tx) => {
        if (input.fecha > (await today(tx.handle))) throw invalid('fecha', donationMessages.dateInFuture);
        if (input.personaId !== undefined) await livePerson(tx.handle, input.personaId);
        if (input.cuotaId !== undefined) {
          if (input.personaId === undefined) throw invalid('cuotaId', donationMessages.feeNeedsPerson);
          const feeRow = await tx.findFee(input.cuotaId);
          if (!feeRow) throw invalid('cuotaId', donationMessages.feeNotFound);
          if (feeRow.personaId !== input.personaId) throw invalid('cuotaId', donationMessages.feeOfAnotherPerson);
        }
        if (input.mascotaId !== undefined) await livePet(tx.handle, input.mascotaId);
        const row = await tx.insertGift({
          personaId: input.personaId ?? null,
          importeCentimos: input.importe,
          fecha: input.fecha,
          metodo: input.metodo,
          concepto: input.concepto,
          feeId: input.cuotaId ?? null,
          petId: input.mascotaId ?? null,
          referencia: input.referencia ?? '',
          estado: 'registrado',
          deducible: input.deducible ?? deductibleByDefault(input.concepto),
          createdBy: actor.id,
          updatedBy: actor.id,
        });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'donativo',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            ...(row.personaId === null ? {} : { personaId: [null, row.personaId] }),
            importe: [null, centsToEuros(row.importeCentimos)],
            fecha: [null, row.fecha],
            metodo: [null, row.metodo],
            concepto: [null, row.concepto],
            ...(row.feeId === null ? {} : { cuotaId: [null, row.feeId] }),
            ...(row.petId === null ? {} : { mascotaId: [null, row.petId] }),
            ...(row.referencia === '' ? {} : { referencia: [null, row.referencia] }),
            estado: [null, row.estado],
            deducible: [null, row.deducible],
          },
        });
        if (row.personaId !== null) {
          const roles = (await persons.rolesOf(tx.handle, row.personaId)) ?? [];
          if (!roles.includes('socio') && !roles.includes('padrino')) await persons.addRole(tx.handle, row.personaId, 'donante', userActor(actor));
        }
        return namedGift(tx, row.id);
      });
    },

    async listGifts(query: ListGiftsQuery): Promise<GiftsResponse> {
      const day = await today(repo.handle);
      const { rows, total, totalCents } = await repo.listGifts(
        { desde: query.desde, hasta: query.hasta, personaId: query.personaId, concepto: query.concepto, estado: query.estado },
        query.page,
        query.pageSize,
        day,
      );
      return {
        items: rows.map((r) => toGiftDto(r, day)),
        total,
        importeTotal: centsToEuros(totalCents),
        importeTotalCentimos: totalCents,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** `PATCH /api/donativos/{id}`: whether the gift is deductible (Ley 49/2002), with its history; stale: 409. */
    async patchGift(actor: SessionUser, id: number, input: GiftPatchInput): Promise<Gift> {
      return repo.transaction(async (tx) => {
        const before = await tx.findGift(id, { forUpdate: true });
        if (!before) throw new AppError('NOT_FOUND', { message: donationMessages.giftNotFound });
        if (before.version !== input.version) throw conflict(donationMessages.giftStale);
        if (before.estado !== 'registrado' && before.estado !== 'pendiente') throw conflict(donationMessages.giftNotDeductibleChange);
        if (before.deducible === input.deducible) return namedGift(tx, id);
        const after = await tx.setDeductible(id, input.version, input.deducible, actor.id);
        if (!after) throw conflict(donationMessages.giftStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'donativo',
          entidadId: id,
          accion: 'modificar',
          cambios: { deducible: [before.deducible, input.deducible] },
        });
        return namedGift(tx, id);
      });
    },

    /**
     * `POST /api/cuotas/{id}/usar-datos` and `POST /api/donativos/{id}/usar-datos`: staff apply to the person what
     * the public form said differently (all differing fields, or `campos`), with the person's history; nothing
     * differs (or another request applied it a moment ago): 409; a gift staff annulled (a rejected submission): 409.
     */
    async useSubmittedData(actor: SessionUser, kind: 'cuota' | 'donativo', id: number, campos?: SubmittedIdentityField[]): Promise<Fee | Gift> {
      return repo.transaction(async (tx) => {
        const row = kind === 'cuota' ? await tx.namedFee(id) : await tx.namedGift(id);
        if (!row) throw new AppError('NOT_FOUND', { message: kind === 'cuota' ? donationMessages.feeNotFound : donationMessages.giftNotFound });
        if (kind === 'donativo' && row.estado === 'anulado') throw conflict(donationMessages.submittedDataAnnulled);
        const chosen = identityDifferences(row.datosEnviados, row.personaFiscal).filter((d) => campos === undefined || campos.includes(d.campo));
        if (chosen.length === 0 || row.personaId === null) throw conflict(donationMessages.noSubmittedData);
        const values: Partial<Record<SubmittedIdentityField, string>> = {};
        for (const d of chosen) values[d.campo] = d.enviado;
        if (values.nif !== undefined && fiscalIdProblem(values.nif) !== null) throw invalid('nif', donationMessages.submittedNifInvalid);
        // The differences were read without a lock: the person's record, read locked, decides (two clicks apply once).
        if (!(await persons.applyIdentity(tx.handle, row.personaId, values, userActor(actor)))) throw conflict(donationMessages.noSubmittedData);
        return kind === 'cuota' ? namedFee(tx, id) : namedGift(tx, id);
      });
    },

    /** `POST /api/donativos/{id}/anular`: kept with `estado: 'anulado'` (never deleted); twice, or stale: 409. */
    async annulGift(actor: SessionUser, id: number, input: { motivo: string; version: number }): Promise<Gift> {
      return closeGift(actor, id, input.version, 'anulado', input.motivo);
    },

    /** `POST /api/donativos/{id}/devolucion`: a returned direct debit (other methods: 409). */
    async returnGift(actor: SessionUser, id: number, input: { version: number; motivo?: string | undefined }): Promise<Gift> {
      return closeGift(actor, id, input.version, 'devuelto', input.motivo ?? '');
    },
  };

  async function closeGift(actor: SessionUser, id: number, version: number, estado: 'anulado' | 'devuelto', motivo = ''): Promise<Gift> {
    return repo.transaction(async (tx) => {
      const before = await tx.findGift(id, { forUpdate: true });
      if (!before) throw new AppError('NOT_FOUND', { message: donationMessages.giftNotFound });
      if (before.estado === 'anulado') throw conflict(donationMessages.giftAlreadyAnnulled);
      if (before.estado === 'devuelto') throw conflict(donationMessages.giftAlreadyReturned);
      if (estado === 'devuelto' && before.metodo !== 'domiciliacion') throw conflict(donationMessages.giftNotDirectDebit);
      // A pending gift (from /colabora) was never collected: it may be annulled (staff reject it), never returned.
      if (estado === 'devuelto' && before.estado === 'pendiente') throw conflict(donationMessages.giftPending);
      if (before.version !== version) throw conflict(donationMessages.giftStale);
      const after = await tx.closeGift(
        id,
        version,
        estado === 'anulado' ? { estado, anuladoMotivo: motivo, updatedBy: actor.id } : { estado, devueltoEn: clock(), updatedBy: actor.id },
      );
      if (!after) throw conflict(donationMessages.giftStale);
      await history.record(tx.handle, {
        actor: userActor(actor),
        entidad: 'donativo',
        entidadId: id,
        accion: 'estado',
        cambios: {
          estado: [before.estado, estado],
          ...(estado === 'anulado' ? { anuladoMotivo: [null, motivo] } : motivo === '' ? {} : { motivo: [null, motivo] }),
        },
      });
      return namedGift(tx, id);
    });
  }
}

export type DonationsService = ReturnType<typeof createDonationsService>;
