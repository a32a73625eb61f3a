import { FOSTER_CONTACT_FIELDS, MASK, MASKED_PERSON_FIELDS, type SessionUser, masksPersons } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The persons whose contact (phone and address, never the document) a masked user may see: DESIGN section 20's
 * exception, "the contact of a foster home for the pets that volunteer is working with, if the organisation allows
 * it". The module that knows where pets are adds the rule (a plugin imports no module); it answers an empty set
 * when the organisation does not allow it.
 */
export type ContactException = (user: SessionUser) => Promise<ReadonlySet<number>>;

/** The keys of the organisation's own person fields marked `sensible` (DESIGN section 21), given by their module. */
export type SensitiveFields = () => Promise<ReadonlySet<string>>;

declare module 'fastify' {
  interface FastifyInstance {
    masking: { addContactException(rule: ContactException): void; addSensitiveFields(rule: SensitiveFields): void };
  }
}

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The answers whose rows are persons, each with the person's own `id`: only there can the exception name whose
 * contact a value is (elsewhere an `id` is a request's, a pet's...). The record and the list or search.
 */
const PERSON_ANSWERS: Record<string, (payload: unknown) => Row[]> = {
  '/api/personas/:id': (payload) => (isRow(payload) ? [payload] : []),
  '/api/personas': (payload) => (isRow(payload) && Array.isArray(payload.items) ? payload.items.filter(isRow) : []),
};

const masked = new Set(MASKED_PERSON_FIELDS);

/** The organisation's own phone and address are not a person's: its settings are answered as they are. */
const UNMASKED_ROUTES = new Set(['/api/organizacion']);

/**
 * A copy of `value` with every person's document, address and phone replaced by `***`, however deep: a record's
 * field (`telefono: '+34…'`) and a history change of it (`telefono: ['+34…', '+34…']`) alike. Only text is
 * replaced; an empty value stays empty, so the screen still tells "none" from "hidden".
 */
export function maskPersons(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersons);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!masked.has(key)) out[key] = maskPersons(field);
    else if (Array.isArray(field)) out[key] = field.map((v: unknown) => (typeof v === 'string' && v !== '' ? MASK : maskPersons(v)));
    else out[key] = typeof field === 'string' && field !== '' ? MASK : maskPersons(field);
  }
  return out;
}

const maskValue = (value: unknown): unknown =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? value : MASK;

/**
 * `value` (already a copy) with the sensitive own fields of every person in it as `***`: a person's `campos` (an
 * object with `campos` and `anonimizada`, the person answer's shape, wherever it is: a list, a duplicate, a merge)
 * and a person's history changes (`campos.<clave>` of an event whose `entidad` is `persona`). A pet's fields are
 * never a person's, even with the same key.
 */
export function maskSensitiveFields(value: unknown, keys: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) maskSensitiveFields(item, keys);
    return;
  }
  if (!isRow(value)) return;
  if ('anonimizada' in value && isRow(value.campos)) {
    for (const key of Object.keys(value.campos)) if (keys.has(key)) value.campos[key] = maskValue(value.campos[key]);
  }
  if (value.entidad === 'persona' && isRow(value.cambios)) {
    for (const [key, change] of Object.entries(value.cambios)) {
      if (key.startsWith('campos.') && keys.has(key.slice('campos.'.length)) && Array.isArray(change)) value.cambios[key] = change.map(maskValue);
    }
  }
  for (const child of Object.values(value)) if (child && typeof child === 'object') maskSensitiveFields(child, keys);
}

/**
 * Voluntariado, and an organisation role that masks (`enmascarar`, DESIGN section 21), sees persons' document,
 * address and phone, and their own fields marked `sensible`, as `***` in every JSON answer (DESIGN section 20):
 * lists, records, search results, history. The files a masked role may download (the pet list's export, the care
 * PDF) name no person, and every other file is closed to it by the permission table; the test of this plugin
 * checks both. The one exception: a foster home's phone and address in the person answers, for the foster homes
 * the rules added through `app.masking.addContactException` name.
 */
export const maskingPlugin = fp(
  (app: FastifyInstance) => {
    const exceptions: ContactException[] = [];
    const sensitive: SensitiveFields[] = [];
    app.decorate('masking', {
      addContactException: (rule: ContactException) => void exceptions.push(rule),
      addSensitiveFields: (rule: SensitiveFields) => void sensitive.push(rule),
    });
    app.addHook('preSerialization', async (request, _reply, payload) => {
      const user = request.user;
      if (!user || !masksPersons(user)) return payload;
      const route = request.routeOptions.url ?? '';
      if (UNMASKED_ROUTES.has(route)) return payload;
      const masked = maskPersons(payload);
      const keys = new Set<string>();
      for (const rule of sensitive) for (const key of await rule()) keys.add(key);
      if (keys.size > 0) maskSensitiveFields(masked, keys);
      const persons = PERSON_ANSWERS[route];
      if (!persons || exceptions.length === 0) return masked;
      // Decided here, from the server's own records, for every answer: the client names nothing.
      const visible = new Set<number>();
      for (const rule of exceptions) for (const id of await rule(user)) visible.add(id);
      if (visible.size === 0) return masked;
      const originals = persons(payload);
      persons(masked).forEach((row, index) => {
        const original = originals[index];
        if (!original || typeof original.id !== 'number' || !visible.has(original.id)) return;
        for (const field of FOSTER_CONTACT_FIELDS) if (field in original) row[field] = original[field];
      });
      return masked;
    });
  },
  { name: 'masking', dependencies: ['access'] },
);
