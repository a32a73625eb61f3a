import type { CareType } from './care';
import type { MovementType } from './movements';
import type { Procedencia } from './pet-identity';

/*
 * Inspection links (DESIGN section 16): limits, labels and Spanish messages, without zod. The inspector's public page
 * (`/inspeccion/{token}`) imports these and nothing else of the contract, so its bundle stays free of the schemas'
 * runtime. `inspections.ts` re-exports them.
 */

export const INSPECTION_LIMITS = {
  /** The latest day a link may work until, counted from today (DESIGN section 16: at most 30 days). */
  maxDays: 30,
  nameChars: 200,
  /** Requests one link may make per hour (the book and the animals read through it). */
  requestsPerHour: 300,
} as const;

export const INSPECTION_STATES = ['activa', 'vencida', 'revocada'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];

export const inspectionStateLabels: Record<InspectionState, string> = {
  activa: 'Activa',
  vencida: 'Vencida',
  revocada: 'Revocada',
};

export const inspectionMessages = {
  notFound: 'Este enlace de inspección no existe, ha vencido o ha sido revocado. Pide uno nuevo a la protectora.',
  inspectionNotFound: 'No encontramos esa inspección.',
  petNotFound: 'Ese animal no figura en el libro de registro.',
  nameRequired: 'Escribe el nombre de quien inspecciona.',
  nameTooLong: `El nombre admite hasta ${INSPECTION_LIMITS.nameChars} caracteres.`,
  bodyRequired: 'Escribe el organismo que inspecciona.',
  bodyTooLong: `El organismo admite hasta ${INSPECTION_LIMITS.nameChars} caracteres.`,
  untilInvalid: 'Indica hasta qué día vale el enlace (AAAA-MM-DD).',
  untilPast: 'La fecha «hasta» no puede ser anterior a hoy.',
  untilTooFar: `Un enlace de inspección vale como mucho ${INSPECTION_LIMITS.maxDays} días: elige una fecha más cercana.`,
  alreadyRevoked: 'Este enlace ya estaba revocado.',
  requests: 'Demasiadas consultas con este enlace en la última hora. Espera un poco y vuelve a intentarlo.',
} as const;

/** What the inspector's page calls each care record type (the same words as careTypeLabels). */
export const inspectionCareLabels: Record<CareType, string> = {
  vacuna: 'Vacuna',
  desparasitacion_interna: 'Desparasitación interna',
  desparasitacion_externa: 'Desparasitación externa',
  test: 'Test',
  tratamiento: 'Tratamiento',
  cirugia: 'Cirugía',
  esterilizacion: 'Esterilización',
  revision: 'Revisión',
  peso: 'Peso',
};

/** What the inspector's page calls each movement (the same words as movementTypeLabels). */
export const inspectionMovementLabels: Record<MovementType, string> = {
  ingreso: 'Ingreso',
  acogida: 'Acogida',
  adopcion: 'Adopción',
  devolucion: 'Devolución',
  traslado: 'Traslado',
  fallecimiento: 'Fallecimiento',
};

/** Where an animal came from, as the inspector's page says it (the same words as procedenciaLabels). */
export const inspectionOriginLabels: Record<Procedencia, string> = {
  abandono: 'Abandono',
  cesion: 'Cesión de su propietario',
  rescate: 'Rescate',
  extraviado: 'Extraviado',
  nacimiento: 'Nacimiento en el refugio',
  traslado: 'Traslado desde otra entidad',
  decomiso: 'Decomiso o intervención',
  otra: 'Otra',
};

const UNTIL_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** The last day of a link, one wording everywhere: '2026-12-08' -> 'hasta el 8 de diciembre de 2026 (incluido)'. */
export function inspectionUntilText(hasta: string): string {
  const [year, month, day] = hasta.split('-').map(Number);
  return `hasta el ${day} de ${UNTIL_MONTHS[(month ?? 1) - 1]} de ${year} (incluido)`;
}
