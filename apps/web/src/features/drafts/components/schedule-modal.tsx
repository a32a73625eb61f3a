import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { instantToWallTime, isSchedulable, publicationMessages, wallTimeToInstant } from '@refugio/contracts';
import { useState } from 'react';
import { PublicationDateTimePicker } from '../../../components/ui/publication-date-time-picker';

interface ScheduleModalProps {
  opened: boolean;
  /** What is being scheduled, e.g. the pet's name or "3 mascotas". */
  subject: string;
  timeZone: string;
  /** The current publication date, to start from. */
  initial: string | null;
  loading: boolean;
  /** Server-side problem with the date (400 fieldErrors.publicarEn). */
  serverError?: string | undefined;
  onClose: () => void;
  onConfirm: (publicarEn: string) => void;
}

/** Chooses the date and time a pet goes public; refuses an empty or past one before asking the server. */
export function ScheduleModal({ opened, subject, timeZone, initial, loading, serverError, onClose, onConfirm }: ScheduleModalProps) {
  const [value, setValue] = useState<string | null>(initial ? instantToWallTime(new Date(initial), timeZone) : null);
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const instant = value ? wallTimeToInstant(value, timeZone) : undefined;
    if (!instant) return setError(publicationMessages.dateRequired);
    if (!isSchedulable(instant, new Date(), 0)) return setError(publicationMessages.pastDate);
    setError(undefined);
    onConfirm(instant.toISOString());
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Programar publicación" centered>
      <Stack gap="md">
        <Text size="sm">
          Elige cuándo se publicará <strong>{subject}</strong>. Desde ese momento será visible para el público.
        </Text>
        <PublicationDateTimePicker
          timeZone={timeZone}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error ?? serverError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={loading}>
            Programar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
