import { MASK, MASKED_PERSON_FIELDS, masksPersons } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * Voluntariado sees persons' document, address and phone as `***` in every JSON answer (DESIGN section 20):
 * lists, records, search results, history. The files a masked role may download (the pet list's export, the care
 * PDF) name no person, and every other file is closed to it by the permission table; the test of this plugin
 * checks both.
 */
export const maskingPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!request.user || !masksPersons(request.user.role)) return payload;
      if (UNMASKED_ROUTES.has(request.routeOptions.url ?? '')) return payload;
      return maskPersons(payload);
    });
  },
  { name: 'masking', dependencies: ['access'] },
);
