import { z } from 'zod';
import { CUSTOM_FIELD_TYPES } from './field-values';
import { oneLineText } from './text';

/*
 * Importing what the shelter already has (DESIGN section 18): `POST /api/importaciones` reads a spreadsheet and
 * suggests a mapping, `PUT /api/importaciones/{id}/mapeo` answers a dry run, `POST .../confirmar` imports it as a job,
 * `GET /api/importaciones/{id}` follows it and `POST .../deshacer` removes what it created.
 */

export const IMPORT_TYPES = ['mascotas', 'personas', 'cuidados', 'donativos'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
/** The types this version imports; the others answer 400 with `importMessages.typeNotYet`. */
export const IMPORT_TYPES_READY = ['mascotas', 'personas', 'cuidados', 'donativos'] as const satisfies readonly ImportType[];

export const IMPORT_STATES = ['analizada', 'en_curso', 'terminada', 'fallida', 'deshecha'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const IMPORT_DATE_FORMATS = ['dd/mm/aaaa', 'aaaa-mm-dd', 'mm/dd/aaaa'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** Upload budget of one spreadsheet (the file as sent). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Upload budget of a .zip holding one spreadsheet and its photos. */
export const IMPORT_ZIP_MAX_BYTES = 200 * 1024 * 1024;
/** At most this many entries in such a .zip, and this many bytes unpacked. */
export const IMPORT_ZIP_MAX_ENTRIES = 5000;
export const IMPORT_ZIP_MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
/** At most this many data rows and columns in one file. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 200;
/** Rows shown as the preview of the mapping step. */
export const IMPORT_SAMPLE_ROWS = 5;

/** The fields a column may be mapped to, per type ('' = the column is left out). */
export const IMPORT_FIELDS = {
  mascotas: [
    'id',
    'codigo',
    'nombre',
    'tipo',
    'genero',
    'tamano',
    'edad',
    'fechaNacimiento',
    'fechaIngreso',
    'procedencia',
    'procedenciaDetalle',
    'microchip',
    'raza',
    'color',
    'discapacidad',
    'etiquetas',
    'personalidad',
    'historia',
    'foto',
  ],
  personas: ['codigo', 'nombre', 'apellidos', 'email', 'telefono', 'movil', 'documento', 'nif', 'direccion', 'ciudad', 'codigoPostal', 'rol'],
  cuidados: ['microchip', 'id', 'codigo', 'cuidado', 'producto', 'fecha', 'peso', 'lote', 'veterinario', 'notas'],
  donativos: ['codigo', 'nombre', 'apellidos', 'nif', 'email', 'telefono', 'fecha', 'importe', 'metodo', 'concepto', 'referencia'],
} as const satisfies Record<ImportType, readonly string[]>;
export type ImportField = (typeof IMPORT_FIELDS)[ImportType][number];

/**
 * A column may also go to one of the organisation's own fields (DESIGN section 21): the target `campo.<clave>`, for
 * the active fields of pets (`mascotas`) and of persons (`personas`).
 */
export const IMPORT_CUSTOM_FIELD_PREFIX = 'campo.';
export const importCustomFieldTarget = (clave: string) => `${IMPORT_CUSTOM_FIELD_PREFIX}${clave}`;
/** The entity whose own fields a type's columns may go to (none for care and gifts). */
export const importCustomFieldEntity = (tipo: ImportType): 'mascota' | 'persona' | null =>
  tipo === 'mascotas' ? 'mascota' : tipo === 'personas' ? 'persona' : null;

export const importFieldLabels: Record<ImportField, string> = {
  id: 'Nº en Refugio',
  codigo: 'Código propio del archivo',
  nombre: 'Nombre',
  tipo: 'Especie',
  genero: 'Sexo',
  tamano: 'Tamaño',
  edad: 'Edad',
  fechaNacimiento: 'Fecha de nacimiento',
  fechaIngreso: 'Fecha de entrada',
  procedencia: 'Procedencia',
  procedenciaDetalle: 'Detalle de la procedencia',
  microchip: 'Microchip',
  raza: 'Raza',
  color: 'Color',
  discapacidad: 'Discapacidad',
  etiquetas: 'Etiquetas',
  personalidad: 'Personalidad',
  historia: 'Historia',
  foto: 'Foto (nombre del archivo en el .zip)',
  cuidado: 'Tipo de cuidado',
  producto: 'Vacuna o producto',
  fecha: 'Fecha',
  peso: 'Peso (kg)',
  lote: 'Lote',
  veterinario: 'Veterinario/a',
  notas: 'Notas',
  apellidos: 'Apellidos',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  movil: 'Móvil',
  documento: 'DNI/NIE',
  nif: 'NIF (para Hacienda)',
  direccion: 'Dirección',
  ciudad: 'Ciudad',
  codigoPostal: 'Código postal',
  rol: 'Rol',
  importe: 'Importe (€)',
  metodo: 'Forma de pago',
  concepto: 'Concepto',
  referencia: 'Referencia o notas',
};

export const importTypeLabels: Record<ImportType, string> = {
  mascotas: 'Mascotas',
  personas: 'Personas',
  cuidados: 'Cuidados (vacunas, desparasitaciones, pesos)',
  donativos: 'Donativos',
};

export const importStateLabels: Record<ImportState, string> = {
  analizada: 'Analizada',
  en_curso: 'En curso',
  terminada: 'Terminada',
  fallida: 'Fallida',
  deshecha: 'Deshecha',
};

export const importMessages = {
  fileMissing: 'Elige la hoja de cálculo (.xlsx o .csv).',
  fileTooBig: 'El archivo ocupa más de 20 MB (un .zip con fotos, 200 MB): divídelo en varios.',
  oneFileOnly: 'Sube un solo archivo cada vez.',
  typeInvalid: 'Indica qué contiene el archivo: mascotas, personas, cuidados o donativos.',
  typeNotYet: (tipo: string) => `Importar ${tipo} aún no está disponible: de momento, mascotas, personas, cuidados y donativos.`,
  notFound: 'La importación no existe.',
  unknownExtension: 'El archivo debe ser .xlsx o .csv (guárdalo así desde tu hoja de cálculo), o un .zip con la hoja y sus fotos.',
  notZip: 'El archivo no es un .zip válido: comprímelo de nuevo.',
  zipNoSheet: 'El .zip no contiene ninguna hoja de cálculo (.xlsx o .csv).',
  zipManySheets: 'El .zip contiene más de una hoja de cálculo: deja solo una.',
  zipSymlink: 'El .zip contiene enlaces simbólicos: comprime las fotos mismas, no enlaces a ellas.',
  zipTooManyEntries: (max: number) => `El .zip tiene más de ${max} archivos: divídelo en varios.`,
  zipPhotoTwice: (nombre: string) => `El .zip contiene dos fotos llamadas «${nombre}»: cambia el nombre de una.`,
  photosNeedZip: 'Para importar fotos, sube un .zip con la hoja de cálculo y las fotos.',
  photoMissing: (nombre: string) => `La foto «${nombre}» no está en el .zip.`,
  photoInvalid: (nombre: string, motivo: string) => `La foto «${nombre}» no se puede usar: ${motivo}`,
  macros: 'El archivo tiene macros (.xlsm): guárdalo como «Libro de Excel (.xlsx)» o como CSV.',
  oldExcel: 'Es una hoja Excel antigua (.xls): guárdala como «Libro de Excel (.xlsx)» o como CSV.',
  notText: 'El archivo no es un CSV de texto (parece un PDF, una imagen u otro archivo binario).',
  notXlsx: 'El archivo no es una hoja .xlsx válida: ábrelo y guárdalo de nuevo como «Libro de Excel (.xlsx)».',
  zipBomb: 'El archivo se descomprime en mucho más de lo que ocupa: no se lee.',
  zipPath: 'El archivo comprimido contiene rutas no permitidas (../ o absolutas).',
  empty: 'El archivo no tiene filas de datos debajo de la cabecera.',
  tooManyRows: (max: number) => `El archivo tiene más de ${max} filas: divídelo en varios.`,
  tooManyColumns: (max: number) => `El archivo tiene más de ${max} columnas: deja solo las que quieras importar.`,
  csvUnreadable: (detail: string) => `No se puede leer el CSV: ${detail}.`,
  columnUnknown: (columna: string) => `La columna «${columna}» no está en el archivo.`,
  fieldUnknown: (campo: string) => `«${campo}» no es un dato que se pueda importar aquí.`,
  fieldTwice: (campo: string) => `Dos columnas van al mismo dato «${campo}»: deja solo una.`,
  fieldRequired: (campo: string) => `Falta asignar una columna a «${campo}».`,
  petKeyRequired: 'Asigna una columna al microchip, al Nº en Refugio o al código propio del archivo: sin ella no se sabe de qué mascota es.',
  petNotFound: (valor: string) => `No hay ninguna mascota con «${valor}»: impórtala antes o corrige el dato.`,
  weightInvalid: (valor: string) => `El peso «${valor}» no es válido: escribe los kilos, por ejemplo 12,5.`,
  careDuplicate: 'Esa mascota ya tiene este cuidado en esa fecha.',
  contactRequired: 'Asigna una columna al correo o al teléfono: sin ellos no se reconoce a nadie.',
  notAnalysed: 'Primero revisa la asignación de columnas (prueba sin guardar).',
  alreadyRunning: 'Esta importación ya se está haciendo o ya terminó.',
  notUndoable: 'Solo se puede deshacer una importación terminada o fallida.',
  // Row errors: what happened and how to fix it in the spreadsheet.
  required: (campo: string) => `Falta ${campo}.`,
  dateImpossible: (valor: string) => `La fecha «${valor}» no existe en el calendario: corrígela en la hoja.`,
  dateAmbiguous: (valor: string) =>
    `La fecha «${valor}» puede leerse de dos maneras (día/mes o mes/día): elige el formato de fecha del archivo o escríbela como aaaa-mm-dd.`,
  dateUnreadable: (valor: string) => `No se entiende la fecha «${valor}»: escríbela como dd/mm/aaaa.`,
  dateOutOfRange: (valor: string) => `La fecha «${valor}» está fuera de lo posible (antes de 1900 o en el futuro).`,
  chipScientific: (valor: string) =>
    `El microchip «${valor}» está escrito como número en notación científica: la hoja de cálculo ha perdido cifras. ` +
    'Da a la columna formato de texto, vuelve a escribir los microchips y guarda de nuevo.',
  chipShort: (valor: string, digitos: number) =>
    `El microchip «${valor}» tiene ${digitos} cifras y debe tener 15: la hoja de cálculo probablemente quitó los ceros de delante. ` +
    'Da a la columna formato de texto y escribe el número completo.',
  chipInvalid: (valor: string) => 'El microchip «' + valor + '» debe tener exactamente 15 cifras.',
  chipRepeated: (fila: number) => `El mismo microchip está también en la fila ${fila}.`,
  valueUnknown: (campo: string, valor: string, opciones: string) => `«${valor}» no es un valor de ${campo}: usa ${opciones}.`,
  textInvalid: (campo: string) => `${campo} tiene caracteres no permitidos o es demasiado largo.`,
  contactInvalid: 'El correo o el teléfono no son válidos.',
  contactMissing: 'La fila no trae correo ni teléfono.',
  duplicateChip: 'Ya existe una mascota con este microchip.',
  duplicateId: 'Ya existe en Refugio con este número.',
  duplicateCode: 'Ya se importó con este código.',
  duplicatePerson: 'Ya existe una persona con el mismo nombre y correo o teléfono.',
  possiblePet: (nombre: string) =>
    `No trae microchip y coincide en nombre, especie y fechas con «${nombre}», que ya está en Refugio: no se importará salvo que marques «Importar igualmente».`,
  possiblePetIncluded: (nombre: string) =>
    `No trae microchip y coincide en nombre, especie y fechas con «${nombre}», que ya está en Refugio: se importará porque marcaste «Importar igualmente».`,
  possibleDuplicate: 'Comparte correo o teléfono con otra persona de otro nombre: se creará y se marcará como posible duplicado.',
  // Gifts (donativos): amounts read digit by digit into cents, the donor by NIF, then name and e-mail or phone.
  amountNegative: (valor: string) =>
    `El importe «${valor}» es negativo: aquí solo se importa dinero recibido. Quita la fila (una devolución se anota en el donativo, con «Devolución»).`,
  amountZero: (valor: string) => `El importe «${valor}» es cero: quita la fila o escribe lo que se recibió.`,
  amountAmbiguous: (valor: string) =>
    `El importe «${valor}» puede leerse como miles o como decimales: escríbelo con los céntimos tras una coma, por ejemplo 1.234,00 o 1,23.`,
  amountInvalid: (valor: string) =>
    `No se entiende el importe «${valor}»: escribe los euros con coma y dos decimales como mucho, por ejemplo 12,50 o 1.234,56 €.`,
  nifInvalid: (valor: string) =>
    `El NIF «${valor}» no es válido (revisa la letra o las cifras): el certificado de donaciones y el modelo 182 lo necesitan bien escrito.`,
  donorUnidentified:
    'La fila tiene el nombre del donante pero ni NIF, ni correo, ni teléfono: añade alguno (un nombre solo no identifica a nadie) o deja el nombre vacío si fue anónimo.',
  giftRepeated: (fila: number) =>
    `El mismo donativo (donante, fecha e importe) está también en la fila ${fila}: si son dos donativos distintos, añade una columna con el número de recibo de cada uno.`,
  giftDuplicate: 'Ese donante ya tiene un donativo de ese importe en esa fecha.',
  giftsCertified: (n: number, anios: string) =>
    `No se puede deshacer: ${n === 1 ? 'un donativo importado ya consta' : `${n} donativos importados ya constan`} en certificados de donaciones de ${anios}. ` +
    'Anula a mano, desde Donativos, los que estén mal, explicando el motivo.',
  giftUndoReason: (origen: string) => `Importación deshecha (${origen}).`,
  historyOrigin: (archivo: string, fila: number) => `importado de ${archivo}, fila ${fila}`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const importIdParamsSchema = z.object({
  id: oneLineText({ error: importMessages.notFound }).regex(UUID, importMessages.notFound).describe('El id que respondió la subida'),
});

export const importTypeSchema = z.enum(IMPORT_TYPES, { error: importMessages.typeInvalid });

export const importUploadSchema = z.object({
  id: z.uuid(),
  archivo: z.string(),
  tipo: importTypeSchema,
  columnas: z.array(z.string()).describe('Las cabeceras del archivo (fila 1), en su orden'),
  muestra: z.array(z.record(z.string(), z.string())).describe(`Las primeras ${IMPORT_SAMPLE_ROWS} filas, por columna`),
  filas: z.number().int().describe('Filas de datos (sin la cabecera ni las filas vacías)'),
  mapeoSugerido: z.record(z.string(), z.string()).describe("Columna -> dato sugerido ('' = no se importa)"),
  campos: z.array(z.string()).describe('Los datos a los que puede ir una columna en este tipo, `campo.<clave>` los campos propios incluidos'),
  camposPropios: z
    .array(z.object({ campo: z.string().describe('campo.<clave>'), etiqueta: z.string(), tipo: z.enum(CUSTOM_FIELD_TYPES) }))
    .describe('Los campos propios activos de la entidad a los que puede ir una columna, con su nombre'),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const importMappingInputSchema = z.object({
  mapeo: z
    .record(oneLineText().max(200), oneLineText().max(60))
    .refine((m) => Object.keys(m).length <= IMPORT_MAX_COLUMNS, importMessages.tooManyColumns(IMPORT_MAX_COLUMNS))
    .describe("Columna del archivo -> dato, o `campo.<clave>` para un campo propio ('' o sin la columna: no se importa)"),
  formatoFecha: z
    .enum(IMPORT_DATE_FORMATS)
    .optional()
    .describe('Cómo están escritas las fechas; sin él: dd/mm/aaaa o aaaa-mm-dd, y una fecha que pueda leerse de dos maneras es un error'),
  incluir: z
    .array(
      z
        .number()
        .int()
        .min(2)
        .max(IMPORT_MAX_ROWS + 1),
    )
    .max(IMPORT_MAX_ROWS)
    .optional()
    .describe('Filas sin microchip que parecen una mascota que ya existe (duplicados con `posible`) y se importan igualmente; las demás se omiten'),
});
export type ImportMappingInput = z.infer<typeof importMappingInputSchema>;

export const importRowErrorSchema = z.object({
  fila: z.number().int().describe('Fila de la hoja de cálculo (cabecera = 1)'),
  columna: z.string(),
  mensaje: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importDuplicateSchema = z.object({
  fila: z.number().int(),
  motivo: z.string(),
  existenteId: z.number().int(),
  posible: z
    .boolean()
    .optional()
    .describe('Solo parece la misma (sin microchip: nombre, especie y fechas): la persona decide si se importa (`incluir` en el mapeo)'),
  incluida: z.boolean().optional().describe('Con `posible`: se importará porque está en `incluir`'),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

export const importDryRunSchema = z.object({
  crear: z.number().int(),
  actualizar: z.number().int(),
  omitir: z.number().int(),
  errores: z.array(importRowErrorSchema),
  duplicados: z.array(importDuplicateSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const importStatusSchema = z.object({
  id: z.uuid(),
  archivo: z.string(),
  tipo: importTypeSchema,
  estado: z.enum(IMPORT_STATES),
  progreso: z.number().int().min(0).max(100).describe('Porcentaje de filas procesadas'),
  filas: z.number().int(),
  procesadas: z.number().int(),
  creados: z.number().int(),
  actualizados: z.number().int(),
  omitidos: z.number().int(),
  errores: z.array(importRowErrorSchema),
  deshechos: z.number().int().describe('Registros quitados al deshacer'),
  conservados: z.number().int().describe('Registros que no se quitaron al deshacer porque cambiaron después'),
  creadaEn: z.string(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;
