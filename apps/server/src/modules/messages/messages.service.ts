import {
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY_BASE_MS,
  type ListMessagesQuery,
  MESSAGE_PAGE_SIZE,
  type Message,
  type MessageChannel,
  type MessageList,
  type MessageState,
  type SendMessageInput,
  type TemplateKey,
  TEMPLATE_VARIABLE_LABELS,
  messageMessages,
  templateMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type JobDefinition, defineJob } from '../../jobs/define-job';
import type { EnqueueOptions } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { MessageAttachment } from '../../db/schema';
import type { StorageProvider } from '../../storage/storage-provider';
import type { HistoryActor } from '@refugio/contracts';
import { type HistoryPort, systemActor } from '../history/history.port';
import type { PersonContact } from '../persons/persons.port';
import type { TemplateValues, TemplatesPort } from '../templates/templates.port';
import type { StaffNoticeKind, UsersPort } from '../users/users.port';
import { type MessageRow, type MessagesRepository, createMessagesRepository } from './messages.repository';

/** Who a message is written to (a copy is kept with the message, as it was when written). */
export interface Recipient {
  nombre: string;
  email?: string | null;
  telefono?: string | null;
}

export interface SendInput {
  /** The person it is written to, when known (persons module); a template reads its own fields. */
  personaId?: number | null;
  /** The pet the message is about, when there is one: a template reads its own fields (`{{mascota.campos.<clave>}}`). */
  mascotaId?: number | null;
  para: Recipient;
  canal: MessageChannel;
  /** A template filled in with `variables`, or a `texto` written by hand. */
  plantilla?: TemplateKey;
  variables?: TemplateValues;
  texto?: { asunto: string; cuerpo: string };
  /** A `texto` that staff started from this template (shown filled in, then edited): kept as the message's template. */
  dePlantilla?: TemplateKey;
  /** What the message is about (`{ entidad: 'solicitud_adopcion', id: '12' }`). */
  relacion?: { entidad: string; id: string | number };
  /** Who writes it (history); the system when omitted. */
  actor?: HistoryActor;
  /** Automatic messages: not written at all while their template is inactive. */
  soloSiActiva?: boolean;
  /** Refuse (400) a template that reads a variable this context has no value for, rather than send it with a gap. */
  completa?: boolean;
  /** Stored files the e-mail carries (read from storage at each attempt, so retries send them too). */
  adjuntos?: MessageAttachment[];
}

export interface SendResult {
  mensaje: Message;
  /** WhatsApp: the click-to-chat link with the text. */
  url?: string;
}

export interface MessagesDeps {
  repo: MessagesRepository;
  templates: Pick<TemplatesPort, 'render' | 'compose'>;
  users: Pick<UsersPort, 'noticeRecipients'>;
  /** The persons port's `contactOf`: a linked person's contact data and consents. */
  contactOf: (executor: Database, personaId: number) => Promise<PersonContact | null>;
  history: Pick<HistoryPort, 'record'>;
  /** Null when SMTP_URL or MAIL_FROM is unset: e-mails are kept as `sin_configurar`. */
  mailer: Mailer | null;
  enqueue: (job: JobDefinition<{ id: number }>, payload: { id: number }, options: EnqueueOptions) => Promise<unknown>;
  log: FastifyBaseLogger;
  /** Where attached files are read from when an e-mail is sent. */
  storage?: Pick<StorageProvider, 'get'>;
  clock?: () => Date;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    personaId: row.personaId,
    canal: row.canal as MessageChannel,
    plantilla: row.plantilla,
    para: { nombre: row.paraNombre, email: row.paraEmail, telefono: row.paraTelefono },
    asunto: row.asunto,
    cuerpo: row.cuerpo,
    estado: row.estado as MessageState,
    intentos: row.intentos,
    error: row.error,
    creadoEn: row.creadoEn.toISOString(),
    enviadoEn: row.enviadoEn?.toISOString() ?? null,
    relacion: row.relacionEntidad && row.relacionId ? { entidad: row.relacionEntidad, id: row.relacionId } : null,
  };
}

/** `https://wa.me/<digits>?text=<text>`: WhatsApp's click-to-chat link for an E.164 phone. */
export function whatsappUrl(telefono: string, texto: string): string {
  return `https://wa.me/${telefono.replace(/\D/g, '')}?text=${encodeURIComponent(texto)}`;
}

/**
 * Messages (DESIGN section 10): written inside the caller's transaction (the row, its history and the e-mail's job
 * commit with the change they are about), sent later by a durable job with retries spread over half an hour.
 */
export function createMessagesService({
  repo,
  templates,
  users,
  contactOf,
  history,
  mailer,
  enqueue,
  log,
  storage,
  clock = () => new Date(),
}: MessagesDeps) {
  /** The files of a message, read whole from storage; a missing file fails the attempt (and is retried). */
  async function attachmentsOf(adjuntos: MessageAttachment[]): Promise<{ nombre: string; contentType: string; content: Buffer }[]> {
    const out = [];
    for (const adjunto of adjuntos) {
      const stored = storage ? await storage.get(adjunto.key) : undefined;
      if (!stored) throw new Error(`Falta el archivo adjunto ${adjunto.nombre}.`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      out.push({ nombre: adjunto.nombre, contentType: adjunto.contentType, content: Buffer.concat(chunks) });
    }
    return out;
  }

  const sendEmailJob = defineJob({
    name: 'messages.send-email',
    title: 'Envío de un correo',
    payload: z.object({ id: z.number().int().positive() }),
    maxAttempts: EMAIL_MAX_ATTEMPTS,
    backoffMs: EMAIL_RETRY_BASE_MS,
    handler: async ({ id }, { attempt }) => deliver(id, attempt),
  });

  /** One attempt of an e-mail: `enviado`, or the server's error kept (and `fallido` after the last attempt). */
  async function deliver(id: number, attempt: number): Promise<void> {
    const row = await repo.findById(id);
    if (!row || row.estado === 'enviado' || row.canal !== 'email' || !row.paraEmail) return;
    try {
      if (!mailer) throw new Error(messageMessages.notConfigured);
      const adjuntos = row.adjuntos.length > 0 ? await attachmentsOf(row.adjuntos) : undefined;
      await mailer.send({
        to: { nombre: row.paraNombre, email: row.paraEmail },
        asunto: row.asunto,
        texto: row.cuerpo,
        html: row.html ?? '',
        ...(adjuntos ? { adjuntos } : {}),
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const last = attempt >= EMAIL_MAX_ATTEMPTS;
      await repo.transaction(async (tx) => {
        const updated = await tx.recordAttempt(id, { estado: last ? 'fallido' : 'pendiente', error: message });
        if (updated && last) {
          await history.record(tx.handle, {
            actor: systemActor,
            entidad: 'mensaje',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: [row.estado, 'fallido'], error: [null, message] },
          });
        }
      });
      // The last failure lives in the message (`fallido`, counted in "Pendientes" and retried from there), not as a failed job.
      if (!last) throw error;
      log.warn({ err: error, message: id }, 'e-mail failed for good');
      return;
    }
    await repo.transaction(async (tx) => {
      const updated = await tx.recordAttempt(id, { estado: 'enviado', error: null, enviadoEn: clock() });
      if (updated) {
        await history.record(tx.handle, {
          actor: systemActor,
          entidad: 'mensaje',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [row.estado, 'enviado'] },
        });
      }
    });
    log.info({ message: id }, 'e-mail sent');
  }

  /**
   * Writes a message on `executor` (the caller's transaction). An automatic one is not written (null) while its
   * template is inactive or when the linked person did not accept that channel; one written by staff is refused.
   */
  async function send(executor: Database, input: SendInput): Promise<SendResult | null> {
    const tx = createMessagesRepository(executor);
    if (input.personaId) {
      const contact = await contactOf(executor, input.personaId);
      const consents = contact?.consentimientos[input.canal] ?? false;
      if (!consents) {
        if (input.soloSiActiva) return null;
        throw new AppError('VALIDATION_ERROR', {
          message: input.canal === 'email' ? messageMessages.noEmailConsent : messageMessages.noWhatsappConsent,
        });
      }
    }
    let asunto: string;
    let texto: string;
    let html: string | null = null;
    let cuerpo: string;
    if (input.plantilla) {
      const rendered = await templates.render(
        executor,
        input.plantilla,
        { 'persona.nombre': input.para.nombre, ...input.variables },
        { personaId: input.personaId, mascotaId: input.mascotaId },
      );
      if (input.soloSiActiva && !rendered.activa) return null;
      if (input.completa && rendered.faltan.length > 0) {
        throw new AppError('VALIDATION_ERROR', {
          message: templateMessages.missingValues(rendered.faltan.map((name) => TEMPLATE_VARIABLE_LABELS[name] ?? name)),
        });
      }
      ({ asunto, texto, html, cuerpo } = rendered);
    } else if (input.texto) {
      ({ asunto, texto, html, cuerpo } = await templates.compose(executor, input.texto.asunto, input.texto.cuerpo));
    } else {
      throw new AppError('VALIDATION_ERROR', { message: messageMessages.textRequired });
    }
    let estado: MessageState;
    let url: string | undefined;
    if (input.canal === 'email') {
      if (!input.para.email) throw new AppError('VALIDATION_ERROR', { message: messageMessages.noEmail });
      estado = mailer ? 'pendiente' : 'sin_configurar';
    } else {
      if (!input.para.telefono) throw new AppError('VALIDATION_ERROR', { message: messageMessages.noPhone });
      // The signature of an e-mail is not repeated in a chat: the text as written (the template signs it).
      texto = cuerpo;
      html = null;
      url = whatsappUrl(input.para.telefono, texto);
      estado = 'registrado';
    }
    const row = await tx.insert({
      personaId: input.personaId ?? null,
      canal: input.canal,
      plantilla: input.plantilla ?? input.dePlantilla ?? null,
      paraNombre: input.para.nombre,
      paraEmail: input.para.email ?? null,
      paraTelefono: input.para.telefono ?? null,
      asunto,
      cuerpo: texto,
      html,
      estado,
      relacionEntidad: input.relacion?.entidad ?? null,
      relacionId: input.relacion ? String(input.relacion.id) : null,
      adjuntos: input.canal === 'email' ? (input.adjuntos ?? []) : [],
      creadoPor: input.actor?.tipo === 'usuario' ? (input.actor.id ?? null) : null,
    });
    await history.record(executor, {
      actor: input.actor ?? systemActor,
      entidad: 'mensaje',
      entidadId: row.id,
      accion: 'enviar',
      cambios: {
        canal: [null, input.canal],
        plantilla: [null, input.plantilla ?? input.dePlantilla ?? null],
        asunto: [null, asunto],
        estado: [null, estado],
      },
    });
    if (estado === 'pendiente') await enqueue(sendEmailJob, { id: row.id }, { tx: executor });
    return { mensaje: toMessage(row), ...(url ? { url } : {}) };
  }

  return {
    sendEmailJob,
    send,

    /** Tells the staff who asked for it (by e-mail) of new work; inside the caller's transaction. */
    async notifyStaff(
      executor: Database,
      kind: StaffNoticeKind,
      texto: { asunto: string; cuerpo: string },
      relacion: { entidad: string; id: string | number },
    ): Promise<void> {
      for (const recipient of await users.noticeRecipients(executor, kind)) {
        await send(executor, { para: { nombre: recipient.nombre, email: recipient.email }, canal: 'email', texto, relacion });
      }
    },

    /**
     * Staff write to a person by e-mail or WhatsApp, with a template or their own text. E-mail to a person without
     * an address or consent is refused in Spanish; WhatsApp answers the click-to-chat link and is kept `registrado`.
     */
    async sendToPerson(actor: HistoryActor, personaId: number, input: SendMessageInput): Promise<SendResult> {
      return repo.transaction(async (tx) => {
        const contact = await contactOf(tx.handle, personaId);
        if (!contact) throw new AppError('NOT_FOUND', { message: messageMessages.personNotFound });
        const nombre = contact.nombre;
        if (input.canal === 'email' && !contact.email) throw new AppError('VALIDATION_ERROR', { message: messageMessages.noEmail });
        if (input.canal === 'whatsapp' && !contact.telefono) throw new AppError('VALIDATION_ERROR', { message: messageMessages.noPhone });
        const texto =
          input.asunto !== undefined || input.cuerpo !== undefined ? { asunto: input.asunto ?? '', cuerpo: input.cuerpo ?? '' } : undefined;
        if (!input.plantilla && (!texto || texto.cuerpo === '' || (input.canal === 'email' && texto.asunto === ''))) {
          throw new AppError('VALIDATION_ERROR', { message: messageMessages.textRequired });
        }
        const result = await send(tx.handle, {
          personaId,
          para: { nombre, email: contact.email, telefono: contact.telefono },
          canal: input.canal,
          ...(input.plantilla ? { plantilla: input.plantilla } : { texto: texto! }),
          relacion: { entidad: 'persona', id: personaId },
          actor,
          completa: true,
        });
        return result!;
      });
    },

    /** The messages written about one record (`{ entidad: 'cesion', id }`), the most recent first (up to 100). */
    async aboutEntity(executor: Database, relacion: { entidad: string; id: string | number }): Promise<Message[]> {
      const rows = await createMessagesRepository(executor).aboutEntity(relacion.entidad, String(relacion.id), 100);
      return rows.map(toMessage);
    },

    async list(query: ListMessagesQuery): Promise<MessageList> {
      const { rows, total } = await repo.list(query);
      return { items: rows.map(toMessage), total, page: query.page, pageSize: MESSAGE_PAGE_SIZE };
    },

    /** A failed e-mail queued again (staff, from "Pendientes" or the person's page). */
    async retry(actor: HistoryActor, id: number): Promise<Message> {
      return repo.transaction(async (tx) => {
        const row = await tx.findById(id);
        if (!row) throw new AppError('NOT_FOUND', { message: messageMessages.notFound });
        if (row.estado !== 'fallido') throw new AppError('CONFLICT', { message: messageMessages.notFailed });
        const queued = await tx.requeue(id);
        if (!queued) throw new AppError('CONFLICT', { message: messageMessages.notFailed });
        await history.record(tx.handle, {
          actor,
          entidad: 'mensaje',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['fallido', 'pendiente'] },
        });
        await enqueue(sendEmailJob, { id }, { tx: tx.handle });
        return toMessage(queued);
      });
    },

    failedCount: () => repo.countByState('fallido'),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
