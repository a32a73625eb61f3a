import {
  type FeePeriod,
  type FeeType,
  type GiftConcept,
  type GiftState,
  type ListRemesasQuery,
  type Remesa,
  type RemesaExcluded,
  type RemesaLine,
  type RemesaPreview,
  type RemesaSetting,
  type RemesaSummary,
  type RemesasResponse,
  centsToEuros,
  collectionDayProblem,
  dayInZone,
  maskIban,
  remesaMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { OrganizationPort } from '../organization/organization.port';
import { periodStartOn } from './fee-periods';
import type { DebitCandidate, NamedRemesaLine, RemesaRow, RemesaSummaryRow, RemesasRepository } from './remesas.repository';
import { type DirectDebit, buildDirectDebitXml, directDebitProblem } from './sepa-debits';

/** A debit about to be charged: the fee, the period and what the bank file says of it. */
interface PlannedDebit {
  fee: DebitCandidate;
  periodoDesde: string;
  secuencia: 'FRST' | 'RCUR';
  concepto: string;
}

interface Creditor {
  nombre: string;
  nif: string;
  identificador: string;
  iban: string;
}

export interface RemesasServiceDeps {
  repo: RemesasRepository;
  history: Pick<HistoryPort, 'record'>;
  organization: Pick<OrganizationPort, 'stored'>;
  clock?: () => Date;
}

const PERIOD_WORDS: Record<FeePeriod, string> = { mensual: 'mensual', trimestral: 'trimestral', semestral: 'semestral', anual: 'anual' };

/** The end-to-end id of a fee's period in a batch: unique, and readable when the bank sends it back. */
const endToEndId = (remesaId: number, feeId: number, periodoDesde: string) => `R${remesaId}-C${feeId}-${periodoDesde.replace(/-/g, '')}`;
const messageId = (remesaId: number) => `REMESA-${remesaId}`;
const dayMonthYear = (day: string) => day.split('-').reverse().join('/');

function conceptOf(fee: DebitCandidate, periodoDesde: string): string {
  const what = fee.tipo === 'padrino' ? `Apadrinamiento de ${fee.mascotaNombre ?? 'una mascota'}` : 'Cuota de socio';
  return `${what} ${PERIOD_WORDS[fee.periodicidad as FeePeriod]} desde ${dayMonthYear(periodoDesde)}`;
}

function lineDto(line: NamedRemesaLine): RemesaLine {
  return {
    cuotaId: line.feeId,
    tipo: line.tipo as FeeType,
    periodicidad: line.periodicidad as FeePeriod,
    periodoDesde: line.periodoDesde,
    persona: { id: line.personaId, nombre: line.personaNombre },
    mascota: line.petId === null ? null : { id: line.petId, nombre: line.mascotaNombre ?? '' },
    importe: centsToEuros(line.importeCentimos),
    importeCentimos: line.importeCentimos,
    iban: maskIban(line.iban),
    mandato: { referencia: line.mandatoReferencia, fechaFirma: line.mandatoFechaFirma },
    secuencia: line.secuencia as 'FRST' | 'RCUR',
    referencia: line.referencia,
    donativo: { id: line.giftId, concepto: line.giftConcepto as GiftConcept, estado: line.giftEstado as GiftState, version: line.giftVersion },
  };
}

function summaryDto(row: RemesaSummaryRow): RemesaSummary {
  return {
    id: row.id,
    fechaCobro: row.fechaCobro,
    numero: row.numero,
    importeTotal: centsToEuros(row.importeTotalCentimos),
    importeTotalCentimos: row.importeTotalCentimos,
    estado: row.estado as 'emitida',
    devueltas: row.devueltas,
    creadaPor: row.creadaPor,
    createdAt: row.createdAt.toISOString(),
  };
}

type DebitFields = Pick<
  NamedRemesaLine,
  | 'referencia'
  | 'importeCentimos'
  | 'deudorNombre'
  | 'iban'
  | 'bic'
  | 'deudorDireccion'
  | 'deudorLocalidad'
  | 'deudorPais'
  | 'mandatoReferencia'
  | 'mandatoFechaFirma'
  | 'secuencia'
  | 'concepto'
>;

const addressOf = (l: Pick<DebitFields, 'deudorDireccion' | 'deudorLocalidad' | 'deudorPais'>) =>
  l.deudorDireccion !== null && l.deudorLocalidad !== null && l.deudorPais !== null
    ? { direccion: l.deudorDireccion, localidad: l.deudorLocalidad, pais: l.deudorPais }
    : null;

function debitsOf(remesa: Pick<RemesaRow, 'id' | 'fechaCobro'>, lines: DebitFields[]): DirectDebit[] {
  return lines.map((l) => ({
    id: l.referencia,
    importeCentimos: l.importeCentimos,
    deudor: { nombre: l.deudorNombre, iban: l.iban, bic: l.bic, domicilio: addressOf(l) },
    mandato: { referencia: l.mandatoReferencia, fechaFirma: l.mandatoFechaFirma },
    secuencia: l.secuencia as 'FRST' | 'RCUR',
    concepto: l.concepto,
  }));
}

/**
 * SEPA direct-debit batches (DESIGN section 15). A batch is made in one transaction under one lock: the due fees,
 * a registered gift per fee (so a returned debit is recorded with `POST /api/donativos/{id}/devolucion`), the
 * lines, and a history event for the batch and for each gift. Its bank file is checked before the transaction
 * commits, so a batch that exists always has a file.
 */
export function createRemesasService({ repo, history, organization, clock = () => new Date() }: RemesasServiceDeps) {
  async function creditorOrThrow(handle: Database): Promise<Creditor> {
    const org = await organization.stored(handle);
    const missing: RemesaSetting[] = [];
    if (!org.nombre) missing.push('nombre');
    if (!org.nif) missing.push('nif');
    if (!org.acreedorSepa) missing.push('acreedorSepa');
    if (!org.ibanAcreedor) missing.push('ibanAcreedor');
    if (missing.length > 0) throw new AppError('CONFLICT', { message: remesaMessages.missingSettings(missing) });
    return { nombre: org.nombre!, nif: org.nif!, identificador: org.acreedorSepa!, iban: org.ibanAcreedor! };
  }

  /** A collection day the banks take: a TARGET2 business day, at least two business days after today (400 otherwise). */
  async function checkDay(handle: Database, fechaCobro: string): Promise<void> {
    const today = dayInZone(clock(), (await organization.stored(handle)).zonaHoraria);
    const problem = collectionDayProblem(fechaCobro, today);
    if (problem !== null) throw new AppError('VALIDATION_ERROR', { message: problem, fieldErrors: { fechaCobro: problem } });
  }

  /**
   * Splits the planned debits into those the bank file can carry and those it cannot (a name without one Latin
   * letter, a mandate reference SEPA refuses, a bank outside the EEA without BIC or address…): these are left out,
   * each with its reason, and the rest of the batch goes on.
   */
  function chargeable(planned: PlannedDebit[], fechaCobro: string): { ok: PlannedDebit[]; excluidas: RemesaExcluded[] } {
    const ok: PlannedDebit[] = [];
    const excluidas: RemesaExcluded[] = [];
    for (const p of planned) {
      const problem = directDebitProblem(
        {
          id: endToEndId(1, p.fee.id, p.periodoDesde),
          importeCentimos: p.fee.importeCentimos,
          deudor: { nombre: p.fee.personaNombre, iban: p.fee.iban, bic: p.fee.bic, domicilio: addressOf(p.fee) },
          mandato: { referencia: p.fee.mandatoReferencia, fechaFirma: p.fee.mandatoFechaFirma },
          secuencia: p.secuencia,
          concepto: p.concepto,
        },
        fechaCobro,
      );
      if (problem === null) ok.push(p);
      else excluidas.push({ cuotaId: p.fee.id, persona: { id: p.fee.personaId, nombre: p.fee.personaNombre }, motivo: problem });
    }
    return { ok, excluidas };
  }

  /** The fees due on `fechaCobro` whose period no batch has charged yet, each with its sequence type. */
  async function plan(handle: RemesasRepository, fechaCobro: string): Promise<PlannedDebit[]> {
    const due = (await handle.debitCandidates(fechaCobro))
      .map((fee) => ({ fee, periodoDesde: periodStartOn({ ...fee, periodicidad: fee.periodicidad as FeePeriod }, fechaCobro) }))
      .filter((d): d is { fee: DebitCandidate; periodoDesde: string } => d.periodoDesde !== null);
    const earlier = await handle.linesOfFees(due.map((d) => d.fee.id));
    return due
      .filter(({ fee, periodoDesde }) => !earlier.some((l) => l.feeId === fee.id && l.periodoDesde === periodoDesde))
      .map(({ fee, periodoDesde }) => ({
        fee,
        periodoDesde,
        // A mandate's first debit is FRST; every later one under the same mandate, RCUR.
        secuencia: earlier.some((l) => l.feeId === fee.id && l.mandatoReferencia === fee.mandatoReferencia) ? 'RCUR' : 'FRST',
        concepto: conceptOf(fee, periodoDesde),
      }));
  }

  /** Builds the bank file of planned debits, or throws a 409 naming the fee that SEPA cannot carry. */
  function checkedXml(
    remesa: Pick<RemesaRow, 'id' | 'fechaCobro' | 'createdAt'>,
    creditor: Creditor,
    debits: DirectDebit[],
    fees: DebitCandidate[],
  ): string {
    try {
      return buildDirectDebitXml({
        mensajeId: messageId(remesa.id),
        creadoEn: remesa.createdAt,
        acreedor: { nombre: creditor.nombre, iban: creditor.iban, identificador: creditor.identificador },
        fechaCobro: remesa.fechaCobro,
        adeudos: debits,
      });
    } catch (error) {
      const message = (error as Error).message;
      const match = /^adeudos\[(\d+)\][^:]*: (.*)$/.exec(message);
      const fee = match ? fees[Number(match[1])] : undefined;
      if (match && fee) throw new AppError('CONFLICT', { message: remesaMessages.feeNotChargeable(fee.id, fee.personaNombre, match[2]!) });
      throw new AppError('CONFLICT', { message: `La remesa no se puede escribir en el formato SEPA: ${message}.` });
    }
  }

  async function detail(handle: RemesasRepository, id: number): Promise<Remesa> {
    const row = await handle.findRemesa(id);
    if (!row) throw new AppError('NOT_FOUND', { message: remesaMessages.notFound });
    return { ...summaryDto(row), cuotas: (await handle.linesOf(id)).map(lineDto), excluidas: [] };
  }

  return {
    /** `GET /api/remesas/previsualizacion`: what a batch on that day would charge (nothing is written). */
    async previewRemesa(fechaCobro: string): Promise<RemesaPreview> {
      await checkDay(repo.handle, fechaCobro);
      await creditorOrThrow(repo.handle);
      const { ok: planned, excluidas } = chargeable(await plan(repo, fechaCobro), fechaCobro);
      const cents = planned.reduce((sum, p) => sum + p.fee.importeCentimos, 0);
      return {
        fechaCobro,
        numero: planned.length,
        importeTotal: centsToEuros(cents),
        importeTotalCentimos: cents,
        cuotas: planned.map(({ fee, periodoDesde, secuencia }) => ({
          cuotaId: fee.id,
          tipo: fee.tipo as FeeType,
          periodicidad: fee.periodicidad as FeePeriod,
          periodoDesde,
          persona: { id: fee.personaId, nombre: fee.personaNombre },
          mascota: fee.petId === null ? null : { id: fee.petId, nombre: fee.mascotaNombre ?? '' },
          importe: centsToEuros(fee.importeCentimos),
          importeCentimos: fee.importeCentimos,
          iban: maskIban(fee.iban),
          mandato: { referencia: fee.mandatoReferencia, fechaFirma: fee.mandatoFechaFirma },
          secuencia,
          referencia: '',
          donativo: null,
        })),
        excluidas,
      };
    },

    /** `POST /api/remesas`: the batch of the fees due on `fechaCobro`, each charged once per period. */
    async createRemesa(actor: SessionUser, fechaCobro: string): Promise<Remesa> {
      try {
        return await repo.transaction(async (tx) => {
          await tx.lock();
          await checkDay(tx.handle, fechaCobro);
          const creditor = await creditorOrThrow(tx.handle);
          const { ok: planned, excluidas } = chargeable(await plan(tx, fechaCobro), fechaCobro);
          if (planned.length === 0) {
            const message = excluidas.length === 0 ? remesaMessages.noDueFees : remesaMessages.noChargeableFees(excluidas.length);
            throw new AppError('UNPROCESSABLE', { message });
          }
          const cents = planned.reduce((sum, p) => sum + p.fee.importeCentimos, 0);
          const remesa = await tx.insertRemesa({
            fechaCobro,
            importeTotalCentimos: cents,
            numero: planned.length,
            estado: 'emitida',
            acreedorNombre: creditor.nombre,
            acreedorNif: creditor.nif,
            acreedorIdentificador: creditor.identificador,
            acreedorIban: creditor.iban,
            createdBy: actor.id,
          });
          const lines = [];
          for (const p of planned) {
            const referencia = endToEndId(remesa.id, p.fee.id, p.periodoDesde);
            const concepto: GiftConcept = p.fee.tipo === 'padrino' ? 'apadrinamiento' : 'cuota';
            const gift = await tx.insertGift({
              personaId: p.fee.personaId,
              importeCentimos: p.fee.importeCentimos,
              fecha: fechaCobro,
              metodo: 'domiciliacion',
              concepto,
              feeId: p.fee.id,
              petId: p.fee.petId,
              referencia,
              estado: 'registrado',
              createdBy: actor.id,
              updatedBy: actor.id,
            });
            lines.push(
              await tx.insertLine({
                remesaId: remesa.id,
                feeId: p.fee.id,
                giftId: gift.id,
                periodoDesde: p.periodoDesde,
                importeCentimos: p.fee.importeCentimos,
                referencia,
                secuencia: p.secuencia,
                deudorNombre: p.fee.personaNombre,
                iban: p.fee.iban,
                mandatoReferencia: p.fee.mandatoReferencia,
                mandatoFechaFirma: p.fee.mandatoFechaFirma,
                bic: p.fee.bic,
                deudorDireccion: p.fee.deudorDireccion,
                deudorLocalidad: p.fee.deudorLocalidad,
                deudorPais: p.fee.deudorPais,
                concepto: p.concepto,
              }),
            );
            await history.record(tx.handle, {
              actor: userActor(actor),
              entidad: 'donativo',
              entidadId: gift.id,
              accion: 'crear',
              cambios: {
                personaId: [null, gift.personaId],
                importe: [null, centsToEuros(gift.importeCentimos)],
                fecha: [null, gift.fecha],
                metodo: [null, gift.metodo],
                concepto: [null, gift.concepto],
                cuotaId: [null, p.fee.id],
                ...(gift.petId === null ? {} : { mascotaId: [null, gift.petId] }),
                referencia: [null, referencia],
                estado: [null, gift.estado],
                remesaId: [null, remesa.id],
              },
            });
          }
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'remesa',
            entidadId: remesa.id,
            accion: 'crear',
            cambios: {
              fechaCobro: [null, fechaCobro],
              numero: [null, planned.length],
              importeTotal: [null, centsToEuros(cents)],
              estado: [null, remesa.estado],
              ...(excluidas.length === 0 ? {} : { excluidas: [null, excluidas.map((e) => ({ cuotaId: e.cuotaId, motivo: e.motivo }))] }),
            },
          });
          // Every debit passed its own check; the whole file is still built before commit (a failure rolls back).
          checkedXml(
            remesa,
            creditor,
            debitsOf(remesa, lines),
            planned.map((p) => p.fee),
          );
          return { ...(await detail(tx, remesa.id)), excluidas };
        });
      } catch (error) {
        // The lock makes batches wait for each other; the unique key is the last guard against charging twice.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: remesaMessages.busy });
        throw error;
      }
    },

    async listRemesas(query: ListRemesasQuery): Promise<RemesasResponse> {
      const { rows, total } = await repo.listRemesas(query.page, query.pageSize);
      return { items: rows.map(summaryDto), total, page: query.page, pageSize: query.pageSize };
    },

    getRemesa: (id: number): Promise<Remesa> => detail(repo, id),

    /** `GET /api/remesas/{id}/xml`: the pain.008.001.02 file, the only place with whole IBANs. */
    async remesaXml(id: number): Promise<{ name: string; xml: string }> {
      const row = await repo.findRemesa(id);
      if (!row) throw new AppError('NOT_FOUND', { message: remesaMessages.notFound });
      const lines = await repo.linesOf(id);
      const creditor = { nombre: row.acreedorNombre, nif: row.acreedorNif, identificador: row.acreedorIdentificador, iban: row.acreedorIban };
      const fees = lines.map((l) => ({ id: l.feeId, personaNombre: l.personaNombre }) as DebitCandidate);
      return { name: `remesa_${row.id}_${row.fechaCobro}.xml`, xml: checkedXml(row, creditor, debitsOf(row, lines), fees) };
    },
  };
}

export type RemesasService = ReturnType<typeof createRemesasService>;
