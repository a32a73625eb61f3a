import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RemesaPreview, countLabel, formatEuros } from '@refugio/contracts';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateRemesa, usePreviewRemesa } from '../api/remesas';

/** Today in the browser's calendar, the earliest collection day offered (the server checks it in the organisation's zone). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const formatDay = (day: string) => day.split('-').reverse().join('/');

/**
 * "Nueva remesa": a collection day, then a confirmation with how many fees and how much before anything is made.
 * The chosen day stays in the field whatever the answer.
 */
export function NewRemesa({ onCreated }: { onCreated: (id: number) => void }) {
  const [fechaCobro, setFechaCobro] = useState('');
  const [preview, setPreview] = useState<RemesaPreview | null>(null);
  const check = usePreviewRemesa();
  const create = useCreateRemesa();
  const today = localToday();
  const tooEarly = fechaCobro !== '' && fechaCobro < today;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (fechaCobro === '' || tooEarly) return;
    check.mutate(fechaCobro, { onSuccess: setPreview });
  };
  const confirm = () => {
    if (!preview) return;
    create.mutate(preview.fechaCobro, {
      onSuccess: (made) => {
        setPreview(null);
        notifications.show({
          color: 'teal',
          message: `Remesa emitida: ${countLabel(made.numero, 'cuota', 'cuotas')} por ${formatEuros(made.importeTotal)}. Descarga el fichero para el banco.`,
        });
        onCreated(made.id);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={review} aria-labelledby="nueva-remesa">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="nueva-remesa">
          Nueva remesa
        </Title>
        <Text size="sm" c="dimmed">
          Reúne las cuotas domiciliadas que tocan en la fecha de cobro. Verás cuántas son y el total antes de emitirla.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Fecha de cobro"
            value={fechaCobro}
            min={today}
            onChange={(event) => {
              setFechaCobro(event.currentTarget.value);
              check.reset();
            }}
            error={tooEarly ? 'La fecha de cobro no puede ser anterior a hoy.' : undefined}
            required
          />
          <Button type="submit" loading={check.isPending} disabled={fechaCobro === '' || tooEarly}>
            Revisar remesa
          </Button>
        </Group>
        {check.isError && (
          <Alert color="red" variant="light" role="alert">
            {getErrorMessage(check.error)}
          </Alert>
        )}
      </Stack>
      {preview && (
        <Modal opened onClose={() => setPreview(null)} title="¿Emitir la remesa?" centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
          <Stack gap="md">
            {preview.numero === 0 ? (
              <Text>No hay cuotas domiciliadas que cobrar el {formatDay(preview.fechaCobro)}.</Text>
            ) : (
              <Text>
                Se cobrarán <strong>{countLabel(preview.numero, 'cuota', 'cuotas')}</strong> por un total de{' '}
                <strong>{formatEuros(preview.importeTotal)}</strong> el {formatDay(preview.fechaCobro)}. Cada cobro queda registrado como donativo.
              </Text>
            )}
            {create.isError && (
              <Alert color="red" variant="light" role="alert">
                {getErrorMessage(create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setPreview(null)}>
                Cancelar
              </Button>
              {preview.numero > 0 && (
                <Button onClick={confirm} loading={create.isPending} data-autofocus>
                  Emitir remesa
                </Button>
              )}
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}
