import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MONEY_REASON_MAX, type RemesaLine, donationMessages, formatEuros } from '@refugio/contracts';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useReturnDebit } from '../api/remesas';

/** "Registrar devolución": the bank returned this debit; the reason (its code, what the person said) is asked first. */
export function ReturnDebitDialog({ line, onClose }: { line: RemesaLine; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [touched, setTouched] = useState(false);
  const returnDebit = useReturnDebit();
  const problem =
    motivo.trim() === '' ? donationMessages.reasonRequired : motivo.trim().length > MONEY_REASON_MAX ? donationMessages.reasonTooLong : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || !line.donativo) return;
    returnDebit.mutate({ donativoId: line.donativo.id, version: line.donativo.version, motivo: motivo.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title="Registrar devolución" centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {line.persona.nombre} · {formatEuros(line.importe)} · {line.referencia}
          </Text>
          <Text size="sm">El cobro queda como devuelto y deja de contar en los ingresos. No se puede deshacer.</Text>
          <Textarea
            label="Motivo"
            description="Por ejemplo el código del banco (AM04 sin fondos, MD06 reclamado por el titular)"
            value={motivo}
            onChange={(event) => setMotivo(event.currentTarget.value)}
            error={touched ? problem : undefined}
            autosize
            minRows={2}
            required
            data-autofocus
          />
          {returnDebit.isError && (
            <Alert color="red" variant="light" role="alert">
              {getErrorMessage(returnDebit.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="orange" loading={returnDebit.isPending}>
              Registrar devolución
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
