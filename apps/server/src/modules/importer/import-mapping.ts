import { IMPORT_FIELDS, type ImportType, importFieldLabels, importMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });

/**
 * Checks a chosen mapping against the file's columns and the type's fields (400 in Spanish); `own`: the targets
 * `campo.<clave>` of the entity's active own fields.
 */
export function checkMapping(
  tipo: ImportType,
  columnas: string[],
  mapeo: Record<string, string>,
  zipped: boolean,
  own: readonly { campo: string; etiqueta: string }[] = [],
): Record<string, string> {
  const fields = new Set<string>([...IMPORT_FIELDS[tipo], ...own.map((f) => f.campo)]);
  const ownLabels = new Map(own.map((f) => [f.campo, f.etiqueta]));
  const used = new Set<string>();
  const clean: Record<string, string> = {};
  for (const [columna, campo] of Object.entries(mapeo)) {
    if (!columnas.includes(columna)) throw invalid('mapeo', importMessages.columnUnknown(columna));
    if (campo === '') continue;
    if (!fields.has(campo)) throw invalid('mapeo', importMessages.fieldUnknown(campo));
    const label = ownLabels.get(campo) ?? importFieldLabels[campo as keyof typeof importFieldLabels];
    if (used.has(campo)) throw invalid('mapeo', importMessages.fieldTwice(label));
    used.add(campo);
    clean[columna] = campo;
  }
  const requiredOf = { cuidados: ['cuidado', 'fecha'], donativos: ['fecha', 'importe'] } as const;
  for (const required of tipo === 'cuidados' || tipo === 'donativos' ? requiredOf[tipo] : (['nombre'] as const))
    if (!used.has(required)) throw invalid('mapeo', importMessages.fieldRequired(importFieldLabels[required]));
  if (tipo === 'cuidados' && !used.has('microchip') && !used.has('id') && !used.has('codigo')) throw invalid('mapeo', importMessages.petKeyRequired);
  if (tipo === 'mascotas' && !used.has('tipo')) throw invalid('mapeo', importMessages.fieldRequired(importFieldLabels.tipo));
  if (used.has('foto') && !zipped) throw invalid('mapeo', importMessages.photosNeedZip);
  if (tipo === 'personas' && !used.has('email') && !used.has('telefono') && !used.has('movil'))
    throw invalid('mapeo', importMessages.contactRequired);
  return clean;
}
