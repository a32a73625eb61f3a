import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatPercent } from '@refugio/contracts';
import { IconAlertCircle, IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import type { SubmitState } from '../hooks/use-registration';
import { filePercent, mediaQueue, type RegistrationMedia } from '../lib/registration-values';

/** While sending: the progress of the whole form and of each file. */
export function UploadProgress({ state, media }: { state: Extract<SubmitState, { status: 'sending' }>; media: RegistrationMedia }) {
  const overall = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text size="sm" fw={600}>
        Enviando... {formatPercent(overall)}
      </Text>
      <Progress value={overall} aria-label="Progreso del envío" />
      {mediaQueue(media).map((entry, index) => {
        const percent = filePercent(entry, state.loaded);
        return (
          <div key={`${entry.file.name}-${index}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" truncate>
                {entry.file.name}
              </Text>
              <Text size="xs" fw={600} style={{ flexShrink: 0 }}>
                {formatPercent(percent)}
              </Text>
            </Group>
            <Progress size="sm" value={percent} aria-label={`Subida de ${entry.file.name}`} />
          </div>
        );
      })}
    </Stack>
  );
}

/** A failed submission: why, and (when it makes sense) sending it again with everything kept. */
export function SubmitFailure({ state, onRetry }: { state: Extract<SubmitState, { status: 'failed' }>; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="No se pudo enviar el registro" role="alert">
      <Text size="sm">{state.message}</Text>
      {state.retryable ? (
        <>
          <Text size="sm" mt={4}>
            Tus datos y archivos siguen aquí: no hace falta volver a escribirlos.
          </Text>
          <Button size="xs" mt="xs" color="red" variant="light" onClick={onRetry}>
            Reintentar el envío
          </Button>
        </>
      ) : (
        <Text size="sm" mt={4}>
          Corrige lo indicado y vuelve a enviar.
        </Text>
      )}
    </Alert>
  );
}

/** The end of the form: a reference number the submitter can keep. */
export function RegistrationConfirmation({ reference, onAnother }: { reference: number; onAnother: (() => void) | undefined }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Title order={2} fz="h3">
          ¡Registro enviado!
        </Title>
        <Text>El equipo del refugio revisará los datos y te escribirá si necesita algo más.</Text>
        <Text size="sm" c="dimmed">
          Número de referencia
        </Text>
        <Text fz={40} fw={800} ff="monospace" aria-label={`Número de referencia ${reference}`}>
          #{reference}
        </Text>
        <Text size="sm">Guárdalo: te lo pedirán si consultas por esta mascota.</Text>
        <Group gap="sm" mt="sm" justify="center">
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
            Imprimir
          </Button>
          {onAnother && <Button onClick={onAnother}>Registrar otra mascota</Button>}
        </Group>
      </Stack>
    </Paper>
  );
}
