import { passwordSchema } from '@refugio/contracts';
import { z } from 'zod';

export const changePasswordMessages = {
  currentRequired: 'Ingresa tu contraseña actual.',
  confirmMismatch: 'Las contraseñas no coinciden.',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
} as const;

/** The password-change form: the new password follows the same rules as on the server, typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, changePasswordMessages.currentRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((values, context) => {
    // A temporary password kept as it is would stay known to the administrator who chose it.
    if (values.newPassword === values.currentPassword) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: changePasswordMessages.sameAsCurrent });
    }
    if (values.confirmPassword !== values.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: changePasswordMessages.confirmMismatch });
    }
  });

export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
