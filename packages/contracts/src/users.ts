import { z } from 'zod';

export const ROLES = ['Administrador', 'Equipo'] as const;
export const rolSchema = z.enum(ROLES);
export type Rol = z.infer<typeof rolSchema>;
export const ADMIN_ROLE: Rol = 'Administrador';
export const DEFAULT_ROLE: Rol = 'Equipo';
export const DEFAULT_PERMISOS = 'equipo-web';
export const DEFAULT_COLOR = '#3B82F6';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const getUserRoleQuerySchema = z.object({
  uid: z.string().min(1, 'Falta el identificador de usuario.').max(200).describe('Identificador del usuario'),
});

/** Answer of the role lookup: the rol, or '' when the user has none. */
export const getUserRoleResponseSchema = z.object({ rol: z.union([rolSchema, z.literal('')]) });
export type GetUserRoleResponse = z.infer<typeof getUserRoleResponseSchema>;
