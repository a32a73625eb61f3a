import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  REMESA_LEAD_BUSINESS_DAYS,
  type Remesa,
  type RemesaExcluded,
  type RemesaPreview,
  collectionDayProblem,
  countLabel,
  earliestCollectionDay,
  formatEuros,
  longDay,
  pluralWord,
  remesaMessages,
} from '@refugio/contracts';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateRemesa, usePreviewRemesa } from '../api/remesas';

/** Today in the browser's calendar, the earliest collection day offered (the server checks it in the organisation's zone). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const formatDay = (day: string) => day.split('-').reverse().join('/');

/** The fees due that the bank would refuse, each with its reason: they stay out and the rest is charged. */
function LeftOut({ excluidas }: { excluidas: RemesaExcluded[] }) {
  if (excluidas.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={remesaMessages.leftOut(excluidas.length)}>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {excluidas.map((e) => (
          <li key={e.cuotaId}>
            Cuota {e.cuotaId} de {e.persona.nombre}: {e.motivo}.
          </li>
        ))}
      </ul>
    </Alert>
  );
}

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
  const earliest = earliestCollectionDay(today);
  const dayProblem = fechaCobro === '' ? null : collectionDayProblem(fechaCobro, today);
  const tooEarly = dayProblem !== null;
  const [made, setMade] = useState<Remesa | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (fechaCobro === '' || tooEarly) return;
    check.mutate(fechaCobro, { onSuccess: setPreview });
  };
  const confirm = () => {
    if (!preview) return;
    create.mutate(preview.fechaCobro, {
      onSuccess: (remesa) => {
        setPreview(null);
        setMade(remesa.excluidas.length > 0 ? remesa : null);
        notifications.show({
          color: 'teal',
          message: `Remesa emitida: ${countLabel(remesa.numero, 'cuota', 'cuotas')} por ${formatEuros(remesa.importeTotal)}. Descarga el fichero para el banco.`,
        });
        onCreated(remesa.id);
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
        <Text size="sm" c="dimmed">
          Los bancos solo cobran en días hábiles (ni sábados, ni domingos, ni 1 de enero, Viernes Santo, Lunes de Pascua, 1 de mayo, 25 y 26 de
          diciembre) y necesitan el fichero antes: elige un día hábil a partir del {longDay(earliest)} ({REMESA_LEAD_BUSINESS_DAYS} días hábiles
          después de hoy). Una fecha que no lo sea no se cambia sola: se te indica la siguiente válida.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Fecha de cobro"
            value={fechaCobro}
            min={earliest}
            onChange={(event) => {
              setFechaCobro(event.currentTarget.value);
              check.reset();
            }}
            error={dayProblem ?? undefined}
            required
          />
          <Button type="submit" loading={check.isPending} disabled={fechaCobro === '' || tooEarly}>
            Revisar remesa
          </Button>
        </Group>
        {made && <LeftOut excluidas={made.excluidas} />}
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
              <Text>No hay cuotas domiciliadas que se puedan cobrar el {formatDay(preview.fechaCobro)}.</Text>
            ) : (
              <Text>
                Se {pluralWord(preview.numero, 'cobrará', 'cobrarán')} <strong>{countLabel(preview.numero, 'cuota', 'cuotas')}</strong> por un total
                de <strong>{formatEuros(preview.importeTotal)}</strong> el {formatDay(preview.fechaCobro)}. Cada cobro queda registrado como donativo.
              </Text>
            )}
            <LeftOut excluidas={preview.excluidas} />
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
