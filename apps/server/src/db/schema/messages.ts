import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { person } from './persons';
import { user } from './users';

/**
 * Every message written to someone outside the staff or to a member of staff (DESIGN section 10), owned by
 * `modules/messages`: the text as it was sent (rendered when created), who it went to, and how it went.
 */
/** A stored file an e-mail carries: its storage key, the name the reader sees and its type. */
export type MessageAttachment = { key: string; nombre: string; contentType: string };

export const message = pgTable(
  'message',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The person it was written to (persons module); null for staff notices and unlinked recipients. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    /** email | whatsapp */
    canal: text().notNull(),
    plantilla: text(),
    paraNombre: text().notNull(),
    paraEmail: text(),
    paraTelefono: text(),
    asunto: text().notNull(),
    /** The plain-text part (for WhatsApp, the text). */
    cuerpo: text().notNull(),
    /** The HTML part of an e-mail. */
    html: text(),
    /** Stored files sent with the e-mail (a signed contract), read from storage at each attempt. */
    adjuntos: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    /** pendiente | enviado | fallido | sin_configurar | registrado */
    estado: text().notNull(),
    intentos: integer().notNull().default(0),
    error: text(),
    relacionEntidad: text(),
    relacionId: text(),
    creadoPor: text().references(() => user.id, { onDelete: 'set null' }),
    creadoEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviadoEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('message_persona').on(t.personaId, t.creadoEn.desc(), t.id.desc()),
    index('message_estado').on(t.estado, t.creadoEn.desc(), t.id.desc()),
    index('message_relacion').on(t.relacionEntidad, t.relacionId),
    check('message_canal', sql`${t.canal} IN ('email', 'whatsapp')`),
    check('message_estado_valido', sql`${t.estado} IN ('pendiente', 'enviado', 'fallido', 'sin_configurar', 'registrado')`),
  ],
);
