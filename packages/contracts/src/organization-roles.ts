import { z } from 'zod';
import { ADMIN_ONLY_CAPABILITIES, CAPABILITIES, type Capability, capabilitiesOfRole } from './permissions';
import { oneLineText } from './text';
import { ADMIN_ROLE, ROLES, type Rol, rolSchema } from './users';

/*
 * The organisation's own roles (DESIGN section 21): a name, the built-in role it started from, the capabilities
 * of the permission table it has, and whether it sees persons' identity masked as Voluntariado does. What stays
 * with Administrador (ADMIN_ONLY_CAPABILITIES) is never part of one; `cuenta` (one's own account, the dashboard)
 * always is.
 */

export const ORGANIZATION_ROLE_NAME_MAX_LENGTH = 60;

/** What each capability lets a person do, as the roles screen explains it. */
export const capabilityDescriptions: Record<Capability, string> = {
  cuenta: 'Su propia cuenta, el panel, el trabajo pendiente y el nombre y logo de la organización.',
  'mascotas.ver': 'Ver los animales, su ficha y su historial.',
  'mascotas.editar': 'Dar de alta, editar, eliminar y restaurar animales, con sus fotos y vídeos.',
  'cuidados.ver': 'Ver los cuidados y la salud de los animales.',
  'cuidados.registrar': 'Registrar cuidados, marcarlos como hechos y adjuntar documentos.',
  'cuidados.protocolos': 'Los protocolos de vacunación y desparasitación que recibe cada animal.',
  'personas.ver': 'Ver las personas (adoptantes, acogidas, socios, voluntariado).',
  'personas.editar': 'Dar de alta, editar y fusionar personas.',
  'personas.rgpd': 'Exportar todo lo que se sabe de una persona (RGPD) y anonimizarla.',
  mensajes: 'Enviar mensajes a las personas y ver los enviados.',
  adopciones: 'Solicitudes de adopción, contratos, documentos y seguimientos.',
  movimientos: 'Dónde está cada animal: movimientos, casas de acogida y su portal.',
  publicacion: 'Publicar animales, carteles, enlaces de registro y paquetes.',
  voluntariado: 'Fichas de voluntariado, turnos y asistencia.',
  cesiones: 'Solicitudes de cesión y avisos de animales perdidos o encontrados.',
  libro: 'El libro de registro de entradas y salidas.',
  informes: 'Informes y memoria anual.',
  dinero: 'Cuotas, donativos, remesas, certificados y modelo 182.',
  inspecciones: 'Enlaces de inspección para las autoridades.',
  importar: 'Importar datos y exportar listas completas.',
  campos: 'Los campos propios de animales y personas y los formularios públicos de la organización.',
  ajustes: 'La configuración de la organización, las plantillas, el registro de auditoría y los trabajos en segundo plano.',
  usuarios: 'Los usuarios y los roles de la organización.',
};

/** The capabilities an organisation role may hold, in the table's order. */
export const ORGANIZATION_ROLE_CAPABILITIES: readonly Capability[] = (Object.keys(CAPABILITIES) as Capability[]).filter(
  (c) => !ADMIN_ONLY_CAPABILITIES.includes(c),
);

/** What a new role based on `role` starts with: the built-in role's capabilities, less what stays with Administrador. */
export function startingCapabilities(role: string): Capability[] {
  return capabilitiesOfRole(role).filter((c) => !ADMIN_ONLY_CAPABILITIES.includes(c));
}

/**
 * The built-in role a user with an organisation role keeps underneath (`rol`: the two-step sign-in's rule, the
 * last-administrator guard): its base, except that none is Administrador (what stays with it is never given).
 */
export function underlyingRole(basadoEn: Rol): Rol {
  return basadoEn === ADMIN_ROLE ? 'Coordinación' : basadoEn;
}

export const organizationRoleMessages = {
  nameRequired: 'El nombre del rol es obligatorio.',
  nameTooLong: `El nombre del rol no puede superar los ${ORGANIZATION_ROLE_NAME_MAX_LENGTH} caracteres.`,
  nameTaken: 'Ya existe un rol con ese nombre.',
  nameBuiltIn: 'Ese nombre es el de un rol del sistema. Elige otro.',
  basedOnInvalid: 'El rol base debe ser Administrador, Coordinación, Equipo, Voluntariado, Veterinaria o Tesorería.',
  capabilitiesInvalid: 'Las capacidades deben ser una lista de nombres de la tabla de permisos.',
  unknownCapability: (name: string) => `«${name}» no es una capacidad de la tabla de permisos.`,
  adminOnly: (name: Capability) =>
    `«${name}» (${capabilityDescriptions[name].replace(/\.$/, '').toLowerCase()}) es solo del rol Administrador: no se puede dar a un rol de la organización.`,
  versionRequired: 'Falta la versión del rol.',
  staleVersion: 'Otra persona ha guardado este rol mientras lo editabas. Recarga y vuelve a intentarlo.',
  notFound: 'No existe un rol de la organización con ese identificador.',
  inUse: (users: number) =>
    `No se puede eliminar: ${users === 1 ? 'un usuario tiene' : `${users} usuarios tienen`} este rol. Asígnales antes otro rol.`,
  bothRoles: 'Elige un rol del sistema o un rol de la organización, no los dos.',
  unknownRole: 'No existe ese rol de la organización. Recarga la página y elige otro.',
  created: 'Rol creado.',
  saved: 'Rol guardado.',
  deleted: 'Rol eliminado.',
} as const;

const nombreSchema = oneLineText({ error: organizationRoleMessages.nameRequired })
  .trim()
  .min(1, organizationRoleMessages.nameRequired)
  .max(ORGANIZATION_ROLE_NAME_MAX_LENGTH, organizationRoleMessages.nameTooLong)
  .refine((name) => !(ROLES as readonly string[]).some((r) => r.toLocaleLowerCase('es') === name.toLocaleLowerCase('es')), {
    message: organizationRoleMessages.nameBuiltIn,
  });

/** Names of the permission table; a name it does not know, or one that stays with Administrador, is refused by name. */
const capacidadesSchema = z
  .array(oneLineText({ error: organizationRoleMessages.capabilitiesInvalid }).trim().max(60), { error: organizationRoleMessages.capabilitiesInvalid })
  .max(100, organizationRoleMessages.capabilitiesInvalid)
  .superRefine((names, ctx) => {
    for (const name of names) {
      if (!(name in CAPABILITIES)) ctx.addIssue({ code: 'custom', message: organizationRoleMessages.unknownCapability(name) });
      else if (ADMIN_ONLY_CAPABILITIES.includes(name as Capability))
        ctx.addIssue({ code: 'custom', message: organizationRoleMessages.adminOnly(name as Capability) });
    }
  })
  // `cuenta` always; the table's order, once each.
  .transform((names) => (Object.keys(CAPABILITIES) as Capability[]).filter((c) => c === 'cuenta' || names.includes(c)));

export const organizationRoleInputSchema = z.object({
  nombre: nombreSchema,
  basadoEn: z.enum(ROLES, { error: organizationRoleMessages.basedOnInvalid }).describe('El rol del sistema del que parte'),
  capacidades: capacidadesSchema.describe('Las capacidades de la tabla de permisos que tiene (sin las que son solo de Administrador)'),
  enmascarar: z.boolean().default(false).describe('Ve el documento, la dirección y el teléfono de las personas como ***'),
});
export type OrganizationRoleInput = z.infer<typeof organizationRoleInputSchema>;

export const updateOrganizationRoleInputSchema = organizationRoleInputSchema.omit({ basadoEn: true }).extend({
  version: z.number({ error: organizationRoleMessages.versionRequired }).int().min(1, organizationRoleMessages.versionRequired),
});
export type UpdateOrganizationRoleInput = z.infer<typeof updateOrganizationRoleInputSchema>;

export const organizationRoleIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const organizationRoleSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  basadoEn: rolSchema,
  capacidades: z.array(z.string()),
  enmascarar: z.boolean(),
  version: z.number().int(),
  usuarios: z.number().int().describe('Cuántos usuarios tienen este rol'),
  creadoEn: z.iso.datetime(),
  actualizadoEn: z.iso.datetime(),
});
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

export const listOrganizationRolesResponseSchema = z.object({ items: z.array(organizationRoleSchema) });
