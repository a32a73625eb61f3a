import { type OrganizationSettings, type SaveOrganizationInput, isValidTimeZone, maskIban, organizationMessages } from '@refugio/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { OrganizationSettingsSource, StoredOrganization } from './organization-settings';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, changedFields, userActor } from '../history/history.port';
import type { OrganizationRepository } from './organization.repository';

export const organizationStaleMessage = 'Otra persona ha cambiado estos datos mientras los editabas. Recarga para ver sus cambios.';

export interface OrganizationServiceDeps {
  repo: OrganizationRepository;
  settings: OrganizationSettingsSource;
  history: Pick<HistoryPort, 'record'>;
  /** The phone in E.164 with the organisation's country, or null when it is not a valid number. */
  normalisePhone: (raw: string) => string | null;
  /** Inside the save's transaction, when the time zone changes: what keeps figures by day follows it. */
  onTimeZone?: (tx: Tx, timeZone: string) => Promise<unknown>;
}

const masked = (org: StoredOrganization): StoredOrganization => ({ ...org, ibanAcreedor: org.ibanAcreedor && maskIban(org.ibanAcreedor) });

const FIELDS = [
  'nombre',
  'email',
  'telefono',
  'direccion',
  'web',
  'zonaHoraria',
  'nif',
  'ley49',
  'registroEntidades',
  'nucleoZoologico',
  'acreedorSepa',
  'ibanAcreedor',
  'contactoAcogidaVoluntariado',
  'capacidad',
] as const;

/** The organisation's settings (DESIGN section 10): read by staff, saved by administrators with history. */
export function createOrganizationService({ repo, settings, history, normalisePhone, onTimeZone }: OrganizationServiceDeps) {
  return {
    get: (): Promise<OrganizationSettings> => settings.get(),

    async save(actor: SessionUser, input: SaveOrganizationInput): Promise<OrganizationSettings> {
      if (!isValidTimeZone(input.zonaHoraria)) {
        throw new AppError('VALIDATION_ERROR', {
          message: organizationMessages.timeZoneInvalid,
          fieldErrors: { zonaHoraria: organizationMessages.timeZoneInvalid },
        });
      }
      const telefono = input.telefono === null ? null : normalisePhone(input.telefono);
      if (input.telefono !== null && telefono === null) {
        throw new AppError('VALIDATION_ERROR', {
          message: organizationMessages.phoneInvalid,
          fieldErrors: { telefono: organizationMessages.phoneInvalid },
        });
      }
      await repo.transaction(async (tx) => {
        await tx.lock();
        const current = await settings.stored(tx.handle);
        if (current.version !== input.version) throw new AppError('CONFLICT', { message: organizationStaleMessage });
        const next: StoredOrganization = {
          nombre: input.nombre,
          email: input.email,
          telefono,
          direccion: input.direccion,
          web: input.web,
          zonaHoraria: input.zonaHoraria,
          // The fiscal data left out of the request keeps what is stored.
          nif: input.nif !== undefined ? input.nif : current.nif,
          ley49: input.ley49 ?? current.ley49,
          registroEntidades: input.registroEntidades !== undefined ? input.registroEntidades : current.registroEntidades,
          nucleoZoologico: input.nucleoZoologico !== undefined ? input.nucleoZoologico : current.nucleoZoologico,
          acreedorSepa: input.acreedorSepa !== undefined ? input.acreedorSepa : current.acreedorSepa,
          ibanAcreedor: input.ibanAcreedor !== undefined ? input.ibanAcreedor : current.ibanAcreedor,
          contactoAcogidaVoluntariado: input.contactoAcogidaVoluntariado ?? current.contactoAcogidaVoluntariado,
          // The species written change; the others keep their places.
          capacidad: { ...current.capacidad, ...input.capacidad },
          version: current.version + 1,
        };
        await tx.save(next);
        if (next.zonaHoraria !== current.zonaHoraria) await onTimeZone?.(tx.handle, next.zonaHoraria);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'organizacion',
          entidadId: 'organizacion',
          accion: 'modificar',
          // The account as everywhere but in the bank file: masked.
          cambios: changedFields(masked(current), masked(next), FIELDS),
        });
      });
      return settings.get();
    },
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
