import {
  type Modelo182Review,
  centsToEuros,
  dayInZone,
  donationMessages,
  fiscalPersonType,
  normaliseFiscalId,
  provinceOfPostcode,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import type { OrganizationPort } from '../organization/organization.port';
import type { DonationsRepository, DonorOfYear } from './donations.repository';
import { type Declarado182, Modelo182Error, buildModelo182, recurrenceOf } from './modelo-182';

/*
 * The modelo 182 of a year (DESIGN section 15): the review of who is declared and who is left out, and the AEAT's
 * file built from it by `buildModelo182`. Only registered gifts of a person count (not annulled, not returned);
 * anonymous gifts are not declared. A donor is left out without a valid NIF, without a valid postcode (the
 * province), or once anonymised.
 */

const invalidYear = () =>
  new AppError('VALIDATION_ERROR', { message: donationMessages.fiscalYearInvalid, fieldErrors: { anio: donationMessages.fiscalYearInvalid } });

/** The name of the type-2 record: "APELLIDOS NOMBRE" for a natural person, the stored name of a legal one. */
function declaredName(donor: DonorOfYear, tipo: 'F' | 'J'): string {
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

export function createModelo182Service(deps: { repo: DonationsRepository; organization: Pick<OrganizationPort, 'get' | 'timeZone'> }) {
  const { repo, organization } = deps;

  async function gather(anio: number): Promise<{ included: Included[]; excluidos: Modelo182Review['excluidos'] }> {
    const currentYear = Number(dayInZone(new Date(), await organization.timeZone()).slice(0, 4));
    if (!Number.isInteger(anio) || anio < 2000 || anio > currentYear) throw invalidYear();
    const included: Included[] = [];
    const excluidos: Modelo182Review['excluidos'] = [];
    for (const donor of await repo.donorsOfYear(anio)) {
      const importeCentimos = donor.totalsByYear[anio] ?? 0;
      const persona = { id: donor.id, nombre: displayName(donor) };
      const amount = { importe: centsToEuros(importeCentimos), importeCentimos };
      const nif = donor.nif === null ? '' : normaliseFiscalId(donor.nif);
      const tipo = nif === '' ? undefined : fiscalPersonType(nif);
      const provincia = donor.codigoPostal === null ? undefined : provinceOfPostcode(donor.codigoPostal);
      if (donor.anonimizada) excluidos.push({ persona, ...amount, motivo: 'anonimizada' });
      else if (tipo === undefined) excluidos.push({ persona, ...amount, motivo: 'sin_nif' });
      else if (provincia === undefined) excluidos.push({ persona, ...amount, motivo: 'sin_codigo_postal' });
      else {
        const recurrencia = recurrenceOf(donor.totalsByYear, anio);
        included.push({
          review: { persona, nif, provincia, ...amount, recurrencia },
          declarado: { nif, nombre: declaredName(donor, tipo), provincia, importeCentimos, naturaleza: tipo, recurrencia },
        });
      }
    }
    return { included, excluidos };
  }

  return {
    /** Who the year's modelo 182 declares, with their totals and recurrence, and who it leaves out and why. */
    async modelo182Review(anio: number): Promise<Modelo182Review> {
      const { included, excluidos } = await gather(anio);
      const incluidos = included.map((i) => i.review);
      return { anio, incluidos, excluidos, totalCentimos: incluidos.reduce((sum, i) => sum + i.importeCentimos, 0) };
    },

    /** The AEAT's file of the year (ISO-8859-1); the entity's NIF missing: 409; what the layout refuses: 400. */
    async modelo182File(user: SessionUser, anio: number): Promise<Buffer> {
      const { included } = await gather(anio);
      const org = await organization.get();
      if (!org.nif) throw new AppError('CONFLICT', { message: donationMessages.organizationNifMissing });
      if (!org.nombre?.trim()) throw new AppError('CONFLICT', { message: donationMessages.organizationNameMissing });
      // The contact telephone of the type-1 record: a Spanish number of 9 digits (the settings keep it as E.164).
      if (!/^(\+34)?\d{9}$/.test((org.telefono ?? '').replace(/[\s.-]/g, '')))
        throw new AppError('CONFLICT', { message: donationMessages.organizationPhoneMissing });
      try {
        return buildModelo182({
          ejercicio: anio,
          declarante: {
            nif: org.nif,
            denominacion: org.nombre ?? '',
            telefono: org.telefono ?? '',
            personaContacto: `${user.lastname} ${user.name}`.trim(),
            naturaleza: org.ley49 ? 1 : 2,
          },
          declarados: included.map((i) => i.declarado),
        });
      } catch (error) {
        if (error instanceof Modelo182Error) throw new AppError('VALIDATION_ERROR', { message: error.message, cause: error });
        throw error;
      }
    },
  };
}

export type Modelo182Service = ReturnType<typeof createModelo182Service>;
