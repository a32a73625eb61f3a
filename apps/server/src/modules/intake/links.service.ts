import { randomBytes } from 'node:crypto';
import { type CreateLinkInput, type LinkCheck, type ListLinksQuery, type RegistrationLink, intakeMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import type { SessionUser } from '../../plugins/access';
import type { PersonsPort } from '../persons/persons.port';
import { type HistoryPort, userActor } from '../history/history.port';
import type { LinkRow, LinksRepository } from './links.repository';
import type { PackagesRepository } from './packages.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 144 random bits, base64url: unguessable, and short enough for a QR code. */
export function newLinkToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Registration links: issued under a package to a named recipient, checked by the public form. */
export function createLinksService(deps: {
  repo: LinksRepository;
  packages: PackagesRepository;
  history: Pick<HistoryPort, 'record'>;
  publicUrl: string;
  /** The recipient's contact normalised, and the link linked to their person when it names an e-mail or phone. */
  persons: Pick<PersonsPort, 'link' | 'normaliseContact'>;
  /** The organisation's settings (the organisation's port): an unusable link tells whom to ask for a new one. */
  organization: Pick<OrganizationSettingsSource, 'get'>;
  now?: () => Date;
}) {
  const { repo, packages, history, publicUrl, persons } = deps;
  const now = deps.now ?? (() => new Date());

  function toDto(row: LinkRow): RegistrationLink {
    return {
      id: row.id,
      url: `${publicUrl}/registro-mascota/${row.id}`,
      urlMovil: `${publicUrl}/registro-mascota-mobile?enlace=${row.id}`,
      paqueteId: row.paqueteId,
      paqueteNombre: row.paqueteNombre,
      destinatario: row.destinatario,
      personaId: row.personaId,
      email: row.email,
      telefono: row.telefono,
      nota: row.nota,
      cupo: row.cupo,
      usados: row.usados,
      restantes: Math.max(0, row.cupo - row.usados),
      venceEn: row.venceEn.toISOString(),
      revocadoEn: row.revocadoEn?.toISOString() ?? null,
      estado: row.estado,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function get(id: string): Promise<RegistrationLink> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', { message: intakeMessages.linkNotFound });
    return toDto(row);
  }

  /** DESIGN section 7: what the public form learns about a link, and nothing more. */
  async function check(id: string): Promise<LinkCheck> {
    const row = id === '' ? undefined : await repo.findById(id);
    const motivo = !row ? 'no_existe' : row.estado === 'activo' ? null : row.estado;
    if (!row || motivo !== null) {
      const reason = motivo ?? 'no_existe';
      const { contacto } = await deps.organization.get();
      return { valido: false, motivo: reason, mensaje: intakeMessages.linkInvalid[reason], contacto };
    }
    return { valido: true, destinatario: row.destinatario, restantes: row.cupo - row.usados, venceEn: row.venceEn.toISOString() };
  }

  return {
    get,
    check,

    /** Throws the check's Spanish message when the link cannot take a registration now. */
    async assertUsable(id: string): Promise<void> {
      const result = await check(id);
      if (!result.valido) throw invalidLinkError(result.mensaje);
    },

    async list(query: ListLinksQuery) {
      const { rows, total } = await repo.list(query);
      return { items: rows.map(toDto), total, page: query.page, pageSize: query.pageSize };
    },

    async create(actor: SessionUser, input: CreateLinkInput): Promise<RegistrationLink> {
      const pkg = await packages.findById(input.paqueteId);
      if (!pkg) {
        throw new AppError('VALIDATION_ERROR', {
          message: intakeMessages.packageNotFound,
          fieldErrors: { paqueteId: intakeMessages.packageNotFound },
        });
      }
      if (pkg.archivedAt) {
        throw new AppError('VALIDATION_ERROR', {
          message: intakeMessages.packageArchived,
          fieldErrors: { paqueteId: intakeMessages.packageArchived },
        });
      }
      const contact = persons.normaliseContact({ email: input.email ?? null, telefono: input.telefono ?? null });
      const id = newLinkToken();
      const venceEn = new Date(now().getTime() + pkg.diasVigencia * DAY_MS);
      await repo.transaction(async (tx) => {
        const persona =
          contact.email || contact.telefono
            ? await persons.link(tx.handle, { nombre: input.destinatario, ...contact }, 'rescatador', userActor(actor))
            : undefined;
        await tx.insert({
          id,
          paqueteId: pkg.id,
          destinatario: input.destinatario,
          personaId: persona?.personaId ?? null,
          email: contact.email ?? '',
          telefono: contact.telefono ?? '',
          nota: input.nota ?? '',
          cupo: pkg.cupo,
          venceEn,
          createdBy: actor.id,
        });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'enlace',
          entidadId: id,
          accion: 'crear',
          cambios: { destinatario: [null, input.destinatario], paqueteId: [null, pkg.id], venceEn: [null, venceEn.toISOString()] },
        });
      });
      return get(id);
    },

    async revoke(actor: SessionUser, id: string): Promise<RegistrationLink> {
      await repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        if (!before) throw new AppError('NOT_FOUND', { message: intakeMessages.linkNotFound });
        if (!(await tx.revoke(id))) throw new AppError('CONFLICT', { message: intakeMessages.linkAlreadyRevoked });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'enlace',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [before.estado, 'revocado'] },
        });
      });
      return get(id);
    },

    async extend(actor: SessionUser, id: string, days: number): Promise<RegistrationLink> {
      await repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        if (!before || !(await tx.extend(id, days))) throw new AppError('NOT_FOUND', { message: intakeMessages.linkNotFound });
        const after = await tx.findById(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'enlace',
          entidadId: id,
          accion: 'modificar',
          cambios: { venceEn: [before.venceEn.toISOString(), after!.venceEn.toISOString()] },
        });
      });
      return get(id);
    },
  };
}

export function invalidLinkError(mensaje: string): AppError {
  return new AppError('UNPROCESSABLE', { message: mensaje, fieldErrors: { enlaceId: mensaje } });
}

export type LinksService = ReturnType<typeof createLinksService>;
