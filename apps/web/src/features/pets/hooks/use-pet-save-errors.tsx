import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { petFormMessages, petMessages } from '@refugio/contracts';
import type { Path, UseFormSetError } from 'react-hook-form';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { petFormFields, type PetFormValues } from '../lib/pet-form-values';
import { describeSaveError } from '../lib/save-error';

interface SaveErrorHandlers {
  setError: UseFormSetError<PetFormValues>;
  /**
   * Reads the newest version. Resolves true when it went straight into the form (nothing typed differs from
   * it), false when the person still chooses field by field (the form's conflict dialog) or nothing was read.
   */
  loadLatest: () => Promise<boolean>;
  /** Called once the latest version is in the form (the progress bars of the failed save are cleared). */
  onReloaded: () => void;
  /** Further form paths the server's field errors may name (the own fields' `campos.<clave>`). */
  extraFields?: () => readonly Path<PetFormValues>[];
}

/**
 * How the pet form answers a failed save: a conflict (someone else saved first) opens a dialog offering the
 * latest version (without losing what was typed: see `loadLatest`); any other error puts the server's field errors on the fields and shows a toast.
 */
export function usePetSaveErrors({ setError, loadLatest, onReloaded, extraFields }: SaveErrorHandlers) {
  const showConflict = (message: string) => {
    modals.openConfirmModal({
      title: petMessages.saveErrorTitle,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: petFormMessages.conflictReload, cancel: petFormMessages.conflictClose },
      onConfirm: () => {
        void loadLatest().then((loaded) => {
          if (loaded) {
            onReloaded();
            notifications.show({ color: 'cyan', title: petFormMessages.reloadedTitle, message: petFormMessages.reloadedText });
          }
        });
      },
    });
  };

  return (error: unknown) => {
    const outcome = describeSaveError(error);
    if (outcome.kind === 'conflict') {
      showConflict(outcome.message);
      return;
    }
    setServerFieldErrors(error, [...petFormFields, ...(extraFields?.() ?? [])], setError);
    notifications.show({
      color: 'red',
      title: petMessages.saveErrorTitle,
      autoClose: 8000,
      message: (
        <>
          {petMessages.saveErrorText}
          {outcome.detail !== null ? (
            <Text size="xs" c="dimmed" mt={2}>
              {outcome.detail}
            </Text>
          ) : null}
        </>
      ),
    });
  };
}
