import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';

/**
 * SweetAlert-like dialogs on Mantine: a confirmation with a title and a text, and result toasts with a
 * title and a text.
 */
export function confirmDanger(options: { title?: string; text: string; confirm: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: options.title ?? '¿Estás seguro?',
    centered: true,
    children: <Text size="sm">{options.text}</Text>,
    labels: { confirm: options.confirm, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}

export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'teal', title, message });
}

export function notifyError(title: string, message: string) {
  notifications.show({ color: 'red', title, message });
}
