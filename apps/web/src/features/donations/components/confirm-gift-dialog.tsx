import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type Gift, donationMessages } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { pickFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useConfirmGift } from '../api/gift-actions';
import { formatCents } from '../lib/money';
import { useOrganizationToday } from '../lib/use-today';

/**
 * "Confirmar cobro" of a pending one-off gift (from /colabora): the day it was collected (today unless changed, never
 * in the future). A refusal keeps the dialog open with the date typed and the server's message; the list is
 * refreshed, so a retry sends the current version.
 */
export function ConfirmGiftDialog({ gift, onClose }: { gift: Gift; onClose: () => void }) {
  const today = useOrganizationToday();
  const confirm = useConfirmGift();
  const [fecha, setFecha] = useState(today);
  const [tried, setTried] = useState(false);
  const serverErrors = pickFieldErrors(confirm.error, ['fecha']);
  const localError = fecha === '' ? donationMessages.dateInvalid : fecha > today ? donationMessages.dateInFuture : null;
  const fechaError = (tried ? localError : null) ?? serverErrors.fecha ?? null;
  const otherError = confirm.error && !serverErrors.fecha ? getErrorMessage(confirm.error) : null;

  return (
    <Modal opened onClose={onClose} title="Confirmar el cobro" centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (localError) return;
          confirm.mutate({ id: gift.id, version: gift.version, fecha }, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            El donativo de <strong>{formatCents(gift.importeCentimos)}</strong>
            {gift.persona ? (
              <>
                {' '}
                de <strong>{gift.persona.nombre || 'Sin nombre'}</strong>
              </>
            ) : null}{' '}
            quedará registrado y contará en los totales y en el modelo 182.
          </Text>
          <TextInput
            type="date"
            label="Fecha del cobro"
            value={fecha}
            max={today}
            onChange={(e) => setFecha(e.currentTarget.value)}
            error={fechaError}
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
            <Button type="submit" loading={confirm.isPending}>
              Confirmar cobro
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
