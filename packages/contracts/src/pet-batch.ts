import { z } from 'zod';
import { listPetsQuerySchema, petMessages } from './pets';
import { countLabel, formatCount } from './wording';
import { isoInstant } from './text';

/*
 * Bulk actions on the pet list (`POST /api/mascotas/lote`): publish now, schedule, mark adopted, delete (soft)
 * and restore (the delete's Deshacer), for pets picked one by one (each with the version the person saw) or for
 * every pet matching the list's filter. Each pet is changed on its own, with the rules of the single action,
 * and the answer says per pet what happened.
 */

export const PET_BATCH_ACTIONS = ['publicar', 'programar', 'adoptar', 'eliminar', 'restaurar'] as const;
export type PetBatchAction = (typeof PET_BATCH_ACTIONS)[number];
/** Pets one request may change: beyond it, a person narrows the filter (and the request stays well under a minute). */
export const PET_BATCH_MAX = 1000;

export const petBatchMessages = {
  actionInvalid: 'La acción debe ser publicar, programar, adoptar, eliminar o restaurar.',
  empty: 'Selecciona al menos una mascota.',
  tooMany: `Puedes cambiar como máximo ${PET_BATCH_MAX} mascotas a la vez. Selecciona menos o acota el filtro.`,
  filterTooMany: `Más de ${PET_BATCH_MAX} mascotas coinciden con el filtro. Acótalo (por ejemplo por tipo, estado o etiqueta) y vuelve a intentarlo.`,
  duplicate: 'Cada mascota puede aparecer una sola vez.',
  oneTarget: 'Indica las mascotas (items) o el filtro de la lista (filtro), uno de los dos.',
  // Why one pet was not changed, as the summary lists it after the pet's name.
  conflict: 'cambiada por otra persona',
  notFound: 'ya no existe o fue eliminada',
  restoreForbidden: 'solo un administrador o quien la eliminó puede restaurarla',
} as const;

const version = z.number({ error: petMessages.versionInvalid }).int(petMessages.versionInvalid).min(1, petMessages.versionInvalid);
const petId = z
  .number({ error: petMessages.missingId })
  .int(petMessages.missingId)
  .min(1, petMessages.missingId)
  .max(2_147_483_647, petMessages.missingId);

/** The filter of `GET /phpApi/mascotas` (search and filters; no order or page): every pet it matches. */
export const petBatchFilterSchema = listPetsQuerySchema
  .pick({
    q: true,
    tipo: true,
    tamano: true,
    genero: true,
    adoptado: true,
    discapacidad: true,
    estado: true,
    tag: true,
    adoptadoMes: true,
    ubicacion: true,
    eliminadas: true,
    esterilizado: true,
    conMicrochip: true,
    procedencia: true,
    campo: true,
  })
  .describe('El mismo filtro que GET /phpApi/mascotas (búsqueda y filtros)');
export type PetBatchFilter = z.infer<typeof petBatchFilterSchema>;

export const petBatchInputSchema = z
  .object({
    accion: z.enum(PET_BATCH_ACTIONS, { error: petBatchMessages.actionInvalid }),
    publicarEn: isoInstant('La fecha de publicación no es válida.')
      .nullish()
      .describe('ISO 8601 con zona; obligatoria con accion programar; no en el pasado'),
    items: z
      .array(
        z.object({
          id: petId,
          version: version.optional().describe('La versión mostrada; si ya no es la actual, esa mascota no se cambia (CONFLICT)'),
        }),
      )
      .min(1, petBatchMessages.empty)
      .max(PET_BATCH_MAX, petBatchMessages.tooMany)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, petBatchMessages.duplicate)
      .optional()
      .describe('Las mascotas elegidas una a una'),
    filtro: petBatchFilterSchema.optional().describe(`Todas las mascotas que coinciden (como máximo ${PET_BATCH_MAX})`),
  })
  .refine((input) => (input.items === undefined) !== (input.filtro === undefined), { message: petBatchMessages.oneTarget, path: ['items'] })
  .describe('Una acción para varias mascotas: las elegidas (items) o todas las que coinciden con el filtro (filtro)');
export type PetBatchInput = z.infer<typeof petBatchInputSchema>;

export const PET_BATCH_FAILURES = ['CONFLICT', 'NOT_FOUND', 'FORBIDDEN'] as const;
export type PetBatchFailure = (typeof PET_BATCH_FAILURES)[number];

export const petBatchItemResultSchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.number().int(),
    nombre: z.string(),
    ok: z.literal(true),
    sinCambios: z.boolean().describe('Ya estaba así: no se escribió nada'),
    version: z.number().int().describe('La versión tras el cambio (para deshacerlo)'),
  }),
  z.object({
    id: z.number().int(),
    nombre: z.string().nullable().describe('null cuando la mascota no existe'),
    ok: z.literal(false),
    code: z.enum(PET_BATCH_FAILURES),
    message: z.string(),
  }),
]);
export type PetBatchItemResult = z.infer<typeof petBatchItemResultSchema>;

export const petBatchResultSchema = z.object({
  accion: z.enum(PET_BATCH_ACTIONS),
  resultados: z.array(petBatchItemResultSchema).describe('Una entrada por mascota, en el orden pedido (o por id con filtro)'),
});
export type PetBatchResult = z.infer<typeof petBatchResultSchema>;

/** The pet list's texts for selecting pets and acting on them in bulk. */
export const petBatchUiMessages = {
  selectRow: (nombre: string) => `Seleccionar a ${nombre}`,
  selectPage: 'Seleccionar las mascotas de esta página',
  selectedCount: (n: number) => countLabel(n, 'mascota seleccionada', 'mascotas seleccionadas'),
  pageSelected: (n: number) =>
    n === 1 ? 'Está seleccionada la mascota de esta página.' : `Están seleccionadas las ${formatCount(n)} mascotas de esta página.`,
  selectAllMatching: (n: number) => (n === 1 ? 'Seleccionar la que coincide' : `Seleccionar las ${formatCount(n)} que coinciden`),
  allMatchingSelected: (n: number) =>
    n === 1
      ? 'Está seleccionada la mascota que coincide con la búsqueda y los filtros.'
      : `Están seleccionadas las ${formatCount(n)} mascotas que coinciden con la búsqueda y los filtros.`,
  tooManyToSelect: `Más de ${PET_BATCH_MAX} mascotas coinciden: acota la búsqueda o los filtros para cambiarlas todas a la vez.`,
  clearSelection: 'Quitar selección',
  barLabel: 'Acciones en lote',
  publish: 'Publicar ahora',
  schedule: 'Programar',
  adopt: 'Marcar adoptadas',
  remove: 'Eliminar',
  restore: 'Restaurar',
  confirmTitle: {
    publicar: (subject: string) => `¿Publicar ${subject}?`,
    programar: (subject: string) => `Programar la publicación de ${subject}`,
    adoptar: (subject: string) => `¿Marcar como adoptadas ${subject}?`,
    eliminar: (subject: string) => `¿Eliminar ${subject}?`,
    restaurar: (subject: string) => `¿Restaurar ${subject}?`,
  },
  confirmText: {
    publicar: 'Serán visibles en el catálogo público desde ahora (las que no estén adoptadas).',
    programar: 'Elige cuándo serán visibles en el catálogo público. Desde ese momento se publicarán solas.',
    adoptar: 'Figurarán como adoptadas y dejarán de ofrecerse en adopción.',
    eliminar: 'Dejarán de aparecer en la lista y en el catálogo público. Podrás deshacerlo desde el resumen que verás a continuación.',
    restaurar: 'Volverán a aparecer en la lista.',
  },
  confirmButton: {
    publicar: 'Publicar',
    programar: 'Programar',
    adoptar: 'Marcar adoptadas',
    eliminar: 'Eliminar',
    restaurar: 'Restaurar',
  },
  /** "12 mascotas" or "las 137 mascotas que coinciden con la búsqueda y los filtros". */
  subjectPicked: (n: number) => countLabel(n, 'mascota', 'mascotas'),
  subjectMatching: (n: number) =>
    n === 1 ? 'la mascota que coincide con la búsqueda y los filtros' : `las ${formatCount(n)} mascotas que coinciden con la búsqueda y los filtros`,
  summaryTitle: 'Resultado del cambio en lote',
  summaryFailuresTitle: 'No se pudieron cambiar:',
  summaryNothing: 'No había ninguna mascota que cambiar.',
  /** "12 publicadas", "1 programada"... */
  done: {
    publicar: (n: number) => countLabel(n, 'publicada', 'publicadas'),
    programar: (n: number) => countLabel(n, 'programada', 'programadas'),
    adoptar: (n: number) => countLabel(n, 'marcada como adoptada', 'marcadas como adoptadas'),
    eliminar: (n: number) => countLabel(n, 'eliminada', 'eliminadas'),
    restaurar: (n: number) => countLabel(n, 'restaurada', 'restauradas'),
  },
  unchanged: (n: number) => countLabel(n, 'ya lo estaba', 'ya lo estaban'),
  failed: (n: number) => countLabel(n, 'no se pudo', 'no se pudieron'),
  unknownPet: (id: number) => `Mascota ${id}`,
  undo: 'Deshacer',
  undoDoneTitle: 'Cambio deshecho',
  undoDone: (n: number) => countLabel(n, 'mascota vuelve a estar en la lista.', 'mascotas vuelven a estar en la lista.'),
  undoFailedTitle: 'No se pudo deshacer',
  errorTitle: 'No se pudo aplicar el cambio',
  close: 'Cerrar',
} as const;
