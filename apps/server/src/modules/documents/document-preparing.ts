import {
  type AdoptionFee,
  CONTRACT_MISSING_FIELDS,
  type ContractMissing,
  type ContractPreparation,
  type DocumentType,
  type HistoryActor,
  type PaymentMethod,
  type PrepareContractInput,
  type SaveAdoptionFeeInput,
  type SessionUser,
  contractMissingLabels,
  dayInZone,
  documentMessages,
  documentSignatureLabels,
  documentTypeLabels,
  formatDay,
  formatEuros,
  handoverBlocks,
  paymentMethodLabels,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { newDocumentKey } from '../../media/storage-keys';
import { userActor } from '../history/history.port';
import { escapeMarkdown, renderContractPdf } from './contract-pdf';
import { type DocumentShared, type DocumentsNeeds, bufferStream, fullName, sha256Hex } from './document-shared';
import type { AdoptionFeeRow, DocumentRow, DocumentsRepository } from './documents.repository';

function toFee(row: AdoptionFeeRow | undefined): AdoptionFee {
  if (!row) return { cuota: null, metodoPago: null, pagado: false, fechaPago: null, referencia: '', version: 0 };
  return {
    cuota: row.cuotaCentimos / 100,
    metodoPago: row.metodoPago as PaymentMethod,
    pagado: row.pagado,
    fechaPago: row.fechaPago,
    referencia: row.referencia,
    version: row.version,
  };
}

/**
 * Preparing documents: the fee of an application, the contract rendered from an approved application and the acta
 * from a return (template filled, PDF rendered and stored, then one transaction that keeps it).
 */
export function createDocumentPreparing(
  {
    db,
    repo,
    pets,
    persons,
    applications,
    movements,
    history,
    storage,
    templates,
    organization,
    clock,
  }: DocumentsNeeds<
    'db' | 'repo' | 'pets' | 'persons' | 'applications' | 'movements' | 'history' | 'storage' | 'templates' | 'organization' | 'clock'
  >,
  { removeFile }: Pick<DocumentShared, 'removeFile'>,
) {
  /** A document's values of the person, the pet and the date (the organisation's are added by the templates). */
  async function documentValues(
    personaId: number,
    petId: number,
    refusals: { noPerson: string; noPet: string } = { noPerson: documentMessages.requestWithoutPerson, noPet: documentMessages.requestNotFound },
  ) {
    const person = await persons.identityOf(db, personaId);
    if (!person || person.anonimizada) throw new AppError('CONFLICT', { message: refusals.noPerson });
    const pet = await pets.findLive(db, petId);
    if (!pet) throw new AppError('NOT_FOUND', { message: refusals.noPet });
    const org = await organization.stored();
    const fecha = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: org.zonaHoraria }).format(clock());
    // An empty value stays empty: the filling drops it from its group or shows `—` (templates' `fillMarkdown`).
    const dash = (v: string | null | undefined) => v?.trim() ?? '';
    const values = {
      'persona.nombre': person.nombre,
      'persona.apellidos': person.apellidos,
      'persona.documento': dash(person.documento),
      'persona.email': dash(person.email),
      'persona.telefono': dash(person.telefono),
      'persona.direccion': dash(person.direccion),
      'persona.ciudad': dash(person.ciudad),
      'mascota.nombre': pet.nombre,
      'mascota.especie': dash(pet.tipo),
      'mascota.raza': dash(pet.raza),
      'mascota.sexo': pet.genero === 'hembra' ? 'Hembra' : pet.genero === 'macho' ? 'Macho' : dash(pet.genero),
      'mascota.fechaNacimiento': pet.fechaNacimiento ? `${formatDay(pet.fechaNacimiento)}${pet.fechaNacimientoAprox ? ' (aproximada)' : ''}` : '',
      'mascota.microchip': dash(pet.microchip),
      fecha,
    };
    return { values, person, pet, org, fecha };
  }

  /** What a contract with these values names without a value (each shown as `—`), for staff to complete first. */
  function missingOf(values: Record<string, string | null | undefined>): ContractMissing[] {
    return CONTRACT_MISSING_FIELDS.filter((campo) => (values[campo] ?? '').trim() === '').map((campo) => ({
      campo,
      etiqueta: contractMissingLabels[campo],
      donde: campo.startsWith('persona.') ? ('persona' as const) : ('organizacion' as const),
    }));
  }

  /** What Ley 7/2023 art. 58 says against handing this pet over today (the organisation's day). */
  async function blocksOf(pet: { nombre: string; tipo: string | null; microchip: string | null; fechaNacimiento: string | null }) {
    const org = await organization.stored();
    return handoverBlocks(pet, dayInZone(clock(), org.zonaHoraria));
  }

  /** The contract's values: person, pet, fee and date. */
  async function contractValues(personaId: number, petId: number, fee: { cuota: number; metodoPago: PaymentMethod } | null) {
    const base = await documentValues(personaId, petId);
    const values = {
      ...base.values,
      'mascota.sinEsterilizar': base.pet.esterilizado === 'si' ? null : 'sí',
      'adopcion.cuota': formatEuros(fee?.cuota ?? 0),
      'adopcion.metodoPago': fee ? paymentMethodLabels[fee.metodoPago].toLowerCase() : 'sin cuota registrada',
    };
    return { ...base, values };
  }

  /** Renders a document's Markdown template to a PDF and stores it (no transaction open): its key, hash and signature area. */
  async function renderAndStore(
    tipo: DocumentType,
    prepared: Awaited<ReturnType<typeof documentValues>>,
    values: Record<string, string | null>,
  ): Promise<{ titulo: string; key: string; sha256: string; bytes: number; area: Awaited<ReturnType<typeof renderContractPdf>>['area'] }> {
    const { person, pet, org, fecha } = prepared;
    const titulo = `${documentTypeLabels[tipo]} de ${pet.nombre}`;
    // The contract may read the pet's and the person's own fields (`{{mascota.campos.<clave>}}`).
    const markdown = await templates.fillDocument(db, tipo, values, escapeMarkdown, { mascotaId: pet.id, personaId: person.id });
    const { pdf, area } = await renderContractPdf({
      titulo,
      markdown,
      organization: { nombre: org.nombre ?? 'Refugio', email: org.email, telefono: org.telefono, web: org.web, direccion: org.direccion },
      firmante: fullName(person),
      firmaEtiqueta: documentSignatureLabels[tipo],
      fecha,
    });
    const key = newDocumentKey(tipo === 'acta_devolucion' ? 'acta' : 'contrato');
    await storage.put(key, bufferStream(pdf), { contentType: 'application/pdf' });
    return { titulo, key, sha256: sha256Hex(pdf), bytes: pdf.length, area };
  }

  /** Annuls the unsigned live documents of a request or a return (a signed one refuses with `signedExists`). */
  async function annulEarlier(tx: DocumentsRepository, earlier: DocumentRow[], who: HistoryActor, signedExists: string): Promise<void> {
    for (const row of earlier) {
      if (row.estado === 'firmado') throw new AppError('CONFLICT', { message: signedExists });
      await tx.annul(row.id, clock());
      await tx.revokeLinks(row.id, clock());
      await history.record(tx.handle, {
        actor: who,
        entidad: 'documento',
        entidadId: row.id,
        accion: 'estado',
        cambios: { estado: [row.estado, 'anulado'] },
      });
    }
  }
  return {
    /* ---------------------------------------------------------------- the fee */

    async getFee(solicitudId: number): Promise<AdoptionFee> {
      if (!(await applications.requestForContract(db, solicitudId))) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      return toFee(await repo.fee(solicitudId));
    },

    async saveFee(actor: SessionUser, solicitudId: number, input: SaveAdoptionFeeInput): Promise<AdoptionFee> {
      return repo.transaction(async (tx) => {
        const request = await applications.requestForContract(tx.handle, solicitudId);
        if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
        const current = await tx.fee(solicitudId, { lock: true });
        if ((current?.version ?? 0) !== input.version) throw new AppError('CONFLICT', { message: documentMessages.feeStale });
        const values = {
          cuotaCentimos: Math.round(input.cuota * 100),
          metodoPago: input.metodoPago,
          pagado: input.pagado,
          fechaPago: input.fechaPago,
          referencia: input.referencia,
          updatedBy: actor.id,
        };
        if (!(await tx.saveFee(solicitudId, input.version, values))) throw new AppError('CONFLICT', { message: documentMessages.feeStale });
        const before = toFee(current);
        const after = {
          cuota: input.cuota,
          metodoPago: input.metodoPago,
          pagado: input.pagado,
          fechaPago: input.fechaPago,
          referencia: input.referencia,
        };
        const cambios: Record<string, [string | number | boolean | null, string | number | boolean | null]> = {};
        for (const field of ['cuota', 'metodoPago', 'pagado', 'fechaPago', 'referencia'] as const)
          if (before[field] !== after[field] || !current) cambios[field] = [current ? before[field] : null, after[field]];
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota_adopcion',
          entidadId: solicitudId,
          accion: current ? 'modificar' : 'crear',
          cambios,
        });
        return toFee(await tx.fee(solicitudId));
      });
    },

    /* ---------------------------------------------------------------- preparing */

    /**
     * Renders the contract of an approved request and keeps it: the PDF stored first (no transaction open), then one
     * transaction that annuls an unsigned earlier contract, records the fee given with it and inserts the document.
     */
    async prepare(actor: SessionUser, solicitudId: number, input: PrepareContractInput): Promise<{ documentoId: number; faltan: ContractMissing[] }> {
      const request = await applications.requestForContract(db, solicitudId);
      if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      if (request.estado !== 'aprobada') throw new AppError('CONFLICT', { message: documentMessages.requestNotApproved });
      if (!request.personaId) throw new AppError('CONFLICT', { message: documentMessages.requestWithoutPerson });
      if ((await repo.list({ solicitudId })).some((d) => d.estado === 'firmado'))
        throw new AppError('CONFLICT', { message: documentMessages.signedExists });
      const existingFee = toFee(await repo.fee(solicitudId));
      const feeGiven = input.cuota !== undefined || input.metodoPago !== undefined;
      let fee: { cuota: number; metodoPago: PaymentMethod } | null =
        existingFee.cuota !== null && existingFee.metodoPago ? { cuota: existingFee.cuota, metodoPago: existingFee.metodoPago } : null;
      if (feeGiven) {
        const metodoPago = input.metodoPago ?? fee?.metodoPago ?? (input.cuota === 0 ? 'exento' : 'efectivo');
        const cuota = metodoPago === 'exento' ? (input.cuota ?? 0) : (input.cuota ?? fee?.cuota ?? 0);
        if (metodoPago === 'exento' && cuota !== 0)
          throw new AppError('VALIDATION_ERROR', { message: documentMessages.feeExempt, fieldErrors: { cuota: documentMessages.feeExempt } });
        fee = { cuota, metodoPago };
      }

      const prepared = await contractValues(request.personaId, request.petId, fee);
      const blocks = await blocksOf(prepared.pet);
      if (blocks.length > 0) throw new AppError('CONFLICT', { message: blocks.map((b) => b.mensaje).join(' ') });
      const faltan = missingOf({ ...prepared.values, 'organizacion.email': prepared.org.email, 'organizacion.telefono': prepared.org.telefono });
      const { titulo, key, sha256, bytes, area } = await renderAndStore('contrato_adopcion', prepared, prepared.values);
      try {
        return await repo.transaction(async (tx) => {
          const locked = await applications.requestForContract(tx.handle, solicitudId, { lock: true });
          if (!locked || locked.estado !== 'aprobada') throw new AppError('CONFLICT', { message: documentMessages.requestNotApproved });
          const who = userActor(actor);
          await annulEarlier(tx, await tx.liveOfRequest(solicitudId), who, documentMessages.signedExists);
          if (feeGiven && fee) {
            const current = await tx.fee(solicitudId, { lock: true });
            await tx.saveFee(solicitudId, current?.version ?? 0, {
              cuotaCentimos: Math.round(fee.cuota * 100),
              metodoPago: fee.metodoPago,
              pagado: current?.pagado ?? false,
              fechaPago: current?.fechaPago ?? null,
              referencia: current?.referencia ?? '',
              updatedBy: actor.id,
            });
            await history.record(tx.handle, {
              actor: who,
              entidad: 'cuota_adopcion',
              entidadId: solicitudId,
              accion: current ? 'modificar' : 'crear',
              cambios: {
                cuota: [current ? current.cuotaCentimos / 100 : null, fee.cuota],
                metodoPago: [current?.metodoPago ?? null, fee.metodoPago],
              },
            });
          }
          const row = await tx.insert({
            tipo: 'contrato_adopcion',
            estado: 'borrador',
            solicitudId,
            petId: request.petId,
            personaId: request.personaId!,
            titulo,
            storageKey: key,
            sha256,
            bytes,
            firmaArea: area,
            createdBy: actor.id,
          });
          await history.record(tx.handle, {
            actor: who,
            entidad: 'documento',
            entidadId: row.id,
            accion: 'crear',
            cambios: {
              tipo: [null, 'contrato_adopcion'],
              solicitudId: [null, solicitudId],
              mascotaId: [null, request.petId],
              personaId: [null, request.personaId],
              sha256: [null, sha256],
            },
          });
          return { documentoId: row.id, faltan };
        });
      } catch (error) {
        await removeFile(key);
        throw error;
      }
    },

    /**
     * Before preparing: what the contract of the request would name without a value (the adopter's document or
     * address, the organisation's e-mail or phone), so staff complete it first.
     */
    async preparation(solicitudId: number): Promise<ContractPreparation> {
      const request = await applications.requestForContract(db, solicitudId);
      if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      const org = await organization.stored();
      const person = request.personaId === null ? null : await persons.identityOf(db, request.personaId);
      const pet = await pets.findLive(db, request.petId);
      return {
        personaId: request.personaId,
        bloqueos: pet ? await blocksOf(pet) : [],
        faltan: missingOf({
          'persona.documento': person?.documento,
          'persona.direccion': person?.direccion,
          'persona.ciudad': person?.ciudad,
          'organizacion.email': org.email,
          'organizacion.telefono': org.telefono,
        }),
      };
    },

    /**
     * Renders the acta of a return (`devolucion` with a person) of pet `petId` and keeps it, as `prepare` does a
     * contract: the PDF stored first, then one transaction that annuls an unsigned earlier acta and inserts this one.
     */
    async prepareReturn(actor: SessionUser, petId: number, movimientoId: number): Promise<{ documentoId: number }> {
      const movement = await movements.forDocument(db, movimientoId);
      if (!movement || movement.petId !== petId) throw new AppError('NOT_FOUND', { message: documentMessages.movementNotFound });
      if (movement.tipo !== 'devolucion' || movement.personaId === null)
        throw new AppError('CONFLICT', { message: documentMessages.movementNotReturn });
      const personaId = movement.personaId;
      if ((await repo.list({ movimientoId })).some((d) => d.estado === 'firmado'))
        throw new AppError('CONFLICT', { message: documentMessages.returnSignedExists });
      const prepared = await documentValues(personaId, petId, {
        noPerson: documentMessages.returnPersonGone,
        noPet: documentMessages.movementNotFound,
      });
      const values = {
        ...prepared.values,
        'devolucion.fecha': formatDay(movement.fecha),
        'devolucion.motivo': movement.motivo.trim(),
      };
      const { titulo, key, sha256, bytes, area } = await renderAndStore('acta_devolucion', prepared, values);
      try {
        return await repo.transaction(async (tx) => {
          const locked = await movements.forDocument(tx.handle, movimientoId, { lock: true });
          if (!locked || locked.petId !== petId) throw new AppError('NOT_FOUND', { message: documentMessages.movementNotFound });
          if (locked.tipo !== 'devolucion' || locked.personaId !== personaId)
            throw new AppError('CONFLICT', { message: documentMessages.movementNotReturn });
          const who = userActor(actor);
          await annulEarlier(tx, await tx.liveOfMovement(movimientoId), who, documentMessages.returnSignedExists);
          const row = await tx.insert({
            tipo: 'acta_devolucion',
            estado: 'borrador',
            solicitudId: null,
            movimientoId,
            petId,
            personaId,
            titulo,
            storageKey: key,
            sha256,
            bytes,
            firmaArea: area,
            createdBy: actor.id,
          });
          await history.record(tx.handle, {
            actor: who,
            entidad: 'documento',
            entidadId: row.id,
            accion: 'crear',
            cambios: {
              tipo: [null, 'acta_devolucion'],
              movimientoId: [null, movimientoId],
              mascotaId: [null, petId],
              personaId: [null, personaId],
              sha256: [null, sha256],
            },
          });
          return { documentoId: row.id };
        });
      } catch (error) {
        await removeFile(key);
        throw error;
      }
    },
  };
}
