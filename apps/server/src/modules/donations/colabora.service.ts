import { randomBytes } from 'node:crypto';
import {
  COLABORA_DEFAULT_AMOUNTS,
  COLABORA_TYPES,
  type ColaboraPage,
  type ColaboraResult,
  type ColaboraValues,
  type Fee,
  type Gift,
  type GiftConfirmInput,
  centsToEuros,
  colaboraMessages,
  dayInZone,
  donationMessages,
  maskIban,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, publicActor, userActor } from '../history/history.port';
import type { OrganizationPort, TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { TemplatesPort } from '../templates/templates.port';
import type { DonationsRepository } from './donations.repository';
import { toFeeDto, toGiftDto } from './donations.service';

/** The `org_setting` key where the organisation may keep its suggested amounts (`{ socio: [..], padrino: [..], donativo: [..] }`). */
export const COLABORA_AMOUNTS_SETTING = 'colabora.importes';
/** At most this many animals are offered for sponsoring on the page. */
const SPONSORABLE_MAX = 60;

const conflict = (message: string) => new AppError('CONFLICT', { message });

/**
 * A SEPA mandate reference (AT-01, at most 35 characters of the SEPA set): the day it was signed and 50 random bits,
 * so that two strangers signing at the same second never share one.
 */
export function newMandateReference(day: string): string {
  const random = randomBytes(8).readBigUInt64BE() % 32n ** 10n;
  return `COLABORA-${day.replaceAll('-', '')}-${random.toString(32).toUpperCase().padStart(10, '0')}`;
}

/** Suggested amounts as kept in the setting, each list of positive amounts; the defaults for anything unreadable. */
function suggestedAmounts(valor: string | undefined): ColaboraPage['importesSugeridos'] {
  const amounts = { ...COLABORA_DEFAULT_AMOUNTS };
  if (!valor) return amounts;
  try {
    const parsed = JSON.parse(valor) as Record<string, unknown>;
    for (const tipo of COLABORA_TYPES) {
      const list = parsed[tipo];
      if (Array.isArray(list) && list.length > 0 && list.every((n) => typeof n === 'number' && Number.isInteger(n * 100) && n > 0)) {
        amounts[tipo] = list as number[];
      }
    }
  } catch {
    // Unreadable: the defaults.
  }
  return amounts;
}

export interface ColaboraServiceDeps {
  repo: DonationsRepository;
  persons: Pick<PersonsPort, 'link'>;
  history: Pick<HistoryPort, 'record'>;
  organization: Pick<OrganizationPort, 'stored' | 'setting'>;
  templates: Pick<TemplatesPort, 'fillDocument'>;
  timeZone: TimeZoneSource;
  db: Database;
  clock?: () => Date;
}

/**
 * The public page `/colabora` (DESIGN section 15) and the staff's confirmation of what it stores. A recurring
 * collaboration (socio, padrino) is a fee `pendiente`; a one-off gift is a gift `pendiente` with its IBAN and mandate
 * (see the server README, "Colabora"). Both are paid by SEPA direct debit, signed today; neither counts anywhere until
 * an administrator confirms it.
 */
export function createColaboraService({
  repo,
  persons,
  history,
  organization,
  templates,
  timeZone,
  db,
  clock = () => new Date(),
}: ColaboraServiceDeps) {
  const today = async (handle: Database) => dayInZone(clock(), await timeZone(handle));

  return {
    /** `GET /api/public/colabora`. */
    async page(): Promise<ColaboraPage> {
      const [org, amounts, mandato, privacidad, pets] = await Promise.all([
        organization.stored(db),
        organization.setting(db, COLABORA_AMOUNTS_SETTING),
        templates.fillDocument(db, 'colabora_mandato', {}, (v) => v),
        templates.fillDocument(db, 'colabora_privacidad', {}, (v) => v),
        repo.sponsorablePets(SPONSORABLE_MAX),
      ]);
      return {
        organizacion: { nombre: org.nombre ?? '', ley49: org.ley49 },
        textos: { mandato, privacidad },
        importesSugeridos: suggestedAmounts(amounts),
        mascotas: pets.map((p) => ({ id: p.id, nombre: p.nombre, miniatura: p.imagenPrincipal ? petThumbnailUrl(p.id, p.imagenPrincipal) : null })),
      };
    },

    /**
     * `POST /api/public/colabora`: the person (linked by DESIGN section 10's rule, with their NIF and postcode) and a
     * pending fee or gift, with the history of both, in one transaction. A filled honeypot stores nothing and answers
     * like a success (id 0). The answer carries the IBAN masked.
     */
    async join(input: ColaboraValues): Promise<ColaboraResult> {
      const day = await today(db);
      const mandato = { referencia: newMandateReference(day), fechaFirma: day };
      const periodicidad = input.tipo === 'donativo' ? null : (input.periodicidad ?? null);
      const answer = (id: number): ColaboraResult => ({
        id,
        tipo: input.tipo,
        estado: 'pendiente',
        importe: centsToEuros(input.importe),
        importeCentimos: input.importe,
        periodicidad,
        metodoPago: 'domiciliacion',
        iban: maskIban(input.iban),
        mandato,
      });
      if (input.sitioWeb !== undefined && input.sitioWeb.trim() !== '') return answer(0);
      const actor = publicActor(`${input.nombre} ${input.apellidos}`.trim());
      return repo.transaction(async (tx) => {
        if (input.mascotaId !== undefined && !(await tx.isSponsorable(input.mascotaId))) {
          throw new AppError('NOT_FOUND', { message: colaboraMessages.petNotListed, fieldErrors: { mascotaId: colaboraMessages.petNotListed } });
        }
        const rol = input.tipo === 'donativo' ? 'donante' : input.tipo;
        const { personaId } = await persons.link(
          tx.handle,
          {
            nombre: input.nombre,
            apellidos: input.apellidos,
            email: input.email,
            telefono: input.telefono,
            direccion: input.direccion,
            nif: input.nif,
            codigoPostal: input.codigoPostal,
          },
          rol,
          actor,
        );
        const mandate = { iban: input.iban, mandatoReferencia: mandato.referencia, mandatoFechaFirma: mandato.fechaFirma };
        // What the form said of its author's fiscal identity and address, kept with the submission: linking never
        // writes it on a person who existed; staff compare it (`diferencias`) and apply it ("Usar estos datos").
        const datosEnviados = Object.fromEntries(
          Object.entries({ nif: input.nif, codigoPostal: input.codigoPostal, direccion: input.direccion?.trim() }).filter(
            (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
          ),
        );
        if (input.tipo === 'donativo') {
          const row = await tx.insertGift({
            personaId,
            importeCentimos: input.importe,
            fecha: day,
            metodo: 'domiciliacion',
            concepto: 'donativo',
            feeId: null,
            petId: null,
            referencia: '',
            estado: 'pendiente',
            ...mandate,
            datosEnviados,
            createdBy: null,
            updatedBy: null,
          });
          await history.record(tx.handle, {
            actor,
            entidad: 'donativo',
            entidadId: row.id,
            accion: 'crear',
            cambios: {
              personaId: [null, personaId],
              importe: [null, centsToEuros(row.importeCentimos)],
              fecha: [null, row.fecha],
              metodo: [null, row.metodo],
              concepto: [null, row.concepto],
              iban: [null, maskIban(input.iban)],
              mandato: [null, mandato],
              estado: [null, row.estado],
            },
          });
          return answer(row.id);
        }
        const row = await tx.insertFee({
          personaId,
          tipo: input.tipo,
          importeCentimos: input.importe,
          periodicidad: periodicidad!,
          desde: day,
          petId: input.mascotaId ?? null,
          metodoPago: 'domiciliacion',
          ...mandate,
          datosEnviados,
          estado: 'pendiente',
          createdBy: null,
          updatedBy: null,
        });
        await history.record(tx.handle, {
          actor,
          entidad: 'cuota',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            personaId: [null, personaId],
            tipo: [null, row.tipo],
            importe: [null, centsToEuros(row.importeCentimos)],
            periodicidad: [null, row.periodicidad],
            desde: [null, row.desde],
            ...(row.petId === null ? {} : { mascotaId: [null, row.petId] }),
            metodoPago: [null, row.metodoPago],
            iban: [null, maskIban(input.iban)],
            mandato: [null, mandato],
            estado: [null, row.estado],
          },
        });
        return answer(row.id);
      });
    },

    /** `POST /api/cuotas/{id}/confirmar`: a pending fee becomes active (already active, left or stale: 409). */
    async confirmFee(actor: SessionUser, id: number, version: number): Promise<Fee> {
      return repo.transaction(async (tx) => {
        const before = await tx.findFee(id, { forUpdate: true });
        if (!before) throw new AppError('NOT_FOUND', { message: donationMessages.feeNotFound });
        if (before.estado === 'activa') throw conflict(colaboraMessages.alreadyConfirmed);
        if (before.estado !== 'pendiente') throw conflict(colaboraMessages.pendingOnly);
        if (before.version !== version) throw conflict(donationMessages.feeStale);
        const after = await tx.confirmFee(id, version, actor.id);
        if (!after) throw conflict(donationMessages.feeStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['pendiente', 'activa'] },
        });
        const named = await tx.namedFee(id);
        return toFeeDto(named!);
      });
    },

    /**
     * `POST /api/donativos/{id}/confirmar`: a pending one-off gift becomes registered, on the day it was collected
     * (not future; by default the day it was promised). Already registered, annulled or stale: 409.
     */
    async confirmGift(actor: SessionUser, id: number, input: GiftConfirmInput): Promise<Gift> {
      return repo.transaction(async (tx) => {
        const before = await tx.findGift(id, { forUpdate: true });
        if (!before) throw new AppError('NOT_FOUND', { message: donationMessages.giftNotFound });
        if (before.estado === 'registrado') throw conflict(colaboraMessages.alreadyConfirmed);
        if (before.estado !== 'pendiente') throw conflict(colaboraMessages.pendingOnly);
        if (before.version !== input.version) throw conflict(donationMessages.giftStale);
        const fecha = input.fecha ?? before.fecha;
        if (fecha > (await today(tx.handle))) {
          throw new AppError('VALIDATION_ERROR', { message: donationMessages.dateInFuture, fieldErrors: { fecha: donationMessages.dateInFuture } });
        }
        const after = await tx.confirmGift(id, input.version, fecha, actor.id);
        if (!after) throw conflict(donationMessages.giftStale);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'donativo',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['pendiente', 'registrado'], ...(fecha === before.fecha ? {} : { fecha: [before.fecha, fecha] }) },
        });
        const named = await tx.namedGift(id);
        return toGiftDto(named!, await today(tx.handle));
      });
    },
  };
}

export type ColaboraService = ReturnType<typeof createColaboraService>;
