import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { careMessages } from '@refugio/contracts';

interface MarkDoneDialogProps {
  /** What is being marked, or null when closed. */
  target: { nombre: string; mascota: string } | null;
  /** The organisation's today ('YYYY-MM-DD'): the default and the latest date allowed. */
  today: string;
  onConfirm: (fecha: string) => void;
  onClose: () => void;
}

/** The second tap of 'Hecho': the date it was done, today unless changed, never in the future. */
export function MarkDoneDialog(props: MarkDoneDialogProps) {
  // Mounted on each opening, so the date starts at today every time.
  return props.target ? <MarkDoneModal {...props} target={props.target} /> : null;
}

function MarkDoneModal({ target, today, onConfirm, onClose }: MarkDoneDialogProps & { target: NonNullable<MarkDoneDialogProps['target']> }) {
  const [fecha, setFecha] = useState(today);
  const error = fecha === '' ? 'Indica la fecha.' : fecha > today ? careMessages.doneInFuture : null;

  return (
    <Modal opened onClose={onClose} title="Marcar como hecho" centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (error === null) onConfirm(fecha);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {target.nombre} · <strong>{target.mascota}</strong>
          </Text>
          <TextInput
            type="date"
            label="Fecha en que se hizo"
            value={fecha}
            max={today}
            onChange={(event) => setFecha(event.currentTarget.value)}
            error={error}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" data-autofocus disabled={error !== null}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
