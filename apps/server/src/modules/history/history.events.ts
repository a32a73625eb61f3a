import type { HistoryActor, HistoryValue, SessionUser } from '@refugio/contracts';

/*
 * The typed union of history events (DESIGN section 9): per record, the actions it can have and the fields its
 * changes name. A module builds its event and hands it to `history.record(tx.handle, event)` inside the transaction
 * of the change, so the event and the change commit together or not at all.
 */

type Changes<F extends string> = Partial<Record<F, [HistoryValue, HistoryValue]>>;

export type PetHistoryField =
  /** Where an imported record came from: «importado de {archivo}, fila {n}». */
  | 'origen'
  | 'nombre'
  | 'edad'
  | 'tipo'
  | 'genero'
  | 'tamano'
  | 'discapacidad'
  | 'adoptado'
  | 'fechaIngreso'
  | 'personalidad'
  | 'historia'
  | 'tags'
  | 'estado'
  | 'publicarEn'
  | 'imagenPrincipal'
  | 'imagen'
  | 'video'
  | 'ordenImagenes'
  | 'solicitudPublicacion'
  | 'raza'
  | 'color'
  | 'fechaNacimiento'
  | 'fechaNacimientoAprox'
  | 'microchip'
  | 'esterilizado'
  | 'fechaEsterilizacion'
  | 'ubicacion'
  | 'movimiento'
  | 'personaId'
  | 'motivo'
  /** One of the organisation's own fields (DESIGN section 21), by its key. */
  | `campos.${string}`;
export type AdoptionRequestHistoryField = 'estado' | 'nota' | 'nombre' | 'mascotaId' | 'contactoEmail' | 'contactoTelefono' | 'contactoConfirmado';
export type PublicationRequestHistoryField = 'estado' | 'motivoRechazo' | 'mascotaId' | 'nombre' | 'enlace';
export type LinkHistoryField = 'estado' | 'destinatario' | 'paqueteId' | 'venceEn' | 'email' | 'telefono' | 'nota' | 'usados';
export type PackageHistoryField = 'nombre' | 'descripcion' | 'cupo' | 'diasVigencia' | 'estado';
export type CareRecordHistoryField =
  | 'mascotaId'
  | 'protocoloId'
  | 'tipo'
  | 'nombre'
  | 'fechaProgramada'
  | 'fechaRealizada'
  | 'repetirCadaDias'
  | 'dosis'
  | 'lote'
  | 'veterinario'
  | 'resultado'
  | 'pesoKg'
  | 'coste'
  | 'notas'
  | 'adjunto'
  | 'origen';
export type ProtocolHistoryField = 'nombre' | 'tipoMascota' | 'nota' | 'pasos' | 'activo';
export type UserHistoryField =
  'name' | 'lastname' | 'mail' | 'rol' | 'rolOrganizacion' | 'permisos' | 'color' | 'desactivado' | 'contrasena' | 'dosPasos' | 'codigosRespaldo';
export type CustomFieldHistoryField =
  'entidad' | 'clave' | 'etiqueta' | 'tipo' | 'opciones' | 'especies' | 'obligatorio' | 'publico' | 'sensible' | 'ayuda' | 'orden' | 'archivado';
export type TemplateHistoryField = 'asunto' | 'cuerpo' | 'activa';
export type MessageHistoryField = 'canal' | 'plantilla' | 'asunto' | 'estado' | 'intentos' | 'error' | 'destinatario';
export type OrganizationHistoryField =
  | 'nombre'
  | 'email'
  | 'telefono'
  | 'direccion'
  | 'web'
  | 'zonaHoraria'
  | 'nif'
  | 'ley49'
  | 'registroEntidades'
  | 'nucleoZoologico'
  | 'acreedorSepa'
  | 'ibanAcreedor'
  | 'contactoAcogidaVoluntariado';
export type FollowupHistoryField =
  'tipo' | 'mascotaId' | 'personaId' | 'vence' | 'estado' | 'canal' | 'recordado' | 'comoVa' | 'fotos' | 'atendido' | 'galeria';
export type PersonHistoryField =
  | 'origen'
  | 'nombre'
  | 'apellidos'
  | 'email'
  | 'telefono'
  | 'documento'
  | 'nif'
  | 'ciudad'
  | 'direccion'
  | 'codigoPostal'
  | 'pais'
  | 'roles'
  | 'bloqueado'
  | 'motivoBloqueo'
  | 'consentimientoEmail'
  | 'consentimientoWhatsapp'
  | 'fusionadaCon'
  | 'fusionadaEn'
  | 'duplicadoDescartado'
  | 'movimiento'
  | 'mascota'
  | 'fichaAcogida'
  /** One of the organisation's own fields (DESIGN section 21), by its key. */
  | `campos.${string}`;

export type HistoryEventInput = { actor: HistoryActor } & (
  | { entidad: 'mascota'; entidadId: number; accion: 'crear' | 'modificar' | 'eliminar' | 'restaurar' | 'estado'; cambios?: Changes<PetHistoryField> }
  | { entidad: 'solicitud_adopcion'; entidadId: number; accion: 'crear' | 'modificar' | 'estado'; cambios?: Changes<AdoptionRequestHistoryField> }
  | { entidad: 'solicitud_publicacion'; entidadId: number; accion: 'crear' | 'estado'; cambios?: Changes<PublicationRequestHistoryField> }
  | { entidad: 'enlace'; entidadId: string; accion: 'crear' | 'modificar' | 'estado'; cambios?: Changes<LinkHistoryField> }
  | { entidad: 'paquete'; entidadId: number; accion: 'crear' | 'modificar' | 'estado'; cambios?: Changes<PackageHistoryField> }
  | {
      entidad: 'rol';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'eliminar';
      cambios?: Changes<'nombre' | 'basadoEn' | 'capacidades' | 'enmascarar'>;
    }
  | {
      entidad: 'campo_propio';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'estado';
      cambios?: Changes<CustomFieldHistoryField>;
    }
  | { entidad: 'usuario'; entidadId: string; accion: 'crear' | 'modificar' | 'estado' | 'eliminar'; cambios?: Changes<UserHistoryField> }
  | { entidad: 'registro_salud'; entidadId: number; accion: 'crear' | 'modificar' | 'estado' | 'eliminar'; cambios?: Changes<CareRecordHistoryField> }
  | { entidad: 'protocolo'; entidadId: number; accion: 'crear' | 'modificar'; cambios?: Changes<ProtocolHistoryField> }
  | { entidad: 'plantilla'; entidadId: string; accion: 'modificar'; cambios?: Changes<TemplateHistoryField> }
  | { entidad: 'mensaje'; entidadId: number; accion: 'enviar' | 'estado'; cambios?: Changes<MessageHistoryField> }
  | { entidad: 'organizacion'; entidadId: string; accion: 'modificar'; cambios?: Changes<OrganizationHistoryField> }
  | {
      entidad: 'persona';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'fusionar' | 'anonimizar' | 'eliminar';
      cambios?: Changes<PersonHistoryField>;
    }
  | { entidad: 'enlace_portal'; entidadId: number; accion: 'crear' | 'estado'; cambios?: Changes<'personaId' | 'venceEn' | 'revocado'> }
  | { entidad: 'novedad_acogida'; entidadId: number; accion: 'crear' | 'estado'; cambios?: Changes<'estado' | 'mascotaId' | 'personaId' | 'fotos'> }
  | {
      entidad: 'documento';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'estado' | 'enviar' | 'firmar';
      cambios?: Changes<DocumentHistoryField>;
    }
  | {
      entidad: 'cuota_adopcion';
      entidadId: number;
      accion: 'crear' | 'modificar';
      cambios?: Changes<'cuota' | 'metodoPago' | 'pagado' | 'fechaPago' | 'referencia'>;
    }
  | { entidad: 'seguimiento'; entidadId: number; accion: 'crear' | 'enviar' | 'estado'; cambios?: Changes<FollowupHistoryField> }
  | { entidad: 'cuota'; entidadId: number; accion: 'crear' | 'estado' | 'modificar' | 'enviar'; cambios?: Changes<FeeHistoryField> }
  | {
      entidad: 'certificado_donaciones';
      entidadId: number;
      accion: 'crear' | 'enviar' | 'estado';
      cambios?: Changes<'personaId' | 'anio' | 'estado' | 'importe' | 'mensajeId' | 'motivo'>;
    }
  | { entidad: 'donativo'; entidadId: number; accion: 'crear' | 'estado' | 'modificar'; cambios?: Changes<GiftHistoryField> }
  // `enviar`: the year's modelo 182 presented to the AEAT (entidadId: the presentation).
  | {
      entidad: 'modelo_182';
      entidadId: number;
      accion: 'enviar';
      cambios?: Changes<'anio' | 'presentadaEn' | 'justificante' | 'tipo' | 'justificanteAnterior' | 'numero' | 'importeTotal'>;
    }
  | { entidad: 'remesa'; entidadId: number; accion: 'crear'; cambios?: Changes<'fechaCobro' | 'numero' | 'importeTotal' | 'estado' | 'excluidas'> }
  // `enviar`: a read through the link (what it showed: `lectura` 'libro' or 'mascota', with `mascotaId`).
  | {
      entidad: 'inspeccion';
      entidadId: number;
      accion: 'crear' | 'estado' | 'enviar';
      cambios?: Changes<'nombre' | 'organismo' | 'venceEn' | 'revocada' | 'lectura' | 'mascotaId'>;
    }
  | {
      entidad: 'suscripcion_informe';
      entidadId: number;
      accion: 'crear' | 'eliminar' | 'enviar';
      cambios?: Changes<'clave' | 'periodicidad' | 'usuarioId' | 'enviadoHasta' | 'mensajeId'>;
    }
  | {
      entidad: 'voluntariado';
      entidadId: number;
      accion: 'crear' | 'modificar';
      cambios?: Changes<'tareas' | 'disponibilidad' | 'formacion' | 'acuerdoDocumentoId'>;
    }
  | {
      entidad: 'turno';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'eliminar';
      cambios?: Changes<'tarea' | 'inicio' | 'fin' | 'plazas' | 'lugar' | 'notas' | 'plantillaId'>;
    }
  | {
      entidad: 'plantilla_turnos';
      entidadId: number;
      accion: 'crear' | 'modificar';
      cambios?: Changes<'tarea' | 'diasSemana' | 'horaInicio' | 'horaFin' | 'plazas' | 'desde' | 'hasta' | 'lugar' | 'turnos'>;
    }
  | { entidad: 'turno_apuntado'; entidadId: number; accion: 'crear' | 'estado'; cambios?: Changes<'turnoId' | 'personaId' | 'estado' | 'horas'> }
  | { entidad: 'enlace_voluntariado'; entidadId: number; accion: 'crear' | 'estado'; cambios?: Changes<'personaId' | 'venceEn' | 'revocado'> }
  | {
      entidad: 'oferta_acogida';
      entidadId: number;
      accion: 'crear' | 'estado';
      cambios?: Changes<'petId' | 'personaId' | 'canal' | 'venceEn' | 'revocado' | 'respuesta' | 'colocada'>;
    }
  | {
      entidad: 'cesion';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'estado' | 'enviar';
      cambios?: Changes<
        | 'estado'
        | 'motivoDecision'
        | 'notas'
        | 'urgencia'
        | 'especie'
        | 'nombreAnimal'
        | 'fotos'
        | 'personaId'
        | 'mascotaId'
        | 'mensajeId'
        | 'canal'
        | 'plantilla'
        | 'asunto'
      >;
    }
  | {
      entidad: 'aviso';
      entidadId: number;
      accion: 'crear' | 'modificar' | 'estado';
      cambios?: Changes<'tipo' | 'especie' | 'estado' | 'descripcion' | 'venceEn' | 'fotos' | 'municipio'>;
    }
);

/** A fee's fields in its history (the IBAN masked, as everywhere but the bank file). */
export type FeeHistoryField =
  | 'personaId'
  | 'tipo'
  | 'importe'
  | 'periodicidad'
  | 'desde'
  | 'hasta'
  | 'mascotaId'
  | 'metodoPago'
  | 'iban'
  | 'mandato'
  | 'bic'
  | 'domicilioDeudor'
  | 'estado'
  | 'bajaMotivo'
  | 'recibirNovedades'
  | 'decisionPendiente'
  | 'plantilla'
  | 'mensajeId';
export type GiftHistoryField =
  | 'personaId'
  | 'importe'
  | 'fecha'
  | 'metodo'
  | 'concepto'
  | 'cuotaId'
  | 'mascotaId'
  | 'referencia'
  | 'estado'
  | 'anuladoMotivo'
  | 'iban'
  | 'mandato'
  | 'origen'
  | 'remesaId'
  | 'motivo'
  | 'deducible';

export type DocumentHistoryField =
  | 'estado'
  | 'tipo'
  | 'solicitudId'
  | 'cesionId'
  | 'movimientoId'
  | 'mascotaId'
  | 'personaId'
  | 'sha256'
  | 'firmadoSha256'
  | 'canal'
  | 'venceEn'
  | 'firmante'
  | 'presencial'
  | 'presente'
  | 'ip'
  | 'enlaceBloqueado';

/** A member of staff as the actor of a change (their name as it is now is kept with the event). */
export function userActor(user: Pick<SessionUser, 'id' | 'name' | 'lastname'> | { id: string; name?: string; lastname?: string }): HistoryActor {
  const nombre = `${user.name ?? ''} ${user.lastname ?? ''}`.trim();
  return { tipo: 'usuario', id: user.id, ...(nombre ? { nombre } : {}) };
}

/** Work the server does by itself (the materialisation of due publications, start-up). */
export const systemActor: HistoryActor = { tipo: 'sistema' };

/** A stranger using a public form, named as they wrote it. */
export function publicActor(nombre: string): HistoryActor {
  return { tipo: 'publico', nombre };
}

/** A rescuer registering through a link, named by the link's recipient (never the link's token). */
export function linkActor(destinatario: string): HistoryActor {
  return { tipo: 'enlace', nombre: destinatario };
}

/** A value as kept in `cambios`: dates as ISO text, everything else as JSON has it. */
export function historyValue(value: unknown): HistoryValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(historyValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, historyValue(v)]));
  // A bigint is kept as its text; a symbol or a function is never a field of a record.
  return typeof value === 'bigint' ? value.toString() : null;
}

/** The fields of `after` whose value differs from `before`, each as [antes, despues]; only `fields` are compared. */
export function changedFields<F extends string>(
  before: Partial<Record<F, unknown>>,
  after: Partial<Record<F, unknown>>,
  fields: readonly F[],
): Changes<F> {
  const changes: Changes<F> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    // An empty text and no value read the same to a person: not a change.
    const a = historyValue(before[field] === '' ? null : before[field]);
    const b = historyValue(after[field] === '' ? null : after[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}

/** True when `changes` names at least one field. */
export const hasChanges = (changes: object): boolean => Object.keys(changes).length > 0;
