import { petBatchUiMessages, type PetBatchResult } from '@refugio/contracts';

export interface PetBatchSummary {
  /** One sentence, e.g. "12 publicadas, 1 no se pudo: cambiada por otra persona". */
  text: string;
  /** The pets not changed, by name, with why. */
  failures: { id: number; nombre: string; message: string }[];
  /** The pets this request changed, with their new version (to undo a delete). */
  changed: { id: number; version: number }[];
}

/** What a bulk action did, for the summary the person sees after it. */
export function summarizePetBatch(result: PetBatchResult): PetBatchSummary {
  const changed = result.resultados.flatMap((r) => (r.ok && !r.sinCambios ? [{ id: r.id, version: r.version }] : []));
  const unchanged = result.resultados.filter((r) => r.ok && r.sinCambios).length;
  const failures = result.resultados.flatMap((r) =>
    r.ok ? [] : [{ id: r.id, nombre: r.nombre ?? petBatchUiMessages.unknownPet(r.id), message: r.message }],
  );
  const parts: string[] = [];
  if (changed.length > 0) parts.push(petBatchUiMessages.done[result.accion](changed.length));
  if (unchanged > 0) parts.push(petBatchUiMessages.unchanged(unchanged));
  if (failures.length > 0) {
    const reasons = new Set(failures.map((f) => f.message));
    const [only] = reasons;
    parts.push(reasons.size === 1 && only ? `${petBatchUiMessages.failed(failures.length)}: ${only}` : petBatchUiMessages.failed(failures.length));
  }
  return { text: parts.length > 0 ? parts.join(', ') : petBatchUiMessages.summaryNothing, failures, changed };
}
