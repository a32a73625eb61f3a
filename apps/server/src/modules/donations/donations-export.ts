import {
  DONATIONS_EXPORT_MAX_ROWS,
  type ExportFeesQuery,
  type ExportGiftsQuery,
  type FeePeriod,
  type FeeState,
  type FeeType,
  type GiftConcept,
  type GiftState,
  type MoneyMethod,
  feePeriodLabels,
  feeStateLabels,
  feeTypeLabels,
  giftConceptLabels,
  giftStateLabels,
  maskIban,
  moneyMethodLabels,
} from '@refugio/contracts';
import { type ExportColumn, type TableExport, pagesById } from '../../lib/table-export';
import type { TimeZoneSource } from '../organization/organization.port';
import type { DonationsRepository, FeeRow, GiftRow, Named } from './donations.repository';

/**
 * Cents as a Spanish spreadsheet reads an amount: '1234,56' (decimal comma, no thousands point, no sign), written
 * from the integer digit by digit, so the file holds exactly what is stored.
 */
export function spreadsheetEuros(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

const label = <K extends string>(labels: Record<K, string>, value: string) => labels[value as K] ?? value;

/** The columns of the fees export (.csv and .xlsx), with Spanish headers; the IBAN masked, never whole. */
const feeColumns: ExportColumn<Named<FeeRow>>[] = [
  { header: 'Nº', value: (row) => row.id, width: 8 },
  { header: 'Nº de persona', value: (row) => row.personaId, width: 8 },
  { header: 'Persona', value: (row) => row.personaNombre, width: 28 },
  { header: 'Tipo', value: (row) => label<FeeType>(feeTypeLabels, row.tipo), width: 10 },
  { header: 'Mascota', value: (row) => row.mascotaNombre, width: 16 },
  { header: 'Importe (€)', value: (row) => spreadsheetEuros(row.importeCentimos), width: 12 },
  { header: 'Periodicidad', value: (row) => label<FeePeriod>(feePeriodLabels, row.periodicidad), width: 12 },
  { header: 'Desde', value: (row) => row.desde, width: 12 },
  { header: 'Hasta', value: (row) => row.hasta, width: 12 },
  { header: 'Forma de pago', value: (row) => label<MoneyMethod>(moneyMethodLabels, row.metodoPago), width: 20 },
  { header: 'IBAN', value: (row) => (row.iban === null ? null : maskIban(row.iban)), width: 30 },
  { header: 'Referencia del mandato', value: (row) => row.mandatoReferencia, width: 20 },
  { header: 'Firma del mandato', value: (row) => row.mandatoFechaFirma, width: 12 },
  { header: 'Estado', value: (row) => label<FeeState>(feeStateLabels, row.estado), width: 10 },
  { header: 'Motivo de la baja', value: (row) => row.bajaMotivo, width: 40 },
  { header: 'Alta', value: (row) => row.createdAt, width: 17 },
];

/** The columns of the gifts export (.csv and .xlsx), with Spanish headers. */
const giftColumns: ExportColumn<Named<GiftRow>>[] = [
  { header: 'Nº', value: (row) => row.id, width: 8 },
  { header: 'Fecha', value: (row) => row.fecha, width: 12 },
  { header: 'Nº de persona', value: (row) => row.personaId, width: 8 },
  { header: 'Persona', value: (row) => (row.personaId === null ? 'Anónimo' : row.personaNombre), width: 28 },
  { header: 'Importe (€)', value: (row) => spreadsheetEuros(row.importeCentimos), width: 12 },
  { header: 'Forma de pago', value: (row) => label<MoneyMethod>(moneyMethodLabels, row.metodo), width: 20 },
  { header: 'Concepto', value: (row) => label<GiftConcept>(giftConceptLabels, row.concepto), width: 14 },
  { header: 'Nº de cuota', value: (row) => row.feeId, width: 8 },
  { header: 'Mascota', value: (row) => row.mascotaNombre, width: 16 },
  { header: 'Referencia', value: (row) => row.referencia, width: 28 },
  { header: 'Estado', value: (row) => label<GiftState>(giftStateLabels, row.estado), width: 10 },
  { header: 'Motivo de la anulación', value: (row) => row.anuladoMotivo, width: 40 },
  { header: 'Devuelto el', value: (row) => row.devueltoEn, width: 17 },
  { header: 'Alta', value: (row) => row.createdAt, width: 17 },
];

/**
 * The exports of the fees and gifts lists, with the lists' filters: at most DONATIONS_EXPORT_MAX_ROWS rows read in
 * pages by id, dates in the organisation's time zone, amounts as a Spanish spreadsheet reads them.
 */
export function createDonationsExport({
  repo,
  timeZone,
}: {
  repo: Pick<DonationsRepository, 'exportFeesPage' | 'exportGiftsPage'>;
  timeZone: TimeZoneSource;
}) {
  return {
    async feesTable(query: ExportFeesQuery): Promise<TableExport<Named<FeeRow>>> {
      const filter = { tipo: query.tipo, estado: query.estado, petId: query.mascotaId, personaId: query.personaId };
      return {
        columns: feeColumns,
        pages: () => pagesById((afterId, limit) => repo.exportFeesPage(filter, afterId, limit), DONATIONS_EXPORT_MAX_ROWS),
        timeZone: await timeZone(),
      };
    },

    async giftsTable(query: ExportGiftsQuery): Promise<TableExport<Named<GiftRow>>> {
      const filter = { desde: query.desde, hasta: query.hasta, personaId: query.personaId, concepto: query.concepto, estado: query.estado };
      return {
        columns: giftColumns,
        pages: () => pagesById((afterId, limit) => repo.exportGiftsPage(filter, afterId, limit), DONATIONS_EXPORT_MAX_ROWS),
        timeZone: await timeZone(),
      };
    },
  };
}

export type DonationsExport = ReturnType<typeof createDonationsExport>;
