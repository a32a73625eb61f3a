import { PROCEDENCIAS, type Procedencia, type RegisterBookDestino, type RegisterBookLine } from '@refugio/contracts';

/*
 * The stays of one animal, derived from its record and its movements (DESIGN section 16), pure so that the writes
 * (one pet, in its change's transaction), the backfill (every pet at once) and the reads (open lines) agree.
 *
 * - A stay starts at an `ingreso` movement, or at the pet's own fechaIngreso (its creation day without one) when its
 *   first movement is not an `ingreso` (a pet registered before movements existed, or created through the API).
 * - A return (`devolucion`) of an adoption starts a new stay (procedencia `cesion`, "Devolución de adopción"); the
 *   return of a foster placement does not: a fostered animal is still in the shelter's care.
 * - It ends with an `adopcion`, a `traslado` or a `fallecimiento`. A `traslado` of an animal that came in lost
 *   (`extraviado`) to a person is the owner recovering it: destino `devolucion_propietario`.
 */

export interface StayPet {
  id: number;
  tipo: string;
  raza: string;
  genero: string;
  color: string;
  microchip: string | null;
  fechaNacimiento: string | null;
  fechaIngreso: string | null;
  procedencia: string | null;
  procedenciaDetalle: string;
  createdAt: string;
}

export interface StayMovement {
  id: number;
  tipo: string;
  fecha: string;
  personaId: number | null;
  motivo: string;
  veterinario: string;
  procedencia: string | null;
  procedenciaDetalle: string;
  cerradaPor: number | null;
}

export interface StayCare {
  tipo: string;
  nombre: string;
  fecha: string;
  veterinario: string;
}

export interface StayPerson {
  nombre: string;
  nif: string;
  direccion: string;
}

export interface PetRecord {
  pet: StayPet;
  movements: StayMovement[];
  care: StayCare[];
  persons: Map<number, StayPerson>;
}

/** A line's content without its place in the book (numero, rectifica, cerrada, hash). */
export type StayContent = Omit<RegisterBookLine, 'anio' | 'numero' | 'cerrada' | 'hash' | 'rectifica' | 'cadena' | 'hashAnterior'>;

export interface Stay {
  entrada: string;
  anio: number;
  cerrada: boolean;
  content: StayContent;
}

/** Return of an adoption, as the new stay's origin reads. */
export const RETURN_DETAIL = 'Devolución de adopción';

const asProcedencia = (value: string | null): Procedencia | null =>
  value && (PROCEDENCIAS as readonly string[]).includes(value) ? (value as Procedencia) : null;

interface OpenStay {
  entrada: string;
  fechaEntrada: string;
  procedencia: Procedencia | null;
  procedenciaDetalle: string;
}

function careDuring(care: readonly StayCare[], tipos: readonly string[], desde: string, hasta: string | null): StayCare[] {
  return care.filter((c) => tipos.includes(c.tipo) && c.fecha >= desde && (hasta === null || c.fecha <= hasta));
}

const listed = (records: readonly StayCare[]) => records.map((c) => `${c.fecha} ${c.nombre}`).join('; ');

function contentOf(record: PetRecord, stay: OpenStay, exit: StayMovement | null): StayContent {
  const { pet, care, persons } = record;
  const fechaSalida = exit?.fecha ?? null;
  let destino: RegisterBookDestino | null = null;
  if (exit?.tipo === 'adopcion') destino = 'adopcion';
  else if (exit?.tipo === 'fallecimiento') destino = 'fallecimiento';
  else if (exit?.tipo === 'traslado') destino = stay.procedencia === 'extraviado' && exit.personaId !== null ? 'devolucion_propietario' : 'traslado';
  const person = exit && exit.tipo !== 'fallecimiento' && exit.personaId !== null ? persons.get(exit.personaId) : undefined;
  const vacunas = careDuring(care, ['vacuna'], stay.fechaEntrada, fechaSalida);
  const tratamientos = careDuring(
    care,
    ['tratamiento', 'desparasitacion_interna', 'desparasitacion_externa', 'cirugia', 'esterilizacion'],
    stay.fechaEntrada,
    fechaSalida,
  );
  const vets = [...new Set([...vacunas, ...tratamientos].map((c) => c.veterinario.trim()).filter(Boolean))];
  return {
    mascotaId: pet.id,
    fechaEntrada: stay.fechaEntrada,
    procedencia: stay.procedencia,
    procedenciaDetalle: stay.procedenciaDetalle,
    especie: pet.tipo,
    raza: pet.raza,
    sexo: pet.genero,
    color: pet.color,
    microchip: pet.microchip,
    fechaNacimiento: pet.fechaNacimiento,
    fechaSalida,
    destino,
    destinatario: person ? { nombre: person.nombre, nif: person.nif, direccion: person.direccion } : null,
    causaMuerte: exit?.tipo === 'fallecimiento' ? exit.motivo : null,
    vacunas: listed(vacunas),
    tratamientos: listed(tratamientos),
    veterinario: exit?.tipo === 'fallecimiento' && exit.veterinario.trim() ? exit.veterinario.trim() : vets.join('; '),
  };
}

/** The stays of one animal, in order of entry. */
export function staysOf(record: PetRecord): Stay[] {
  const { pet } = record;
  const movements = [...record.movements].sort((a, b) => (a.fecha === b.fecha ? a.id - b.id : a.fecha < b.fecha ? -1 : 1));
  const adoptionsClosedBy = new Set(movements.filter((m) => m.tipo === 'adopcion' && m.cerradaPor !== null).map((m) => m.cerradaPor));
  const stays: Stay[] = [];
  let open: OpenStay | null = null;
  const close = (exit: StayMovement | null) => {
    if (!open) return;
    stays.push({
      entrada: open.entrada,
      anio: Number(open.fechaEntrada.slice(0, 4)),
      cerrada: exit !== null,
      content: contentOf(record, open, exit),
    });
    open = null;
  };
  if (movements[0]?.tipo !== 'ingreso') {
    open = {
      entrada: 'p',
      fechaEntrada: (pet.fechaIngreso ?? pet.createdAt).slice(0, 10),
      procedencia: asProcedencia(pet.procedencia),
      procedenciaDetalle: pet.procedenciaDetalle,
    };
  }
  for (const m of movements) {
    if (m.tipo === 'ingreso' && !open) {
      open = { entrada: `m${m.id}`, fechaEntrada: m.fecha, procedencia: asProcedencia(m.procedencia), procedenciaDetalle: m.procedenciaDetalle };
    } else if (m.tipo === 'devolucion' && !open && adoptionsClosedBy.has(m.id)) {
      open = { entrada: `d${m.id}`, fechaEntrada: m.fecha, procedencia: 'cesion', procedenciaDetalle: RETURN_DETAIL };
    } else if ((m.tipo === 'adopcion' || m.tipo === 'traslado' || m.tipo === 'fallecimiento') && open) {
      close(m);
    }
  }
  close(null);
  return stays;
}

/** The fields whose change after closing appends a rectification line (the animal's identity and the stay's facts). */
const RECTIFIED_FIELDS = [
  'fechaEntrada',
  'procedencia',
  'procedenciaDetalle',
  'especie',
  'raza',
  'sexo',
  'color',
  'microchip',
  'fechaNacimiento',
  'fechaSalida',
  'destino',
  'causaMuerte',
] as const satisfies readonly (keyof StayContent)[];

export function needsRectification(frozen: StayContent, current: StayContent): boolean {
  return RECTIFIED_FIELDS.some((field) => (frozen[field] ?? null) !== (current[field] ?? null));
}
