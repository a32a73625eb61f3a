import {
  type DocumentType,
  type PersonDocumentType,
  type SessionUser,
  documentMessages,
  documentSignatureLabels,
  documentTypeLabels,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newDocumentKey } from '../../media/storage-keys';
import { userActor } from '../history/history.port';
import { escapeMarkdown, renderContractPdf } from './contract-pdf';
import { type DocumentShared, type DocumentsNeeds, bufferStream, fullName, sha256Hex } from './document-shared';
import type { DocumentInsert, DocumentRow, DocumentsRepository } from './documents.repository';

/** The surrender's facts its contract is filled with (read from the surrenders module's table). */
export interface SurrenderForContract {
  estado: string;
  nombre: string;
  email: string;
  telefono: string;
  /** The owner's DNI or NIE as sent ('' on a request made before it was asked). */
  documento: string;
  nombreAnimal: string;
  especie: string;
  sexo: string;
  edad: string;
  microchip: string;
}

/**
 * Documents whose subject is not a pet (DESIGN sections 17 and 19): the surrender contract of an accepted request,
 * signed by the owner before being a person, and a person's volunteer or foster agreement. Rendered, stored (no
 * transaction open), then kept in one transaction that annuls an unsigned earlier one; signed through `/firmar`.
 */
export function createDocumentSubjects(
  {
    db,
    repo,
    persons,
    history,
    storage,
    templates,
    organization,
    clock,
  }: DocumentsNeeds<'db' | 'repo' | 'persons' | 'history' | 'storage' | 'templates' | 'organization' | 'clock'>,
  { removeFile }: Pick<DocumentShared, 'removeFile'>,
) {
  async function today(): Promise<{ org: Awaited<ReturnType<typeof organization.stored>>; fecha: string }> {
    const org = await organization.stored();
    return { org, fecha: new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: org.zonaHoraria }).format(clock()) };
  }

  async function render(tipo: DocumentType, titulo: string, firmante: string, values: Record<string, string>) {
    const { org, fecha } = await today();
    const markdown = await templates.fillDocument(db, tipo, { ...values, fecha }, escapeMarkdown);
    const { pdf, area } = await renderContractPdf({
      titulo,
      markdown,
      organization: { nombre: org.nombre ?? 'Refugio', email: org.email, telefono: org.telefono, web: org.web, direccion: org.direccion },
      firmante,
      firmaEtiqueta: documentSignatureLabels[tipo],
      fecha,
    });
    const key = newDocumentKey('contrato');
    await storage.put(key, bufferStream(pdf), { contentType: 'application/pdf' });
    return { key, sha256: sha256Hex(pdf), bytes: pdf.length, area };
  }

  /** Keeps the rendered document: earlier unsigned live ones annulled (a signed one refuses), the row and its history. */
  async function keep(
    actor: SessionUser,
    key: string,
    earlier: (tx: DocumentsRepository) => Promise<DocumentRow[]>,
    signedExists: string,
    check: (tx: DocumentsRepository) => Promise<void>,
    values: Omit<DocumentInsert, 'estado' | 'createdBy'>,
  ): Promise<{ documentoId: number }> {
    try {
      return await repo.transaction(async (tx) => {
        await check(tx);
        const who = userActor(actor);
        for (const row of await earlier(tx)) {
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
        const row = await tx.insert({ ...values, estado: 'borrador', createdBy: actor.id });
        await history.record(tx.handle, {
          actor: who,
          entidad: 'documento',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            tipo: [null, values.tipo],
            ...(values.cesionId ? { cesionId: [null, values.cesionId] } : {}),
            ...(values.personaId ? { personaId: [null, values.personaId] } : {}),
            sha256: [null, values.sha256],
          },
        });
        return { documentoId: row.id };
      });
    } catch (error) {
      await removeFile(key);
      // Two preparations at once: the unique index keeps one live document; the other is told to look again.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: signedExists });
      throw error;
    }
  }

  return {
    /**
     * The `contrato_cesion` of an accepted surrender (`read` gives its facts, `null` when there is no such request),
     * filled with the owner's and the animal's data; an unsigned earlier one is annulled.
     */
    async prepareSurrender(
      actor: SessionUser,
      cesionId: number,
      read: (executor: Database, id: number) => Promise<SurrenderForContract | null>,
    ): Promise<{ documentoId: number }> {
      const request = await read(db, cesionId);
      if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.surrenderNotFound });
      if (request.estado !== 'aceptada') throw new AppError('CONFLICT', { message: documentMessages.surrenderNotAccepted });
      const titulo = `${documentTypeLabels.contrato_cesion} de ${request.nombreAnimal}`;
      const { key, sha256, bytes, area } = await render('contrato_cesion', titulo, request.nombre, {
        'persona.nombre': request.nombre,
        'persona.apellidos': '',
        'persona.documento': request.documento,
        'persona.email': request.email,
        'persona.telefono': request.telefono,
        'mascota.nombre': request.nombreAnimal,
        'mascota.especie': request.especie,
        'mascota.sexo': request.sexo === 'hembra' ? 'Hembra' : request.sexo === 'macho' ? 'Macho' : request.sexo,
        'mascota.edad': request.edad,
        'mascota.microchip': request.microchip,
      });
      return keep(
        actor,
        key,
        (tx) => tx.liveOfSurrender(cesionId),
        documentMessages.surrenderSignedExists,
        async (tx) => {
          const again = await read(tx.handle, cesionId);
          if (!again || again.estado !== 'aceptada') throw new AppError('CONFLICT', { message: documentMessages.surrenderNotAccepted });
        },
        { tipo: 'contrato_cesion', cesionId, petId: null, personaId: null, titulo, storageKey: key, sha256, bytes, firmaArea: area },
      );
    },

    /** A person's `acuerdo_voluntariado` or `contrato_acogida`; an unsigned earlier one of the same type is annulled. */
    async preparePerson(actor: SessionUser, personaId: number, tipo: PersonDocumentType): Promise<{ documentoId: number }> {
      const person = await persons.identityOf(db, personaId);
      if (!person || person.anonimizada) throw new AppError('NOT_FOUND', { message: documentMessages.personNotFound });
      const titulo = `${documentTypeLabels[tipo]} de ${fullName(person)}`;
      const { key, sha256, bytes, area } = await render(tipo, titulo, fullName(person), {
        'persona.nombre': person.nombre,
        'persona.apellidos': person.apellidos,
        'persona.documento': person.documento.trim(),
        'persona.direccion': person.direccion.trim(),
        'persona.ciudad': person.ciudad.trim(),
        'mascota.nombre': '',
        'mascota.especie': '',
        'mascota.microchip': '',
      });
      return keep(
        actor,
        key,
        (tx) => tx.unsignedOfPerson(personaId, tipo),
        documentMessages.signedExists,
        async (tx) => {
          const still = await persons.identityOf(tx.handle, personaId);
          if (!still || still.anonimizada) throw new AppError('NOT_FOUND', { message: documentMessages.personNotFound });
        },
        { tipo, petId: null, personaId, titulo, storageKey: key, sha256, bytes, firmaArea: area },
      );
    },
  };
}
