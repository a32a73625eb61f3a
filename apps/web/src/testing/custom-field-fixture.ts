import type { CustomField, CustomFieldEntity } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';

/** A definition of the organisation's own fields as `GET /api/campos` answers it, for component tests. */
export function customField(id: number, changes: Partial<CustomField> & Pick<CustomField, 'clave' | 'etiqueta' | 'tipo'>): CustomField {
  return {
    id,
    entidad: 'mascota',
    opciones: [],
    especies: [],
    obligatorio: false,
    publico: false,
    sensible: false,
    ayuda: null,
    orden: id,
    archivado: false,
    usos: 0,
    version: 1,
    ...changes,
  };
}

/**
 * `GET /api/campos?entidad=…`: the given definitions of that entity (the archived ones only with `archivados=true`).
 * With no definitions, the answer forms and details get when the organisation has none.
 */
export function customFieldsHandler(entidad: CustomFieldEntity, fields: CustomField[] = []) {
  return http.get('/api/campos', ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get('entidad') !== entidad) return undefined;
    const archived = query.get('archivados') === 'true';
    return HttpResponse.json({ items: fields.filter((field) => field.entidad === entidad && (archived || !field.archivado)) });
  });
}
