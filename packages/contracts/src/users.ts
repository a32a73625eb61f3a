import { z } from 'zod';
import { oneLineText } from './text';

/** The roles of staff accounts (DESIGN section 20); what each may do is the permission table (`permissions.ts`). */
export const ROLES = ['Administrador', 'Coordinación', 'Equipo', 'Voluntariado', 'Veterinaria', 'Tesorería'] as const;
export const rolSchema = z.enum(ROLES, {
  error: 'El rol debe ser Administrador, Coordinación, Equipo, Voluntariado, Veterinaria o Tesorería.',
});
export type Rol = z.infer<typeof rolSchema>;
export const ADMIN_ROLE: Rol = 'Administrador';
export const DEFAULT_ROLE: Rol = 'Equipo';

/** What each role is for, as the users screen explains it. */
export const roleDescriptions: Record<Rol, string> = {
  Administrador: 'Todo, también los usuarios y la configuración.',
  Coordinación: 'Todo salvo los usuarios y la configuración.',
  Equipo: 'Animales, personas, adopciones, cuidados y voluntariado; sin dinero.',
  Voluntariado: 'Animales y cuidados; ve los datos personales ocultos (***) y nada de dinero.',
  Veterinaria: 'Cuidados y salud completos; los animales, solo lectura.',
  Tesorería: 'Cuotas, donativos, certificados, modelo 182 y personas.',
};

export function isRole(value: string): value is Rol {
  return (ROLES as readonly string[]).includes(value);
}
export const DEFAULT_PERMISOS = 'equipo-web';
export const DEFAULT_COLOR = '#3B82F6';

/** The signed-in person as the server resolves them from the session (better-auth's user, `role` = SPEC `rol`). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  lastname: string;
  role: string;
  permisos: string;
  color: string;
  /** The password was chosen by an administrator: the person must pick their own before anything else. */
  mustChangePassword: boolean;
  /** The second step (TOTP) is on. */
  twoFactorEnabled: boolean;
  /** REQUIRE_TWO_FACTOR and a role that needs it, without it yet: the session opens nothing but the enrolment. */
  twoFactorRequired: boolean;
  /**
   * The organisation role the user has (DESIGN section 21), or null: with one, its capabilities (`capacidades`)
   * and masking decide instead of `role` (which then names the built-in role underneath).
   */
  rolOrganizacion?: { id: number; nombre: string } | null;
  /** What the user may do: the permission table's capabilities of their role (or of their organisation role). */
  capacidades?: readonly string[];
  /** Sees persons' identity as `***` (Voluntariado, or an organisation role that masks). */
  enmascarar?: boolean;
}

/** The roles that must have the second step when REQUIRE_TWO_FACTOR=1 (DESIGN section 20). */
export const TWO_FACTOR_ROLES: readonly Rol[] = ['Administrador', 'Tesorería'];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const MAIL_MAX_LENGTH = 254;
export const PERMISOS_MAX_LENGTH = 50;

export const userMessages = {
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: `El nombre no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  lastnameTooLong: `El apellido no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  mailInvalid: 'Ingresa un correo electrónico válido.',
  mailTaken: 'Ya existe un usuario con este correo.',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordTooLong: `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`,
  passwordTooCommon: 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
  passwordTooWeak: 'Esta contraseña es demasiado fácil de adivinar. Usa una frase de varias palabras o una combinación menos previsible.',
  /** A person changing their own password. */
  passwordOwnName: 'La contraseña no puede basarse en tu nombre ni en tu correo. Elige otra.',
  /** An administrator choosing the password of the person being created or reset. */
  passwordPersonName: 'La contraseña no puede basarse en el nombre ni en el correo de la persona. Elige otra.',
  passwordOrganisation: 'La contraseña no puede basarse en el nombre del refugio ni en palabras como «refugio», «adopción» o «mascota». Elige otra.',
  passwordCommonWord:
    'La contraseña se basa en una palabra que se prueba primero (como «contraseña», «password» o «bienvenido») con números o un año. Elige otra.',
  passwordControlChars: 'La contraseña no puede contener caracteres de control (saltos de línea, tabuladores ni caracteres invisibles).',
  passwordSameAsCurrent: 'La contraseña nueva debe ser distinta de la actual.',
  permisosInvalid: 'Los permisos solo pueden tener letras minúsculas, números, guiones y guiones bajos.',
  colorInvalid: 'El color debe ser un color hexadecimal, por ejemplo #3B82F6.',
  nothingToChange: 'No hay cambios que guardar.',
  notFound: 'No existe un usuario con ese identificador.',
  lastAdmin: 'No se puede: es el último administrador activo. Nombra antes a otro administrador.',
  notYourself: 'No puedes desactivar ni eliminar tu propia cuenta.',
  twoFactorMandatory:
    'Tu rol exige la verificación en dos pasos: no se puede desactivar. Si has perdido el móvil, pide a otro administrador que la restablezca.',
  notYourselfTwoFactor: 'Tu propia verificación en dos pasos se cambia desde tu cuenta, no desde la lista de usuarios.',
  created: 'Usuario creado correctamente.',
  forbiddenPage: 'No tienes permiso para ver esta página.',
} as const;

/** NUL, line breaks, tabs and the other control characters (Unicode Cc): never part of a password. */
export function hasControlCharacters(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

export const passwordSchema = oneLineText(
  { error: userMessages.passwordTooShort },
  { invalidCharacters: userMessages.passwordControlChars, lineBreak: userMessages.passwordControlChars },
)
  .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, userMessages.passwordTooLong)
  .refine((password) => !hasControlCharacters(password), userMessages.passwordControlChars);

const nameSchema = oneLineText({ error: userMessages.nameRequired })
  .trim()
  .min(1, userMessages.nameRequired)
  .max(NAME_MAX_LENGTH, userMessages.nameTooLong);
const lastnameSchema = oneLineText({ error: userMessages.lastnameTooLong }).trim().max(NAME_MAX_LENGTH, userMessages.lastnameTooLong);
const mailSchema = oneLineText({ error: userMessages.mailInvalid })
  .trim()
  .toLowerCase()
  .max(MAIL_MAX_LENGTH, userMessages.mailInvalid)
  .pipe(z.email({ error: userMessages.mailInvalid }));
const permisosSchema = oneLineText({ error: userMessages.permisosInvalid })
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]*$/, userMessages.permisosInvalid)
  .max(PERMISOS_MAX_LENGTH, userMessages.permisosInvalid);
export const colorSchema = oneLineText({ error: userMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, userMessages.colorInvalid)
  .transform((c) => c.toUpperCase());

/** An organisation role's id (DESIGN section 21), or null for none (the built-in `rol` alone decides). */
const rolOrganizacionSchema = z
  .number({ error: 'El rol de la organización debe ser el identificador de un rol, o null.' })
  .int()
  .min(1)
  .max(2_147_483_647)
  .nullable()
  .describe('Un rol de la organización (GET /api/roles), o null para ninguno: con uno, sus capacidades deciden en lugar del rol');

export const createUserInputSchema = z.object({
  name: nameSchema,
  lastname: lastnameSchema.default(''),
  mail: mailSchema,
  password: passwordSchema,
  rol: rolSchema.default(DEFAULT_ROLE),
  permisos: permisosSchema.default(DEFAULT_PERMISOS),
  color: colorSchema.default(DEFAULT_COLOR),
  rolOrganizacion: rolOrganizacionSchema.optional(),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

export const updateUserInputSchema = z
  .object({
    name: nameSchema,
    lastname: lastnameSchema,
    rol: rolSchema,
    permisos: permisosSchema,
    color: colorSchema,
    rolOrganizacion: rolOrganizacionSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, userMessages.nothingToChange);
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const resetPasswordInputSchema = z.object({ password: passwordSchema });

export const USER_SORT_FIELDS = ['name', 'mail', 'rol', 'createdAt'] as const;
export const listUsersQuerySchema = z.object({
  q: oneLineText().trim().max(100).optional().describe('Busca en nombre, apellido y correo (sin distinguir mayúsculas ni acentos)'),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userIdParamsSchema = z.object({ id: oneLineText().min(1).max(200) });

/** A staff user as the API shows it (SPEC section 3 names: `mail`, `rol`). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  mail: z.string(),
  permisos: z.string(),
  color: z.string(),
  rol: z.union([rolSchema, z.literal('')]),
  rolOrganizacion: z
    .object({ id: z.number().int(), nombre: z.string() })
    .nullable()
    .describe('El rol de la organización que tiene, o null; con uno, `rol` es el rol del sistema sobre el que se basa'),
  disabled: z.boolean().describe('Desactivado: no puede iniciar sesión'),
  mustChangePassword: z.boolean().describe('Tiene una contraseña temporal que debe cambiar'),
  twoFactorEnabled: z.boolean().describe('Tiene activada la verificación en dos pasos'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const listUsersResponseSchema = z.object({ items: z.array(userSchema), total: z.number().int() });

/** The compatibility answer of getFirestoreUsers (DESIGN section 4). */
export const firestoreUsersResponseSchema = z.object({
  users: z.array(
    userSchema.pick({ id: true, name: true, lastname: true, mail: true, permisos: true, color: true, createdAt: true, updatedAt: true, rol: true }),
  ),
});
export const firestoreErrorSchema = z.object({ error: z.string() });

export const getUserRoleQuerySchema = z.object({
  uid: oneLineText({ error: 'Falta el identificador de usuario (uid).' })
    .min(1, 'Falta el identificador de usuario (uid).')
    .max(200)
    .describe('Identificador del usuario'),
});

/** Answer of the role lookup: the rol, or '' when the user has none. */
export const getUserRoleResponseSchema = z.object({
  rol: z.union([rolSchema, z.literal('')]),
  rolOrganizacion: z.string().nullable().optional().describe('El nombre del rol de la organización, si tiene uno'),
  capacidades: z.array(z.string()).optional().describe('Lo que puede hacer: las capacidades de la tabla de permisos de su rol'),
  enmascarar: z.boolean().optional().describe('Ve los datos de identidad de las personas como ***'),
});
export type GetUserRoleResponse = z.infer<typeof getUserRoleResponseSchema>;
