import type { applyProtocolInputSchema, protocolInputSchema } from '@refugio/contracts';
import { type CareRecord, type HistoryValue, type Protocol, type SessionUser, addDaysToDay, careMessages, petMessages } from '@refugio/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { type HistoryPort, userActor } from '../history/history.port';
import type { PetView, PetsPort } from '../pets/pets.port';
import { toProtocolDto, validation } from './care-dto';
import { diff, historyValues } from './care-next-dose';
import type { CareRecordRow, CareRepository } from './care.repository';

/** What the protocols need: the care service's repository, pets port and history, and its record helpers. */
export interface CareProtocolsDeps {
  repo: CareRepository;
  pets: Pick<PetsPort, 'lockForChange'>;
  history: HistoryPort;
  /** The live pet, or a 404. */
  requirePet: (petId: number) => Promise<PetView>;
  /** Records as their answers, attachments and "overdue" included. */
  dtos: (rows: CareRecordRow[]) => Promise<CareRecord[]>;
}

/** Care protocols: the list, a protocol created or changed, and one applied to a pet (its steps planned). */
export function createCareProtocolsService({ repo, pets, history, requirePet, dtos }: CareProtocolsDeps) {
  return {
    async listProtocols(): Promise<Protocol[]> {
      return (await repo.listProtocols()).map(toProtocolDto);
    },

    async createProtocol(actor: SessionUser, input: z.output<typeof protocolInputSchema>): Promise<Protocol> {
      return repo.transaction(async (tx) => {
        const row = await tx.insertProtocol({
          nombre: input.nombre,
          tipoMascota: input.tipoMascota,
          nota: input.nota ?? '',
          pasos: input.pasos.map((p) => ({ ...p, repetirCadaDias: p.repetirCadaDias ?? null })),
          activo: input.activo ?? true,
        });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'protocolo',
          entidadId: row.id,
          accion: 'crear',
          cambios: { nombre: [null, row.nombre], tipoMascota: [null, row.tipoMascota], pasos: [null, row.pasos.length] },
        });
        return toProtocolDto(row);
      });
    },

    async updateProtocol(actor: SessionUser, id: number, input: z.output<typeof protocolInputSchema>): Promise<Protocol> {
      return repo.transaction(async (tx) => {
        const current = await tx.findProtocol(id);
        if (!current) throw new AppError('NOT_FOUND', { message: careMessages.protocolNotFound });
        const pasos = input.pasos.map((p) => ({ ...p, repetirCadaDias: p.repetirCadaDias ?? null }));
        const row = await tx.updateProtocol(
          id,
          { nombre: input.nombre, tipoMascota: input.tipoMascota, nota: input.nota ?? current.nota, pasos, activo: input.activo ?? current.activo },
          input.version,
        );
        if (!row) throw new AppError('CONFLICT', { message: careMessages.stale });
        const cambios: Record<string, [HistoryValue, HistoryValue]> = {};
        if (current.nombre !== row.nombre) cambios.nombre = [current.nombre, row.nombre];
        if (current.tipoMascota !== row.tipoMascota) cambios.tipoMascota = [current.tipoMascota, row.tipoMascota];
        if (current.nota !== row.nota) cambios.nota = [current.nota, row.nota];
        if (current.activo !== row.activo) cambios.activo = [current.activo, row.activo];
        if (JSON.stringify(current.pasos) !== JSON.stringify(row.pasos)) cambios.pasos = [current.pasos.length, row.pasos.length];
        await history.record(tx.handle, { actor: userActor(actor), entidad: 'protocolo', entidadId: id, accion: 'modificar', cambios });
        return toProtocolDto(row);
      });
    },

    /** Every step planned from `inicio` (day offsets); the pet's species must be the protocol's. */
    async applyProtocol(actor: SessionUser, petId: number, input: z.output<typeof applyProtocolInputSchema>): Promise<CareRecord[]> {
      const pet = await requirePet(petId);
      const protocol = await repo.findProtocol(input.protocoloId);
      if (!protocol) throw validation('protocoloId', careMessages.protocolNotFound);
      if (protocol.tipoMascota !== pet.tipo) throw validation('protocoloId', careMessages.protocolPetType(protocol.nombre, pet.tipo));
      const ids = await repo.transaction(async (tx) => {
        const locked = await pets.lockForChange(tx.handle, petId);
        if (!locked || locked.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
        const rows = await tx.insertMany(
          protocol.pasos.map((step) => ({
            petId,
            tipo: step.tipo,
            nombre: step.nombre,
            fechaProgramada: addDaysToDay(input.inicio, step.diasDesdeInicio),
            repetirCadaDias: step.repetirCadaDias ?? null,
            protocoloId: protocol.id,
            createdBy: actor.id,
            updatedBy: actor.id,
          })),
        );
        await history.recordMany(
          tx.handle,
          rows.map((row) => ({
            actor: userActor(actor),
            entidad: 'registro_salud' as const,
            entidadId: row.id,
            accion: 'crear' as const,
            cambios: {
              mascotaId: [null, petId] as [HistoryValue, HistoryValue],
              protocoloId: [null, protocol.id] as [HistoryValue, HistoryValue],
              ...diff(undefined, historyValues(row)),
            },
          })),
        );
        return rows.map((r) => r.id);
      });
      const rows = (await repo.listForPet(petId)).filter((r) => ids.includes(r.id));
      return dtos(rows);
    },
  };
}
