import { userMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, changePasswordMessages, type ChangePasswordFormValues } from './change-password-form';

function errorsOf(values: ChangePasswordFormValues): Record<string, string | undefined> {
  const result = changePasswordFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('changePasswordFormSchema', () => {
  it('accepts a new password of 8 to 128 characters typed twice', () => {
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: 'mi clave nueva', confirmPassword: 'mi clave nueva' })).toEqual({});
    const longest = 'x'.repeat(128);
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: longest, confirmPassword: longest })).toEqual({});
  });

  it('asks for the current password', () => {
    expect(errorsOf({ currentPassword: '', newPassword: 'mi clave nueva', confirmPassword: 'mi clave nueva' })).toEqual({
      currentPassword: changePasswordMessages.currentRequired,
    });
  });

  it('applies the length rules of the contracts', () => {
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: 'corta', confirmPassword: 'corta' }).newPassword).toBe(
      userMessages.passwordTooShort,
    );
    const tooLong = 'x'.repeat(129);
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: tooLong, confirmPassword: tooLong }).newPassword).toBe(
      userMessages.passwordTooLong,
    );
  });

  it('says when the repetition does not match', () => {
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: 'mi clave nueva', confirmPassword: 'mi clave nuev' })).toEqual({
      confirmPassword: changePasswordMessages.confirmMismatch,
    });
  });

  it('refuses keeping the same password', () => {
    expect(errorsOf({ currentPassword: 'temporal-1', newPassword: 'temporal-1', confirmPassword: 'temporal-1' })).toEqual({
      newPassword: changePasswordMessages.sameAsCurrent,
    });
  });
});
