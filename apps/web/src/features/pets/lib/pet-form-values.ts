import {
  PET_GENDERS,
  PET_SIZES,
  PET_TYPES,
  PUBLICATION_STATES,
  instantToWallTime,
  petFieldsSchema,
  petMessages,
  wallTimeToInstant,
  type PetFields,
  type PetFieldsInput,
  type CustomFieldValues,
} from '@refugio/contracts';
import { z } from 'zod';
import { camposOf, toCustomFieldFormValues, type CustomFieldFormValues } from '../../../lib/custom-fields';
import { encodeFlag } from '../../../lib/wire-encodings';
import type { PetView } from '../api/pet-view';
import { isRealFile } from './media-rules';
import { serializeTags } from './tags';

/**
 * The edit form's values: the multipart text fields of `actualizar` / `nueva`, as strings, so that
 * `petFieldsSchema` (the server's own schema) validates the form too. `tags` is the JSON text of the list;
 * `fechaingreso` is what the date picker holds ('YYYY-MM-DD', or the loaded 'YYYY-MM-DD HH:MM:SS'). `campos` holds
 * the organisation's own fields as their inputs do (`CustomFieldFormValues`); the save sends them as JSON text.
 */
export type PetFormValues = Omit<PetFieldsInput, 'campos'> & { campos?: CustomFieldFormValues };

/** Form values with every field the form shows filled in (what the form starts from). */
export type PetFormDefaults = Required<
  Pick<
    PetFieldsInput,
    | 'nombre'
    | 'edad'
    | 'tipo'
    | 'genero'
    | 'tamano'
    | 'discapacidad'
    | 'adoptado'
    | 'fechaingreso'
    | 'personalidad'
    | 'historia'
    | 'tags'
    | 'estado'
    | 'publicarEn'
    | 'version'
    | 'raza'
    | 'color'
    | 'fechaNacimiento'
    | 'fechaNacimientoAprox'
    | 'microchip'
    | 'esterilizado'
    | 'fechaEsterilizacion'
    | 'procedencia'
    | 'procedenciaDetalle'
  >
> & { campos: CustomFieldFormValues };

/** The fields that the form shows, in order: where the server's field errors can go. */
export const petFormFields = [
  'nombre',
  'edad',
  'tipo',
  'genero',
  'tamano',
  'discapacidad',
  'historia',
  'personalidad',
  'fechaingreso',
  'adoptado',
  'tags',
  'estado',
  'publicarEn',
  'raza',
  'color',
  'fechaNacimiento',
  'fechaNacimientoAprox',
  'microchip',
  'esterilizado',
  'fechaEsterilizacion',
  'procedencia',
  'procedenciaDetalle',
] as const satisfies readonly (keyof PetFormDefaults)[];

function oneOf<T extends string>(options: readonly T[], value: string, fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The form's schema: the server's `petFieldsSchema` plus the publication rules of /borradores. The form holds
 * `publicarEn` as the wall time of the organisation's time zone ('YYYY-MM-DD HH:mm:ss', what the picker shows,
 * whatever the device's zone): it becomes the instant it means there (ISO 8601) before the server's schema reads
 * it. A programmed pet needs a date and time, not in the past (`now` is read when the form is checked).
 */
export function petFormSchema(timeZone: string) {
  return (
    z
      .custom<PetFormValues>()
      // The own fields are checked apart, against their definitions (`checkCustomFieldValues`), and sent as JSON text.
      .transform(({ campos: _campos, ...values }) =>
        values.publicarEn ? { ...values, publicarEn: wallTimeToInstant(values.publicarEn, timeZone)?.toISOString() ?? 'no válida' } : values,
      )
      .pipe(petFieldsSchema)
      .superRefine((fields, ctx) => {
        if (fields.estado !== 'programada') return;
        if (!fields.publicarEn) ctx.addIssue({ code: 'custom', path: ['publicarEn'], message: petMessages.scheduleRequired });
        else if (new Date(fields.publicarEn).getTime() < Date.now())
          ctx.addIssue({ code: 'custom', path: ['publicarEn'], message: petMessages.schedulePast });
      })
  );
}

/** A new pet: type Perro, gender macho, size mediano, no disability, not adopted, entered today. */
export function newPetFormValues(today: string): PetFormDefaults {
  return {
    nombre: '',
    edad: '',
    tipo: 'Perro',
    genero: 'macho',
    tamano: 'mediano',
    discapacidad: '0',
    adoptado: '0',
    fechaingreso: today,
    personalidad: '',
    historia: '',
    tags: '[]',
    estado: 'borrador',
    publicarEn: '',
    version: '',
    raza: '',
    color: '',
    fechaNacimiento: '',
    fechaNacimientoAprox: '0',
    microchip: '',
    esterilizado: 'desconocido',
    fechaEsterilizacion: '',
    procedencia: '',
    procedenciaDetalle: '',
    campos: {},
  };
}

/**
 * The loaded pet as form values; its version is what the save sends back, to detect concurrent edits. Its
 * publication time is shown as the wall time of the organisation's `timeZone`.
 */
export function petToFormValues(pet: PetView, timeZone: string): PetFormDefaults {
  return {
    nombre: pet.nombre,
    edad: pet.edad,
    tipo: oneOf(PET_TYPES, pet.tipo, 'Perro'),
    genero: oneOf(PET_GENDERS, pet.genero, 'macho'),
    tamano: oneOf(PET_SIZES, pet.tamano, 'mediano'),
    discapacidad: encodeFlag(pet.discapacidad),
    adoptado: encodeFlag(pet.adoptado),
    fechaingreso: pet.fechaingreso,
    personalidad: pet.personalidad,
    historia: pet.historia,
    tags: serializeTags(pet.tags),
    // The effective state: a programmed pet whose time has passed reads 'publicada'.
    estado: oneOf(PUBLICATION_STATES, pet.estado, 'borrador'),
    publicarEn: pet.estado === 'programada' && pet.publicarEn ? instantToWallTime(new Date(pet.publicarEn), timeZone) : '',
    version: String(pet.version),
    raza: pet.raza,
    color: pet.color,
    fechaNacimiento: pet.fechaNacimiento,
    fechaNacimientoAprox: pet.fechaNacimientoAprox ? '1' : '0',
    microchip: pet.microchip,
    esterilizado: pet.esterilizado,
    fechaEsterilizacion: pet.fechaEsterilizacion,
    procedencia: pet.procedencia,
    procedenciaDetalle: pet.procedenciaDetalle,
    campos: toCustomFieldFormValues(camposOf(pet)),
  };
}

/**
 * The multipart body of `POST /phpApi/mascota/{id}/actualizar` (and `nueva`): SPEC section 7's fields,
 * the publication state (`estado`, and `publicarEn` as ISO 8601 for a programmed pet), `tags` as JSON text, `version` when editing, and `image` only when a new main image was chosen.
 * `campos` (the organisation's own fields the form shows, `null` clearing one) goes as JSON text when given.
 */
export function buildPetFormData(fields: PetFields, mainImage: File | null, campos?: CustomFieldValues): FormData {
  const body = new FormData();
  body.append('nombre', fields.nombre);
  body.append('edad', fields.edad);
  body.append('tipo', fields.tipo);
  body.append('genero', fields.genero);
  body.append('tamano', fields.tamano);
  body.append('discapacidad', fields.discapacidad);
  body.append('fechaingreso', fields.fechaingreso);
  body.append('personalidad', fields.personalidad);
  body.append('historia', fields.historia);
  body.append('adoptado', fields.adoptado);
  body.append('tags', serializeTags(fields.tags));
  if (fields.estado !== undefined) {
    body.append('estado', fields.estado);
    // Only a programmed pet keeps a date; any other state clears it.
    body.append('publicarEn', fields.estado === 'programada' && fields.publicarEn ? fields.publicarEn : '');
  }
  // Identity (DESIGN 11): always sent by this form, so '' clears a field; a sterilisation date only when sterilised.
  body.append('raza', fields.raza ?? '');
  body.append('color', fields.color ?? '');
  body.append('fechaNacimiento', fields.fechaNacimiento ?? '');
  body.append('fechaNacimientoAprox', fields.fechaNacimientoAprox ?? '0');
  body.append('microchip', fields.microchip ?? '');
  body.append('esterilizado', fields.esterilizado ?? 'desconocido');
  body.append('fechaEsterilizacion', fields.esterilizado === 'si' ? (fields.fechaEsterilizacion ?? '') : '');
  body.append('procedencia', fields.procedencia ?? '');
  body.append('procedenciaDetalle', fields.procedenciaDetalle ?? '');
  if (campos !== undefined && Object.keys(campos).length > 0) body.append('campos', JSON.stringify(campos));
  if (fields.version !== undefined) body.append('version', String(fields.version));
  if (isRealFile(mainImage)) body.append('image', mainImage, mainImage.name);
  return body;
}
