import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { MONEY_REASON_MAX, donationMessages } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { pickFieldErrors } from '../../../lib/form-errors';

export interface ReasonDialogProps {
  title: string;
  /** What is about to change, in a sentence (the fee or gift named). */
  children: ReactNode;
  confirmLabel: string;
  /** With a date field ("Fecha de baja"), starting at this day. */
  date?: { label: string; initial: string };
  pending: boolean;
  /** The last failed attempt: shown in the dialog, which stays open with what was typed. */
  error: unknown;
  onConfirm: (values: { fecha: string; motivo: string }) => void;
  onClose: () => void;
}

/**
 * The confirmation of a change that cannot be undone from the screen (a fee's leave, a gift's annulment): a reason is
 * required, and a failed request keeps the dialog open with the text typed and the server's message.
 */
export function ReasonDialog({ title, children, confirmLabel, date, pending, error, onConfirm, onClose }: ReasonDialogProps) {
  const [fecha, setFecha] = useState(date?.initial ?? '');
  const [motivo, setMotivo] = useState('');
  const [tried, setTried] = useState(false);
  const serverErrors = pickFieldErrors(error, ['fecha', 'motivo']);
  const motivoError = tried && motivo.trim() === '' ? donationMessages.reasonRequired : (serverErrors.motivo ?? null);
  const fechaError = date && tried && fecha === '' ? donationMessages.dateInvalid : (serverErrors.fecha ?? null);
  const otherError = error && !serverErrors.fecha && !serverErrors.motivo ? getErrorMessage(error) : null;

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (motivo.trim() === '' || (date && fecha === '')) return;
          onConfirm({ fecha, motivo: motivo.trim() });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          {date ? (
            <TextInput type="date" label={date.label} value={fecha} onChange={(e) => setFecha(e.currentTarget.value)} error={fechaError} required />
          ) : null}
          <Textarea
            label="Motivo"
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={motivoError}
            maxLength={MONEY_REASON_MAX}
            autosize
            minRows={2}
            required
            data-autofocus
          />
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
              {otherError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
