import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { personTexts } from '@refugio/contracts';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { Person } from '@refugio/contracts';
import { useUpdatePerson } from '../api/update-person';

const MOTIVO_MAX = 500;

/**
 * Blocking a person (with a reason, confirmed): their applications are still stored, the applicant is told
 * nothing different, and staff see "Persona bloqueada: <reason>" on each request.
 */
export function PersonBlock({ person }: { person: Person }) {
  const update = useUpdatePerson();
  const [mode, setMode] = useState<'block' | 'unblock' | null>(null);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setMode(null);
    setError(null);
  };
  const save = (changes: { bloqueado: boolean; motivoBloqueo: string | null }) =>
    update.mutate(
      { id: person.id, version: person.version, changes },
      {
        onSuccess: () => {
          close();
          setMotivo('');
          notifications.show({ color: 'teal', message: changes.bloqueado ? 'Persona bloqueada.' : 'Persona desbloqueada.' });
        },
        onError: (e) => setError(getErrorMessage(e)),
      },
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="person-block-title">
      <Title order={2} fz="h4" mb="sm" id="person-block-title">
        Bloqueo
      </Title>
      {person.bloqueado ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" icon={<IconLock size={20} aria-hidden="true" />} title={personTexts.blockedTitle}>
            {personTexts.blockedAlert(person.motivoBloqueo)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconLockOpen size={16} aria-hidden="true" />} onClick={() => setMode('unblock')}>
              Desbloquear
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Sus solicitudes se guardan igual, pero el equipo verá un aviso en cada una.
          </Text>
          <Button color="red" variant="light" leftSection={<IconLock size={16} aria-hidden="true" />} onClick={() => setMode('block')}>
            Bloquear
          </Button>
        </Group>
      )}
      <Modal opened={mode !== null} onClose={close} title={mode === 'block' ? 'Bloquear a esta persona' : 'Desbloquear a esta persona'} centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (mode === 'unblock') return save({ bloqueado: false, motivoBloqueo: null });
            if (motivo.trim() === '') return setError('Escribe el motivo del bloqueo.');
            save({ bloqueado: true, motivoBloqueo: motivo.trim() });
          }}
        >
          <Stack gap="sm">
            {mode === 'block' ? (
              <Textarea
                label="Motivo del bloqueo"
                description="Solo lo ve el equipo."
                required
                autosize
                minRows={2}
                maxLength={MOTIVO_MAX}
                value={motivo}
                onChange={(event) => {
                  setMotivo(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                data-autofocus
              />
            ) : (
              <Text size="sm">Sus nuevas solicitudes dejarán de mostrar el aviso de persona bloqueada.</Text>
            )}
            {mode === 'unblock' && error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" color={mode === 'block' ? 'red' : undefined} loading={update.isPending}>
                {mode === 'block' ? 'Bloquear persona' : 'Desbloquear persona'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
