import { type Procedencia, formatKg, petFormMessages, procedenciaLabels, sterilisedLabels } from '@refugio/contracts';
import type { PetView } from '../api/pet-view';

const dayFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day ('YYYY-MM-DD') as Spanish text, never shifted by the device's time zone. */
function day(value: string): string {
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date).replace('.', '');
}

/** "941 000 012 345 678": a microchip read in groups, as on its certificate. */
export function formatMicrochip(value: string): string {
  return /^\d{15}$/.test(value) ? `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9, 12)} ${value.slice(12)}` : value;
}

/** "Cesión de su propietario: su dueña se mudó", or "Sin indicar" for a pet whose origin was never recorded. */
export function procedenciaText(procedencia: Procedencia | '', detalle: string): string {
  if (procedencia === '') return detalle ? `${petFormMessages.procedenciaSinIndicar} (${detalle})` : petFormMessages.procedenciaSinIndicar;
  return detalle ? `${procedenciaLabels[procedencia]}: ${detalle}` : procedenciaLabels[procedencia];
}

/** Producto's identity rows: breed, colour, birth date, microchip, sterilised and the latest weight ('—' when unknown). */
export function identityRows(pet: PetView): [string, string][] {
  const unknown = '—';
  const birth = pet.fechaNacimiento ? `${day(pet.fechaNacimiento)}${pet.fechaNacimientoAprox ? ' (aproximada)' : ''}` : unknown;
  const sterilised =
    pet.esterilizado === 'si' && pet.fechaEsterilizacion
      ? `${sterilisedLabels.si}, el ${day(pet.fechaEsterilizacion)}`
      : pet.esterilizado === 'desconocido'
        ? 'No se sabe'
        : sterilisedLabels[pet.esterilizado];
  return [
    [petFormMessages.raza, pet.raza || unknown],
    [petFormMessages.color, pet.color || unknown],
    [petFormMessages.fechaNacimiento, birth],
    [petFormMessages.microchip, pet.microchip ? formatMicrochip(pet.microchip) : 'Sin microchip'],
    [petFormMessages.esterilizado, sterilised],
    [petFormMessages.pesoKg, pet.pesoKg === null ? petFormMessages.pesoSinDatos : formatKg(pet.pesoKg)],
    [petFormMessages.procedencia, procedenciaText(pet.procedencia, pet.procedenciaDetalle)],
  ];
}
