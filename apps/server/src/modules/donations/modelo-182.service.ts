import {
  type Modelo182PresentInput,
  type Modelo182Presentation,
  type Modelo182Review,
  centsToEuros,
  dayInZone,
  donationMessages,
  fiscalPersonType,
  normaliseFiscalId,
  provinceOfPostcode,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { OrganizationPort } from '../organization/organization.port';
import type { DonationsRepository, DonorOfYear, PresentationRow } from './donations.repository';
import { type Declarado182, Modelo182Error, buildModelo182, recurrenceOf } from './modelo-182';

/*
 * The modelo 182 of a year (DESIGN section 15): the review of who is declared and who is left out, and the AEAT's
 * file built from it by `buildModelo182`. Only deductible money received of a person counts (donations.port.ts: not
 * annulled, not returned, not a direct debit before its collection day, not a consideration); anonymous gifts are
 * not declared. A donor is left out without a valid NIF, without a valid postcode when resident in Spain (a donor
 * resident abroad, `pais`, is declared with the province code 99), or once anonymised.
 *
 * Once a year's file is recorded as presented (`POST /api/fiscal/modelo-182/presentaciones`, with the AEAT's
 * justificante), the file of that year is never silently another: when what it would declare changes (a gift
 * annulled, a donor's NIF added), the file produced is the declaration the AEAT takes for a change, keyed in the
 * type-1 record (121 'C' or 122 'S', 123-135 the previous justificante):
 * - complementaria: only donors omitted before are added (each one declared before is unchanged): the file
 *   carries only the new donors' records;
 * - sustitutiva: a donor declared before changed or is gone: the file carries every record and replaces the last.
 * Nothing changed since the last presentation: the file is that one again.
 */

const invalidYear = () =>
  new AppError('VALIDATION_ERROR', { message: donationMessages.fiscalYearInvalid, fieldErrors: { anio: donationMessages.fiscalYearInvalid } });

/** The name of the type-2 record: "APELLIDOS NOMBRE" for a natural person, the stored name of a legal one. */
function declaredName(donor: DonorOfYear, tipo: 'F' | 'J' | 'E'): string {
  const parts = tipo === 'F' ? [donor.apellidos, donor.nombre] : [donor.nombre, donor.apellidos];
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' ');
}

const displayName = (donor: DonorOfYear) => `${donor.nombre} ${donor.apellidos}`.trim();

interface Included {
  review: Modelo182Review['incluidos'][number];
  declarado: Declarado182;
}

/** What a presentation declared of one donor: the key compared with what would be declared now. */
type Declared = PresentationRow['declarados'][number];

interface Change {
  tipo: 'complementaria' | 'sustitutiva';
  justificanteAnterior: string;
  altas: number;
  cambios: number;
  bajas: number;
  /** The records of the file: only the new ones for a complementary declaration, every one for a substitute. */
  records: Included[];
}

function changeSince(last: PresentationRow | undefined, included: Included[]): Change | null {
  if (!last) return null;
  const before = new Map(last.declarados.map((d) => [`${d.personaId}:${d.nif}`, d]));
  const now = new Map(included.map((i) => [`${i.review.persona.id}:${i.review.nif}`, i]));
  const altas = included.filter((i) => !before.has(`${i.review.persona.id}:${i.review.nif}`));
  const bajas = last.declarados.filter((d) => !now.has(`${d.personaId}:${d.nif}`)).length;
  const cambios = included.filter((i) => {
    const prev = before.get(`${i.review.persona.id}:${i.review.nif}`);
    return prev !== undefined && prev.importeCentimos !== i.review.importeCentimos;
  }).length;
  if (altas.length === 0 && bajas === 0 && cambios === 0) return null;
  const tipo = bajas === 0 && cambios === 0 ? 'complementaria' : 'sustitutiva';
  return {
    tipo,
    justificanteAnterior: last.justificante,
    altas: altas.length,
    cambios,
    bajas,
    records: tipo === 'complementaria' ? altas : included,
  };
}

function presentationDto(row: PresentationRow): Modelo182Presentation {
  return {
    id: row.id,
    anio: row.anio,
    presentadaEn: row.presentadaEn,
    justificante: row.justificante,
    tipo: row.tipo as Modelo182Presentation['tipo'],
    justificanteAnterior: row.justificanteAnterior,
    numero: row.numero,
    importeTotalCentimos: row.importeTotalCentimos,
    presentadaPor: row.presentadaPor,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createModelo182Service(deps: {
  repo: DonationsRepository;
  organization: Pick<OrganizationPort, 'get' | 'timeZone'>;
  history: Pick<HistoryPort, 'record'>;
  clock?: () => Date;
}) {
  const { repo, organization, history, clock = () => new Date() } = deps;
  const today = async () => dayInZone(clock(), await organization.timeZone());

  /** `known`: the organisation's day read before a transaction (nothing outside it is read inside it). */
  async function gather(
    handle: DonationsRepository,
    anio: number,
    known?: string,
  ): Promise<{ included: Included[]; excluidos: Modelo182Review['excluidos']; presentations: PresentationRow[]; day: string }> {
    const day = known ?? (await today());
    if (!Number.isInteger(anio) || anio < 2000 || anio > Number(day.slice(0, 4))) throw invalidYear();
    const included: Included[] = [];
    const excluidos: Modelo182Review['excluidos'] = [];
    for (const donor of await handle.donorsOfYear(anio, day)) {
      const importeCentimos = donor.totalsByYear[anio] ?? 0;
      const persona = { id: donor.id, nombre: displayName(donor) };
      const amount = { importe: centsToEuros(importeCentimos), importeCentimos };
      const nif = donor.nif === null ? '' : normaliseFiscalId(donor.nif);
      const tipo = nif === '' ? undefined : fiscalPersonType(nif);
      // A donor resident abroad: the province code 99 (the layout's "no residente"); a resident: their postcode's.
      const provincia = donor.pais !== null ? '99' : donor.codigoPostal === null ? undefined : provinceOfPostcode(donor.codigoPostal);
      if (donor.anonimizada) excluidos.push({ persona, ...amount, motivo: 'anonimizada' });
      else if (tipo === undefined) excluidos.push({ persona, ...amount, motivo: 'sin_nif' });
      else if (provincia === undefined) excluidos.push({ persona, ...amount, motivo: 'sin_codigo_postal' });
      else {
        const recurrencia = recurrenceOf(donor.totalsByYear, anio);
        included.push({
          review: { persona, nif, naturaleza: tipo, provincia, pais: donor.pais, ...amount, recurrencia },
          declarado: { nif, nombre: declaredName(donor, tipo), provincia, importeCentimos, naturaleza: tipo, recurrencia },
        });
      }
    }
    return { included, excluidos, presentations: await handle.presentationsOf(anio), day };
  }

  /** The justificante of a new declaration of the year: 182, the year, and a number no presentation has used. */
  async function nextJustificante(handle: DonationsRepository, anio: number, presented: number): Promise<string> {
    const used = await handle.presentedJustificantes();
    for (let n = presented + 1; ; n++) {
      const candidate = `182${anio}${String(n).padStart(6, '0')}`;
      if (!used.has(candidate)) return candidate;
    }
  }

  async function fileOf(user: SessionUser, anio: number, handle: DonationsRepository): Promise<Buffer> {
    const { included, presentations } = await gather(handle, anio);
    const org = await organization.get();
    if (!org.nif) throw new AppError('CONFLICT', { message: donationMessages.organizationNifMissing });
    if (!org.nombre?.trim()) throw new AppError('CONFLICT', { message: donationMessages.organizationNameMissing });
    // The contact telephone of the type-1 record: a Spanish number of 9 digits (the settings keep it as E.164).
    if (!/^(\+34)?\d{9}$/.test((org.telefono ?? '').replace(/[\s.-]/g, '')))
      throw new AppError('CONFLICT', { message: donationMessages.organizationPhoneMissing });
    const last = presentations.at(-1);
    const change = changeSince(last, included);
    // Presented and unchanged: the file presented, with its own justificante and keys.
    const declaration =
      change !== null
        ? {
            justificante: await nextJustificante(handle, anio, presentations.length),
            tipoDeclaracion: change.tipo === 'complementaria' ? ('C' as const) : ('S' as const),
            justificanteAnterior: change.justificanteAnterior,
          }
        : last !== undefined
          ? {
              justificante: last.justificante,
              ...(last.justificanteAnterior !== null
                ? {
                    tipoDeclaracion: last.tipo === 'complementaria' ? ('C' as const) : ('S' as const),
                    justificanteAnterior: last.justificanteAnterior,
                  }
                : {}),
            }
          : {};
    const records = change !== null ? change.records : included;
    try {
      return buildModelo182({
        ejercicio: anio,
        declarante: {
          nif: org.nif,
          denominacion: org.nombre ?? '',
          telefono: org.telefono ?? '',
          personaContacto: `${user.lastname} ${user.name}`.trim(),
          naturaleza: org.ley49 ? 1 : 2,
          ...declaration,
        },
        declarados: records.map((i) => i.declarado),
      });
    } catch (error) {
      if (error instanceof Modelo182Error) throw new AppError('VALIDATION_ERROR', { message: error.message, cause: error });
      throw error;
    }
  }

  return {
    /** Who the year's modelo 182 declares, who it leaves out and why, its presentations and what changed since. */
    async modelo182Review(anio: number): Promise<Modelo182Review> {
      const { included, excluidos, presentations } = await gather(repo, anio);
      const incluidos = included.map((i) => i.review);
      const change = changeSince(presentations.at(-1), included);
      return {
        anio,
        incluidos,
        excluidos,
        totalCentimos: incluidos.reduce((sum, i) => sum + i.importeCentimos, 0),
        presentaciones: presentations.map(presentationDto),
        cambio:
          change === null
            ? null
            : {
                tipo: change.tipo,
                justificanteAnterior: change.justificanteAnterior,
                altas: change.altas,
                cambios: change.cambios,
                bajas: change.bajas,
              },
      };
    },

    /**
     * The AEAT's file of the year (ISO-8859-1); the entity's NIF missing: 409; what the layout refuses: 400. Presented
     * and changed since: the complementary or substitute declaration (see the header).
     */
    async modelo182File(user: SessionUser, anio: number): Promise<Buffer> {
      return fileOf(user, anio, repo);
    },

    /**
     * `POST /api/fiscal/modelo-182/presentaciones`: the year's file as produced now was presented to the AEAT on
     * `presentadaEn` with that justificante. The first is `normal`; a later one is the complementary or substitute
     * declaration the file was then (nothing changed since the last: 409). One transaction, with its history event.
     */
    async presentModelo182(user: SessionUser, input: Modelo182PresentInput): Promise<Modelo182Presentation> {
      const day = await today();
      if (input.presentadaEn > day || input.presentadaEn < `${input.anio + 1}-01-01`) {
        throw new AppError('VALIDATION_ERROR', {
          message: donationMessages.presentationDateInvalid,
          fieldErrors: { presentadaEn: donationMessages.presentationDateInvalid },
        });
      }
      try {
        return await repo.transaction(async (tx) => {
          await tx.lockPresentations(input.anio);
          const { included, presentations } = await gather(tx, input.anio, day);
          const last = presentations.at(-1);
          const change = changeSince(last, included);
          if (last !== undefined && change === null) throw new AppError('CONFLICT', { message: donationMessages.presentationUnchanged });
          if (last === undefined && included.length === 0) throw new AppError('CONFLICT', { message: donationMessages.presentationNothingToDeclare });
          const records = change !== null ? change.records : included;
          const declarados: Declared[] = included.map((i) => ({
            personaId: i.review.persona.id,
            nif: i.review.nif,
            importeCentimos: i.review.importeCentimos,
          }));
          const row = await tx.insertPresentation(
            {
              anio: input.anio,
              presentadaEn: input.presentadaEn,
              justificante: input.justificante,
              tipo: change === null ? 'normal' : change.tipo,
              justificanteAnterior: change === null ? null : change.justificanteAnterior,
              declarados,
              numero: records.length,
              importeTotalCentimos: records.reduce((sum, r) => sum + r.review.importeCentimos, 0),
              createdBy: user.id,
            },
            `${user.name} ${user.lastname}`.trim() || null,
          );
          await history.record(tx.handle, {
            actor: userActor(user),
            entidad: 'modelo_182',
            entidadId: row.id,
            accion: 'enviar',
            cambios: {
              anio: [null, row.anio],
              presentadaEn: [null, row.presentadaEn],
              justificante: [null, row.justificante],
              tipo: [null, row.tipo],
              ...(row.justificanteAnterior === null ? {} : { justificanteAnterior: [null, row.justificanteAnterior] }),
              numero: [null, row.numero],
              importeTotal: [null, centsToEuros(row.importeTotalCentimos)],
            },
          });
          return presentationDto(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', {
            message: donationMessages.justificanteTaken,
            fieldErrors: { justificante: donationMessages.justificanteTaken },
          });
        }
        throw error;
      }
    },
  };
}

export type Modelo182Service = ReturnType<typeof createModelo182Service>;
