import type { TimeZoneSource } from '../organization/organization.port';
import {
  type ListPetsQuery,
  PET_EXPORT_MAX_ROWS,
  adoptedWord,
  formatCustomFieldValue,
  formatFechaIngreso,
  publicationStateLabels,
} from '@refugio/contracts';
import type { CustomFieldsPort } from '../custom-fields/custom-fields.port';
import { type ExportColumn, type TableExport, pagesById } from '../../lib/table-export';
import type { PetView, PetsRepository } from './pets.repository';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The columns of the pet list's export (.csv and .xlsx), with Spanish headers. */
const petExportColumns: ExportColumn<PetView>[] = [
  { header: 'Nº', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.nombre, width: 20 },
  { header: 'Tipo', value: (row) => row.tipo, width: 10 },
  { header: 'Edad', value: (row) => row.edad, width: 10 },
  { header: 'Género', value: (row) => capitalised(row.genero), width: 10 },
  { header: 'Tamaño', value: (row) => capitalised(row.tamano), width: 10 },
  { header: 'Fecha de ingreso', value: (row) => formatFechaIngreso(row.fechaIngreso).slice(0, 10), width: 12 },
  { header: 'Discapacidad', value: (row) => row.discapacidad, width: 8 },
  { header: 'Adopción', value: (row) => (row.adoptado ? capitalised(adoptedWord(row.genero)) : 'En adopción'), width: 12 },
  {
    header: 'Publicación',
    value: (row) => publicationStateLabels[row.estadoEfectivo as keyof typeof publicationStateLabels] ?? row.estadoEfectivo,
    width: 12,
  },
  { header: 'Se publica el', value: (row) => (row.estadoEfectivo === 'programada' ? row.publicarEn : null), width: 17 },
  { header: 'Etiquetas', value: (row) => row.tags.join(', '), width: 28 },
  { header: 'Personalidad', value: (row) => row.personalidad, width: 40 },
  { header: 'Historia', value: (row) => row.historia, width: 60 },
  { header: 'Alta', value: (row) => row.createdAt, width: 17 },
  { header: 'Última modificación', value: (row) => row.updatedAt, width: 17 },
];

/**
 * The pet list's export: the list's search and filters (deleted pets only with `eliminadas=1`, as the list),
 * at most PET_EXPORT_MAX_ROWS rows read in pages by id; dates in the organisation's time zone.
 */
export function createPetExport({
  repo,
  timeZone,
  customFields,
}: {
  repo: Pick<PetsRepository, 'exportPage'>;
  timeZone: TimeZoneSource;
  customFields: Pick<CustomFieldsPort, 'definitions' | 'filterOf'>;
}) {
  return {
    async exportTable(query: Omit<ListPetsQuery, 'sort' | 'order' | 'page' | 'pageSize'>): Promise<TableExport<PetView>> {
      const camposFiltro = query.campo ? await customFields.filterOf('mascota', query.campo) : undefined;
      // The organisation's own fields after the product's, in their order; archived ones too (their header marked), so
      // an export never loses a value.
      const definitions = await customFields.definitions('mascota');
      const own: ExportColumn<PetView>[] = definitions.map((field) => ({
        header: field.archivado ? `${field.etiqueta} (archivado)` : field.etiqueta,
        value: (row) => formatCustomFieldValue(field.tipo, row.campos[field.clave]),
        width: field.tipo === 'texto_largo' ? 40 : 16,
      }));
      return {
        columns: [...petExportColumns, ...own],
        pages: () => pagesById((afterId, limit) => repo.exportPage({ ...query, camposFiltro }, afterId, limit), PET_EXPORT_MAX_ROWS),
        timeZone: await timeZone(),
      };
    },
  };
}

export type PetExport = ReturnType<typeof createPetExport>;
