import {
  type SendCertificatesResponse,
  centsToEuros,
  dayInZone,
  donationMessages,
  fiscalPersonType,
  formatCents,
  isValidFiscalId,
  normaliseFiscalId,
} from '@refugio/contracts';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type JobDefinition, defineJob } from '../../jobs/define-job';
import type { EnqueueOptions } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { CERTIFICATES_FOLDER, newCertificateKey } from '../../media/storage-keys';
import type { SessionUser } from '../../plugins/access';
import type { StorageProvider } from '../../storage/storage-provider';
import { sweepUnreferenced } from '../../storage/sweep-unreferenced';
import { type HistoryPort, systemActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { OrganizationPort, StoredOrganization } from '../organization/organization.port';
import { type CertificatePdfInput, renderCertificatePdf, totalCents } from './certificate-pdf';
import type { CertificateDonor, CertificatesRepository } from './certificates.repository';

/*
 * The donors' certificates (DESIGN section 15; Ley 49/2002 art. 24, RD 1270/2003 art. 6): one PDF per person and
 * year, downloaded by staff or e-mailed to every donor of the year with a NIF who accepted e-mail. Sending goes
 * through one row per person and year (`donation_certificate`, unique), created with its job in one transaction, so
 * a second "send" or a second worker never sends a certificate twice; the e-mail itself is a message of the
 * messages module (template `certificado_donaciones`, the PDF attached), delivered and retried by its own job.
 */

type Excluded = SendCertificatesResponse['excluidos'][number];

export interface CertificatesDeps {
  repo: CertificatesRepository;
  organization: Pick<OrganizationPort, 'get' | 'timeZone'>;
  messages: Pick<MessagesPort, 'send'>;
  history: Pick<HistoryPort, 'record'>;
  storage: StorageProvider;
  enqueue: (job: JobDefinition<{ id: number }>, payload: { id: number }, options: EnqueueOptions) => Promise<unknown>;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

const conflict = (message: string) => new AppError('CONFLICT', { message });
const invalidYear = () =>
  new AppError('VALIDATION_ERROR', { message: donationMessages.fiscalYearInvalid, fieldErrors: { anio: donationMessages.fiscalYearInvalid } });

const displayName = (donor: Pick<CertificateDonor, 'nombre' | 'apellidos'>) => `${donor.nombre} ${donor.apellidos}`.trim();

/** The donor's address as the certificate prints it ('' parts left out). */
function donorAddress(donor: CertificateDonor): string | null {
  const town = [donor.codigoPostal ?? '', donor.ciudad]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  const text = [donor.direccion.trim(), town].filter(Boolean).join(', ');
  return text === '' ? null : text;
}

/** The donor's NIF when it is a valid one (checked as the modelo 182 does), else undefined. */
function validNif(donor: CertificateDonor): string | undefined {
  const nif = donor.nif === null ? '' : normaliseFiscalId(donor.nif);
  return nif !== '' && isValidFiscalId(nif) && fiscalPersonType(nif) !== undefined ? nif : undefined;
}

/** The entity's data a certificate needs, or the 409 that says what is missing. */
function entityOf(org: StoredOrganization): CertificatePdfInput['entidad'] {
  if (!org.ley49) throw conflict(donationMessages.notLey49);
  if (!org.nif) throw conflict(donationMessages.organizationNifMissing);
  if (!org.nombre) throw conflict(donationMessages.organizationNameMissing);
  return {
    nombre: org.nombre,
    nif: org.nif,
    direccion: org.direccion,
    registroEntidades: org.registroEntidades,
    email: org.email,
    telefono: org.telefono,
    web: org.web,
  };
}

export function createCertificatesService({
  repo,
  organization,
  messages,
  history,
  storage,
  enqueue,
  log,
  clock = () => new Date(),
}: CertificatesDeps) {
  const today = async () => dayInZone(clock(), await organization.timeZone());

  async function checkYear(anio: number): Promise<void> {
    const current = Number((await today()).slice(0, 4));
    if (!Number.isInteger(anio) || anio < 2000 || anio > current) throw invalidYear();
  }

  /** What the PDF says, or the error of what stops it (the caller decides whether to throw or to skip). */
  async function certificateOf(personaId: number, anio: number): Promise<{ input: CertificatePdfInput; donor: CertificateDonor }> {
    const entidad = entityOf(await organization.get());
    const donor = await repo.donor(personaId);
    if (!donor) throw new AppError('NOT_FOUND', { message: donationMessages.personNotFound });
    if (donor.anonimizada) throw conflict(donationMessages.donorAnonymised);
    const nif = validNif(donor);
    if (!nif) throw conflict(donationMessages.donorWithoutNif);
    const donativos = await repo.giftsOfYear(personaId, anio, await today());
    if (donativos.length === 0) throw new AppError('NOT_FOUND', { message: donationMessages.noGiftsInYear(anio) });
    return {
      donor,
      input: { anio, entidad, donante: { nombre: displayName(donor), nif, direccion: donorAddress(donor) }, donativos, emitido: await today() },
    };
  }

  const sendCertificateJob = defineJob({
    name: 'donations.send-certificate',
    title: 'Envío de un certificado de donaciones',
    payload: z.object({ id: z.number().int().positive() }),
    maxAttempts: 5,
    backoffMs: 2 * 60_000,
    handler: async ({ id }) => sendOne(id),
  });

  /** Marks a certificate `omitido` (with its history) when its turn came and it could not be sent. */
  async function skip(id: number, motivo: string): Promise<void> {
    await repo.transaction(async (tx) => {
      const row = await tx.finish(id, { estado: 'omitido', motivo });
      if (row) {
        await history.record(tx.handle, {
          actor: systemActor,
          entidad: 'certificado_donaciones',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['programado', 'omitido'], motivo: [null, motivo] },
        });
      }
    });
  }

  /**
   * The job: the PDF made and stored first (never inside a transaction), then, under the row's lock, the message
   * written with the PDF attached and the row marked `enviado`. A second run (two workers, a retry after a crash)
   * finds the row sent and removes the file it made; what a crash leaves between the two is collected by the sweep.
   */
  async function sendOne(id: number): Promise<void> {
    const row = await repo.find(id);
    if (!row || row.estado !== 'programado') return;
    let made: Awaited<ReturnType<typeof certificateOf>>;
    try {
      made = await certificateOf(row.personaId, row.anio);
    } catch (error) {
      if (error instanceof AppError) return skip(id, error.message);
      throw error;
    }
    const { donor, input } = made;
    if (!donor.email) return skip(id, 'La persona no tiene correo electrónico.');
    if (!donor.consentimientoEmail) return skip(id, 'La persona no ha aceptado recibir correos.');
    const pdf = await renderCertificatePdf(input);
    const key = newCertificateKey(row.anio, row.personaId);
    await storage.put(key, Readable.from([pdf]), { contentType: 'application/pdf' });
    const total = totalCents(input.donativos);
    const sent = await repo.transaction(async (tx) => {
      const locked = await tx.find(id, { forUpdate: true });
      if (!locked || locked.estado !== 'programado') return false;
      const result = await messages.send(tx.handle, {
        personaId: row.personaId,
        para: { nombre: donor.nombre, email: donor.email },
        canal: 'email',
        plantilla: 'certificado_donaciones',
        variables: { 'certificado.anio': String(row.anio), 'certificado.importe': formatCents(total) },
        relacion: { entidad: 'certificado_donaciones', id },
        adjuntos: [{ key, nombre: `certificado-donaciones-${row.anio}.pdf`, contentType: 'application/pdf' }],
      });
      const mensajeId = result?.mensaje.id;
      await tx.finish(id, { estado: 'enviado', archivo: key, importeCentimos: total, ...(mensajeId ? { mensajeId } : {}) });
      await history.record(tx.handle, {
        actor: systemActor,
        entidad: 'certificado_donaciones',
        entidadId: id,
        accion: 'enviar',
        cambios: { estado: ['programado', 'enviado'], importe: [null, centsToEuros(total)], mensajeId: [null, mensajeId ?? null] },
      });
      return true;
    });
    if (!sent) await storage.delete(key);
    else log.info({ certificate: id }, 'donation certificate written to the outbox');
  }

  return {
    sendCertificateJob,
    sendOne,

    /** `GET /api/personas/{id}/certificado-donaciones?anio=`: the PDF (nothing is written). */
    async certificatePdf(personaId: number, anio: number): Promise<{ pdf: Buffer; fileName: string }> {
      await checkYear(anio);
      const { input, donor } = await certificateOf(personaId, anio);
      const safeName = displayName(donor)
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return { pdf: await renderCertificatePdf(input), fileName: `certificado-donaciones-${anio}${safeName ? `-${safeName}` : ''}.pdf` };
    },

    /**
     * `POST /api/certificados-donaciones/enviar`: one certificate per donor of the year with a valid NIF, an e-mail
     * and e-mail consent, created with its job in one transaction; a donor whose certificate of that year exists
     * already (programado, enviado or omitido) is not scheduled again.
     */
    async sendCertificates(actor: SessionUser, anio: number): Promise<SendCertificatesResponse> {
      await checkYear(anio);
      entityOf(await organization.get());
      const excluidos: Excluded[] = [];
      let programados = 0;
      let yaProgramados = 0;
      const donors = await repo.donorsOfYear(anio, await today());
      await repo.transaction(async (tx) => {
        for (const donor of donors) {
          const persona = { id: donor.id, nombre: displayName(donor) };
          if (donor.anonimizada) excluidos.push({ persona, motivo: 'anonimizada' });
          else if (!validNif(donor)) excluidos.push({ persona, motivo: 'sin_nif' });
          else if (!donor.email) excluidos.push({ persona, motivo: 'sin_email' });
          else if (!donor.consentimientoEmail) excluidos.push({ persona, motivo: 'sin_consentimiento' });
          else {
            const row = await tx.reserve(donor.id, anio, actor.id);
            if (!row) {
              yaProgramados++;
              continue;
            }
            await history.record(tx.handle, {
              actor: userActor(actor),
              entidad: 'certificado_donaciones',
              entidadId: row.id,
              accion: 'crear',
              cambios: { personaId: [null, donor.id], anio: [null, anio], estado: [null, 'programado'] },
            });
            await enqueue(sendCertificateJob, { id: row.id }, { tx: tx.handle, uniqueKey: `donations.send-certificate:${row.id}` });
            programados++;
          }
        }
      });
      return { anio, programados, yaProgramados, excluidos };
    },

    /** Deletes certificate files no row points at (a run that lost its race, or crashed before its row). */
    async sweepFiles(now = Date.now()): Promise<string[]> {
      return sweepUnreferenced(storage, log, {
        folder: CERTIFICATES_FOLDER,
        referenced: await repo.fileKeys(),
        now,
        what: 'donation certificates',
      });
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
