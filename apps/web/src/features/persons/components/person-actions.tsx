import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { Person } from '@refugio/contracts';
import { useAnonymizePerson } from '../api/anonymize-person';
import { useExportPerson } from '../api/export-person';

/** The word typed to confirm an anonymisation: it cannot be undone. */
export const ANONYMIZE_CONFIRM_WORD = 'ANONIMIZAR';

function AnonymizeDialog({ person, opened, onClose }: { person: Person; opened: boolean; onClose: () => void }) {
  const anonymize = useAnonymizePerson();
  const [typed, setTyped] = useState('');
  const ready = typed.trim() === ANONYMIZE_CONFIRM_WORD;
  return (
    <Modal opened={opened} onClose={onClose} title="Anonimizar a esta persona" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          anonymize.mutate(person.id, {
            onSuccess: () => {
              onClose();
              notifications.show({ color: 'teal', message: 'Datos personales borrados. Las solicitudes y cifras se conservan.' });
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Se borran para siempre su nombre, apellidos, correo, teléfono, documento, NIF, dirección y código postal, aquí y en las copias de sus
            solicitudes y registros. Las solicitudes, registros y cifras se conservan sin identidad. <strong>No se puede deshacer.</strong>
          </Text>
          <TextInput
            label={`Escribe ${ANONYMIZE_CONFIRM_WORD} para confirmar`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {anonymize.error ? (
            <Alert color="red" variant="light" role="alert">
              {getErrorMessage(anonymize.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" disabled={!ready} loading={anonymize.isPending}>
              Anonimizar para siempre
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Exportar datos" (the right of access: everything held, as JSON) and, for administrators, "Anonimizar". */
export function PersonActions({ person, isAdministrator }: { person: Person; isAdministrator: boolean }) {
  const exportData = useExportPerson();
  const [anonymizing, setAnonymizing] = useState(false);
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={exportData.isPending}
        onClick={() =>
          exportData.mutate(person.id, {
            onError: (error) => notifications.show({ color: 'red', title: 'No se pudieron exportar los datos', message: getErrorMessage(error) }),
          })
        }
      >
        Exportar datos
      </Button>
      {isAdministrator ? (
        <Button color="red" variant="light" leftSection={<IconUserOff size={16} aria-hidden="true" />} onClick={() => setAnonymizing(true)}>
          Anonimizar
        </Button>
      ) : null}
      <AnonymizeDialog key={String(anonymizing)} person={person} opened={anonymizing} onClose={() => setAnonymizing(false)} />
    </Group>
  );
}
