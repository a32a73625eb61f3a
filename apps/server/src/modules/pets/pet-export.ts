import type { TimeZoneSource } from '../organization/organization.port';
import { type ListPetsQuery, PET_EXPORT_MAX_ROWS, adoptedWord, formatFechaIngreso, publicationStateLabels } from '@refugio/contracts';
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
export function createPetExport({ repo, timeZone }: { repo: Pick<PetsRepository, 'exportPage'>; timeZone: TimeZoneSource }) {
  return {
    async exportTable(query: Omit<ListPetsQuery, 'sort' | 'order' | 'page' | 'pageSize'>): Promise<TableExport<PetView>> {
      return {
        columns: petExportColumns,
        pages: () => pagesById((afterId, limit) => repo.exportPage(query, afterId, limit), PET_EXPORT_MAX_ROWS),
        timeZone: await timeZone(),
      };
    },
  };
}

export type PetExport = ReturnType<typeof createPetExport>;
