import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type CareAttachment, type SessionUser, careMessages } from '@refugio/contracts';
import type { InTx } from '../../db/transactional';
import { AppError } from '../../lib/app-error';
import { careAttachmentKey } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, userActor } from '../history/history.port';
import { detectAttachmentType, sanitiseFileName } from './care-attachments';
import { toAttachmentDto } from './care-dto';
import type { CareAttachmentRow, CareRecordRow, CareRepository } from './care.repository';

/** What a record's attachments need: the care service's repository, storage and history, and its record helpers. */
export interface CareAttachmentsDeps {
  repo: CareRepository;
  storage: StorageProvider;
  history: HistoryPort;
  /** The record, or a 404. */
  requireRecord: (id: number) => Promise<CareRecordRow>;
  /** Inside a write transaction: the pet's lock, then the record's (care.service.ts). */
  lockRecord: (tx: InTx<CareRepository>, id: number) => Promise<CareRecordRow>;
  /** Removes stored files; a failure is logged and left to the sweep. */
  removeFiles: (keys: string[]) => Promise<void>;
}

/** A care record's attachments: added (checked by their content), found for download, removed. */
export function createCareAttachmentsService({ repo, storage, history, requireRecord, lockRecord, removeFiles }: CareAttachmentsDeps) {
  return {
    /**
     * A file checked by its content (PDF, JPEG, PNG, WebP), stored before its row (never inside the transaction);
     * a refused or failed save removes the file again.
     */
    async addAttachment(actor: SessionUser, id: number, file: { fileName: string; data: Buffer }): Promise<CareAttachment> {
      const record = await requireRecord(id);
      const detected = await detectAttachmentType(file.data);
      if (!detected)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: careMessages.attachmentType, fieldErrors: { file: careMessages.attachmentType } });
      const key = careAttachmentKey(record.petId, id, `${Date.now()}_${randomBytes(12).toString('hex')}.${detected.extension}`);
      await storage.put(key, Readable.from([file.data]), { contentType: detected.type });
      try {
        return await repo.transaction(async (tx) => {
          await lockRecord(tx, id);
          const row = await tx.insertAttachment({
            recordId: id,
            petId: record.petId,
            nombre: sanitiseFileName(file.fileName, detected.extension),
            clave: key,
            tipo: detected.type,
            bytes: file.data.length,
            contentHash: createHash('sha256').update(file.data).digest('hex'),
            createdBy: actor.id,
          });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'registro_salud',
            entidadId: id,
            accion: 'modificar',
            cambios: { adjunto: [null, row.nombre] },
          });
          return toAttachmentDto(row);
        });
      } catch (error) {
        await removeFiles([key]);
        throw error;
      }
    },

    async findAttachment(id: number, attachmentId: number): Promise<CareAttachmentRow> {
      const row = await repo.findAttachment(id, attachmentId);
      if (!row) throw new AppError('NOT_FOUND', { message: careMessages.attachmentNotFound });
      return row;
    },

    async removeAttachment(actor: SessionUser, id: number, attachmentId: number): Promise<void> {
      const key = await repo.transaction(async (tx) => {
        await lockRecord(tx, id);
        const row = await tx.deleteAttachment(id, attachmentId);
        if (!row) throw new AppError('NOT_FOUND', { message: careMessages.attachmentNotFound });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'registro_salud',
          entidadId: id,
          accion: 'modificar',
          cambios: { adjunto: [row.nombre, null] },
        });
        return row.clave;
      });
      await removeFiles([key]);
    },
  };
}
