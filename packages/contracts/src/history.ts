import { z } from 'zod';
import { calendarDate, oneLineText } from './text';
import { formatDecimal } from './wording';

/*
 * History of every change to a shelter record (DESIGN section 9): one event per change, written by the server in
 * the same transaction as the change. Read by GET /api/auditoria (administrators) and GET /api/mascotas/{id}/historial
 * (staff); told in Spanish by `describeHistoryEvent`.
 */

export const HISTORY_ACTOR_TYPES = ['usuario', 'publico', 'enlace', 'sistema'] as const;
export type HistoryActorType = (typeof HISTORY_ACTOR_TYPES)[number];

export const HISTORY_ACTIONS = ['crear', 'modificar', 'eliminar', 'restaurar', 'estado', 'fusionar', 'enviar', 'firmar', 'anonimizar'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The records that have a history today (later modules add theirs). */
export const HISTORY_ENTITIES = [
  'mascota',
  'solicitud_adopcion',
  'solicitud_publicacion',
  'enlace',
  'paquete',
  'usuario',
  'registro_salud',
  'protocolo',
  'mensaje',
  'plantilla',
  'organizacion',
  'persona',
  'enlace_portal',
  'novedad_acogida',
  'documento',
  'cuota_adopcion',
  'seguimiento',
  'cuota',
  'donativo',
  'certificado_donaciones',
  'remesa',
  'inspeccion',
  'suscripcion_informe',
  'voluntariado',
  'turno',
  'plantilla_turnos',
  'turno_apuntado',
  'enlace_voluntariado',
  'oferta_acogida',
  'cesion',
  'aviso',
  'modelo_182',
  'rol',
  'campo_propio',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

export const historyEntityLabels: Record<HistoryEntity, string> = {
  mascota: 'Mascota',
  solicitud_adopcion: 'Solicitud de adopción',
  solicitud_publicacion: 'Solicitud de publicación',
  enlace: 'Enlace de registro',
  paquete: 'Paquete',
  usuario: 'Usuario',
  registro_salud: 'Registro de salud',
  protocolo: 'Protocolo de salud',
  mensaje: 'Mensaje',
  plantilla: 'Plantilla',
  organizacion: 'Organización',
  persona: 'Persona',
  enlace_portal: 'Enlace del portal de acogida',
  novedad_acogida: 'Novedad de acogida',
  documento: 'Documento',
  cuota_adopcion: 'Cuota de adopción',
  seguimiento: 'Seguimiento tras la adopción',
  cuota: 'Cuota de socio o padrino',
  donativo: 'Donativo',
  certificado_donaciones: 'Certificado de donaciones',
  remesa: 'Remesa de recibos SEPA',
  modelo_182: 'Modelo 182',
  inspeccion: 'Enlace de inspección',
  suscripcion_informe: 'Suscripción a un informe',
  voluntariado: 'Ficha de voluntariado',
  turno: 'Turno de voluntariado',
  plantilla_turnos: 'Turnos que se repiten',
  turno_apuntado: 'Persona apuntada a un turno',
  enlace_voluntariado: 'Enlace de voluntariado',
  oferta_acogida: 'Busco acogida: oferta a una casa',
  cesion: 'Solicitud de cesión',
  aviso: 'Aviso de animal perdido o encontrado',
  rol: 'Rol de la organización',
  campo_propio: 'Campo propio',
};

export const HISTORY_PAGE_SIZE_DEFAULT = 25;
export const HISTORY_PAGE_SIZE_MAX = 100;

/** A JSON value as kept in `cambios`. */
export type HistoryValue = string | number | boolean | null | HistoryValue[] | { [key: string]: HistoryValue };
/** Each changed field with its value before and after (secrets never appear: their values are masked). */
export type HistoryChanges = Record<string, [HistoryValue, HistoryValue]>;

/** The value a secret field shows in `cambios` (a password was set or changed: never its hash or the text). */
export const HISTORY_SECRET = '[oculto]';

export interface HistoryActor {
  tipo: HistoryActorType;
  id?: string | undefined;
  nombre?: string | undefined;
}

/** Named (`id`) so that the OpenAPI document defines it once and its recursion points at that definition. */
const historyValueSchema: z.ZodType<HistoryValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(historyValueSchema), z.record(z.string(), historyValueSchema)]))
  .meta({ id: 'HistoryValue' });

export const historyEventSchema = z.object({
  id: z.number().int(),
  en: z.string().describe('Momento del cambio (ISO 8601)'),
  actor: z.object({
    tipo: z.enum(HISTORY_ACTOR_TYPES),
    id: z.string().optional(),
    nombre: z.string().optional(),
  }),
  entidad: z.string(),
  entidadId: z.string(),
  accion: z.enum(HISTORY_ACTIONS),
  cambios: z.record(z.string(), z.tuple([historyValueSchema, historyValueSchema])).optional(),
  requestId: z.string().optional(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const historyMessages = {
  entityInvalid: 'Elige un tipo de registro de la lista.',
  dateInvalid: 'Escribe una fecha válida (AAAA-MM-DD).',
  rangeInvalid: 'La fecha «hasta» no puede ser anterior a «desde».',
  entityIdWithoutEntity: 'Para buscar por identificador, elige también el tipo de registro.',
} as const;

const dateSchema = calendarDate(historyMessages.dateInvalid);

export const listHistoryQuerySchema = z
  .object({
    entidad: z.enum(HISTORY_ENTITIES, { error: historyMessages.entityInvalid }).optional(),
    entidadId: oneLineText().trim().min(1).max(200).optional(),
    actorId: oneLineText().trim().min(1).max(200).optional(),
    desde: dateSchema.optional().describe('Primer día (AAAA-MM-DD, en la zona horaria de la organización)'),
    hasta: dateSchema.optional().describe('Último día, incluido (AAAA-MM-DD)'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_DEFAULT),
  })
  .superRefine((query, ctx) => {
    if (query.desde && query.hasta && query.hasta < query.desde)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: historyMessages.rangeInvalid });
    if (query.entidadId && !query.entidad) ctx.addIssue({ code: 'custom', path: ['entidad'], message: historyMessages.entityIdWithoutEntity });
  });
export type ListHistoryQuery = z.infer<typeof listHistoryQuerySchema>;

export const petHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_DEFAULT),
});

export const listHistoryResponseSchema = z.object({
  items: z.array(historyEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListHistoryResponse = z.infer<typeof listHistoryResponseSchema>;

/* ---- Telling an event in Spanish ---- */

const fieldLabels: Record<string, string> = {
  capacidades: 'las capacidades',
  basadoEn: 'el rol base',
  enmascarar: 'los datos personales ocultos',
  rolOrganizacion: 'el rol de la organización',
  nombre: 'el nombre',
  edad: 'la edad',
  tipo: 'el tipo',
  genero: 'el género',
  tamano: 'el tamaño',
  discapacidad: 'la discapacidad',
  fechaIngreso: 'la fecha de ingreso',
  personalidad: 'la personalidad',
  historia: 'la historia',
  tags: 'las etiquetas',
  estado: 'el estado',
  fechaCobro: 'la fecha de cobro',
  numero: 'el número de cuotas',
  importeTotal: 'el importe total',
  remesaId: 'la remesa',
  origen: 'el origen',
  publicarEn: 'la fecha de publicación',
  imagenPrincipal: 'la imagen principal',
  ordenImagenes: 'el orden de las imágenes',
  mascotaId: 'la mascota',
  motivoRechazo: 'el motivo del rechazo',
  destinatario: 'el destinatario',
  email: 'el correo',
  telefono: 'el teléfono',
  descripcion: 'la descripción',
  cupo: 'el cupo',
  diasVigencia: 'los días de vigencia',
  venceEn: 'el vencimiento',
  paqueteId: 'el paquete',
  apellidos: 'los apellidos',
  lastname: 'los apellidos',
  name: 'el nombre',
  rol: 'el rol',
  permisos: 'los permisos',
  color: 'el color',
  mail: 'el correo',
  contactoNombre: 'el nombre de contacto',
  contactoEmail: 'el correo de contacto de la solicitud',
  contactoTelefono: 'el teléfono de contacto de la solicitud',
  contactoConfirmado: 'el contacto confirmado por el equipo',
  raza: 'la raza',
  fechaNacimiento: 'la fecha de nacimiento',
  fechaNacimientoAprox: 'si la fecha de nacimiento es aproximada',
  microchip: 'el microchip',
  esterilizado: 'la esterilización',
  fechaEsterilizacion: 'la fecha de esterilización',
  fechaProgramada: 'la fecha prevista',
  fechaRealizada: 'la fecha de realización',
  repetirCadaDias: 'la repetición en días',
  dosis: 'la dosis',
  lote: 'el lote',
  veterinario: 'el veterinario o la clínica',
  resultado: 'el resultado',
  pesoKg: 'el peso',
  coste: 'el coste',
  notas: 'las notas',
  adjunto: 'el adjunto',
  tipoMascota: 'la especie',
  pasos: 'los pasos',
  activo: 'si está activo',
  protocoloId: 'el protocolo',
  asunto: 'el asunto',
  cuerpo: 'el texto',
  activa: 'si está activa',
  canal: 'el canal',
  plantilla: 'la plantilla',
  intentos: 'los intentos',
  error: 'el error',
  web: 'la web',
  zonaHoraria: 'la zona horaria',
  documento: 'el documento',
  nif: 'el NIF',
  codigoPostal: 'el código postal',
  pais: 'el país de residencia',
  anio: 'el ejercicio',
  deducible: 'si es deducible',
  presentadaEn: 'la fecha de presentación',
  justificante: 'el número de justificante',
  justificanteAnterior: 'el justificante anterior',
  ley49: 'si está acogida a la Ley 49/2002',
  contactoAcogidaVoluntariado: 'si Voluntariado ve el contacto de la casa de acogida de los animales que cuida',
  registroEntidades: 'el nº de registro de entidades',
  nucleoZoologico: 'el nº de núcleo zoológico',
  acreedorSepa: 'el identificador de acreedor SEPA',
  ibanAcreedor: 'el IBAN de la cuenta de abono de las remesas',
  ciudad: 'la ciudad',
  direccion: 'la dirección',
  roles: 'los roles',
  bloqueado: 'el bloqueo',
  motivoBloqueo: 'el motivo del bloqueo',
  consentimientoEmail: 'el consentimiento para correo',
  consentimientoWhatsapp: 'el consentimiento para WhatsApp',
  ubicacion: 'la ubicación',
  movimiento: 'el movimiento',
  personaId: 'la persona',
  motivo: 'el motivo',
  mascota: 'la mascota',
  fichaAcogida: 'la ficha de acogida',
  vence: 'la fecha prevista',
  recordado: 'el recordatorio',
  comoVa: 'cómo va',
  atendido: 'la petición de ayuda atendida',
  galeria: 'las fotos añadidas a la galería',
  fotos: 'las fotos',
};

const valueLabels: Record<string, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
  nueva: 'Nueva',
  en_revision: 'En revisión',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
  pendiente: 'Pendiente',
  activo: 'Activo',
  revocado: 'Revocado',
  archivado: 'Archivado',
  enviado: 'Enviado',
  fallido: 'Fallido',
  sin_configurar: 'Sin configurar',
  registrado: 'Registrado',
  emitida: 'Emitida',
  activa: 'Activa',
  baja: 'De baja',
  anulado: 'Anulado',
  devuelto: 'Devuelto',
};

const entityArticles: Record<string, string> = {
  mascota: 'la mascota',
  solicitud_adopcion: 'la solicitud de adopción',
  solicitud_publicacion: 'la solicitud de publicación',
  enlace: 'el enlace de registro',
  paquete: 'el paquete',
  usuario: 'el usuario',
  registro_salud: 'el registro de salud',
  protocolo: 'el protocolo',
  mensaje: 'el mensaje',
  plantilla: 'la plantilla',
  organizacion: 'los datos de la organización',
  persona: 'la persona',
  documento: 'el documento',
  cuota_adopcion: 'la cuota de adopción',
  seguimiento: 'el seguimiento',
  cuota: 'la cuota',
  donativo: 'el donativo',
  certificado_donaciones: 'el certificado de donaciones',
  remesa: 'la remesa',
  inspeccion: 'el enlace de inspección',
  suscripcion_informe: 'la suscripción al informe',
  cesion: 'la solicitud de cesión',
  aviso: 'el aviso de animal perdido o encontrado',
  modelo_182: 'el modelo 182',
  rol: 'el rol de la organización',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TEXT_MAX = 80;

/** A value as a person reads it: dates in the organisation's zone, yes/no, lists joined, long texts cut. */
export function formatHistoryValue(value: HistoryValue, timeZone = 'Europe/Madrid'): string {
  if (value === null || value === '') return 'vacío';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  // A measure with decimals as Spanish writes it ('1,9'); whole numbers as they are.
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatDecimal(value, 3);
  if (Array.isArray(value)) return value.length === 0 ? 'ninguna' : value.map((v) => formatHistoryValue(v, timeZone)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(value));
  }
  const label = valueLabels[value] ?? value;
  return label.length > TEXT_MAX ? `${label.slice(0, TEXT_MAX - 1)}…` : label;
}

/** Who did it, as a sentence starts. */
export function historyActorName(actor: HistoryActor): string {
  const name = actor.nombre?.trim();
  if (name) return name;
  switch (actor.tipo) {
    case 'publico':
      return 'Una persona del público';
    case 'enlace':
      return 'Un rescatista con enlace';
    case 'sistema':
      return 'El sistema';
    default:
      return 'Un usuario';
  }
}

/** What the event is about, e.g. «Bruma» or la solicitud de adopción 12. */
/** The name a created record was given: `nombre` for most records, `name` (and `lastname`) for staff accounts. */
function createdRecordName(cambios: HistoryChanges): string | undefined {
  const text = (field: string) => {
    const after = cambios[field]?.[1];
    return typeof after === 'string' && after.trim() ? after.trim() : undefined;
  };
  const nombre = text('nombre');
  if (nombre) return nombre;
  const name = text('name');
  return name ? [name, text('lastname')].filter(Boolean).join(' ') : undefined;
}

function subject(event: Pick<HistoryEvent, 'entidad' | 'entidadId' | 'cambios'>, name: string | undefined): string {
  const article = entityArticles[event.entidad] ?? event.entidad;
  return name ? `${article} «${name}»` : `${article} ${event.entidadId}`;
}

const q = (text: string) => `«${text}»`;

/**
 * The event told in Spanish, one sentence per change: «Rocío cambió el nombre de «Bruma» a «Bruma Gris»».
 * `name` is the record's name when the reader knows it (the pet's page); otherwise the record is named by its id.
 */
export function describeHistoryEvent(
  event: Pick<HistoryEvent, 'actor' | 'entidad' | 'entidadId' | 'accion' | 'cambios'>,
  options: { name?: string | undefined; timeZone?: string } = {},
): string[] {
  const who = historyActorName(event.actor);
  const cambios = event.cambios ?? {};
  const createdName = createdRecordName(cambios);
  const what = subject(event, options.name ?? createdName);
  const fmt = (v: HistoryValue) => formatHistoryValue(v, options.timeZone);
  switch (event.accion) {
    case 'crear':
      // A record from a spreadsheet says where it came from (DESIGN 18: "importado de {archivo}, fila {n}").
      return [typeof cambios.origen?.[1] === 'string' ? `${who} creó ${what} (${cambios.origen[1]}).` : `${who} creó ${what}.`];
    case 'eliminar':
      // An import undone: the record it had created goes.
      if (typeof cambios.origen?.[0] === 'string') return [`${who} eliminó ${what} al deshacer la importación (${cambios.origen[0]}).`];
      return [`${who} eliminó ${what}.`];
    case 'restaurar':
      return [`${who} restauró ${what}.`];
    case 'fusionar':
      if (cambios.fusionadaEn) return [`${who} fusionó ${what} en la ficha ${fmt(cambios.fusionadaEn[1])}.`];
      if (!cambios.fusionadaCon) return [`${who} fusionó ${what}.`];
      // The survivor of a merge: the merge, then the values it took from the other record.
      break;
    case 'anonimizar':
      return [`${who} anonimizó ${what}.`];
    case 'enviar':
      // A read through an inspection link (DESIGN section 16): what the inspector was shown.
      if (event.entidad === 'inspeccion' && cambios.lectura)
        return cambios.lectura[1] === 'mascota'
          ? [`${who} consultó la ficha del animal ${fmt(cambios.mascotaId?.[1] ?? null)} con ${what}.`]
          : [`${who} consultó el libro de registro con ${what}.`];
      // A message written about the record (a surrender's owner told of a step): by which channel, and its subject.
      if (cambios.mensajeId) {
        const canal = cambios.canal?.[1] === 'whatsapp' ? 'WhatsApp' : 'correo';
        const asunto = typeof cambios.asunto?.[1] === 'string' && cambios.asunto[1] !== '' ? `: «${cambios.asunto[1]}»` : '';
        return [`${who} escribió por ${canal} sobre ${what}${asunto}.`];
      }
      return [`${who} envió ${what}.`];
    case 'firmar':
      return [`${who} firmó ${what}.`];
    default:
      break;
  }
  const lines: string[] = [];
  for (const [field, [before, after]] of Object.entries(cambios)) {
    if (field === 'fusionadaCon') lines.unshift(`${who} fusionó la ficha ${fmt(after)} en ${what}.`);
    else if (field === 'contrasena') lines.push(`${who} cambió la contraseña.`);
    else if (field === 'adoptado') lines.push(after === true ? `${who} marcó como adoptada ${what}.` : `${who} desmarcó como adoptada ${what}.`);
    else if (field === 'duplicadoDescartado') lines.push(`${who} indicó que ${what} no es la misma persona que la ficha ${fmt(after)}.`);
    else if (field === 'bloqueado') lines.push(after === true ? `${who} bloqueó ${what}.` : `${who} desbloqueó ${what}.`);
    else if (field === 'desactivado') lines.push(after === true ? `${who} desactivó ${what}.` : `${who} reactivó ${what}.`);
    else if (field === 'dosPasos')
      lines.push(
        after === true ? `${who} activó la verificación en dos pasos de ${what}.` : `${who} desactivó la verificación en dos pasos de ${what}.`,
      );
    else if (field === 'codigosRespaldo') lines.push(`${who} generó nuevos códigos de respaldo de la verificación en dos pasos de ${what}.`);
    else if (field === 'imagen')
      lines.push(after === null ? `${who} quitó la imagen ${q(fmt(before))}.` : `${who} añadió la imagen ${q(fmt(after))}.`);
    else if (field === 'video') lines.push(after === null ? `${who} quitó el video ${q(fmt(before))}.` : `${who} añadió el video ${q(fmt(after))}.`);
    else if (field === 'nota') lines.push(`${who} añadió una nota: ${q(fmt(after))}.`);
    else if (field === 'ordenImagenes') lines.push(`${who} cambió el orden de las imágenes.`);
    else {
      const label = fieldLabels[field] ?? field;
      if (before === null || before === '' || (Array.isArray(before) && before.length === 0)) lines.push(`${who} puso ${label} ${q(fmt(after))}.`);
      else if (after === null || after === '' || (Array.isArray(after) && after.length === 0)) lines.push(`${who} quitó ${label} ${q(fmt(before))}.`);
      else lines.push(`${who} cambió ${label} de ${q(fmt(before))} a ${q(fmt(after))}.`);
    }
  }
  return lines.length > 0 ? lines : [`${who} modificó ${what}.`];
}
