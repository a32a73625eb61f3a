import {
  type Procedencia,
  type PublicationState,
  type Sterilised,
  formatFechaIngreso,
  petFormMessages,
  procedenciaLabels,
  sterilisedLabels,
} from '@refugio/contracts';
import dayjs from 'dayjs';
import { decodeFlag } from '../../../lib/wire-encodings';
import { estadoLabels } from './pet-display';
import { petFormFields, type PetFormValues } from './pet-form-values';
import { parseTagsText } from './tags';

export type ConflictField = (typeof petFormFields)[number];

/** One field whose typed value differs from the newest saved one. */
export interface FieldConflict {
  field: ConflictField;
  label: string;
  /** The values as the form holds them (what is put back in the form). */
  mine: string;
  theirs: string;
  /** The values as a person reads them ('Sí', a tag list, a date). */
  mineText: string;
  theirsText: string;
  /** Whether the person had changed this field before saving: their value is offered first. */
  edited: boolean;
}

const labels: Record<ConflictField, string> = {
  nombre: petFormMessages.nombre,
  edad: petFormMessages.edad,
  tipo: petFormMessages.tipo,
  genero: petFormMessages.genero,
  tamano: petFormMessages.tamano,
  discapacidad: petFormMessages.discapacidad,
  historia: petFormMessages.historia,
  personalidad: petFormMessages.personalidad,
  fechaingreso: petFormMessages.fechaingreso,
  adoptado: petFormMessages.adoptado,
  tags: 'Etiquetas',
  estado: petFormMessages.estado,
  publicarEn: petFormMessages.publicarEn,
  raza: petFormMessages.raza,
  color: petFormMessages.color,
  fechaNacimiento: petFormMessages.fechaNacimiento,
  fechaNacimientoAprox: petFormMessages.fechaNacimientoAprox,
  microchip: petFormMessages.microchip,
  esterilizado: petFormMessages.esterilizado,
  fechaEsterilizacion: petFormMessages.fechaEsterilizacion,
  procedencia: petFormMessages.procedencia,
  procedenciaDetalle: petFormMessages.procedenciaDetalle,
};

const asText = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value));

/** A value compared by meaning: the same tags in JSON spelt differently, or a date with or without its time, are equal. */
function comparable(field: ConflictField, value: string): string {
  if (field === 'tags') return JSON.stringify(parseTagsText(value));
  if (field === 'fechaingreso') return formatFechaIngreso(value).slice(0, 10);
  if (field === 'nombre' || field === 'edad') return value.trim();
  if (field === 'publicarEn') return value === '' ? '' : String(new Date(value).getTime());
  return value;
}

function readable(field: ConflictField, value: string): string {
  let text = value;
  if (field === 'tags') text = parseTagsText(value).join(', ');
  else if (field === 'fechaingreso') text = formatFechaIngreso(value).slice(0, 10);
  else if (field === 'estado') text = estadoLabels[value as PublicationState] ?? value;
  else if (field === 'publicarEn') text = value === '' ? '' : dayjs(value).format('DD/MM/YYYY HH:mm');
  else if (field === 'esterilizado') text = sterilisedLabels[value as Sterilised] ?? value;
  else if (field === 'procedencia') text = procedenciaLabels[value as Procedencia] ?? value;
  else if (field === 'discapacidad' || field === 'adoptado' || field === 'fechaNacimientoAprox')
    text = decodeFlag(value) ? petFormMessages.flagYes : petFormMessages.flagNo;
  return text.trim() === '' ? petFormMessages.conflictEmptyValue : text;
}

/**
 * The fields whose typed value (`mine`) differs from the newest saved version (`latest`), in the form's order.
 * `edited` says which fields the person had changed (react-hook-form's dirty fields).
 */
export function diffPetFormValues(mine: PetFormValues, latest: PetFormValues, edited: Partial<Record<string, unknown>> = {}): FieldConflict[] {
  return petFormFields.flatMap((field): FieldConflict[] => {
    const a = asText(mine[field]);
    const b = asText(latest[field]);
    if (comparable(field, a) === comparable(field, b)) return [];
    return [
      {
        field,
        label: labels[field],
        mine: a,
        theirs: b,
        mineText: readable(field, a),
        theirsText: readable(field, b),
        edited: Boolean(edited[field]),
      },
    ];
  });
}
