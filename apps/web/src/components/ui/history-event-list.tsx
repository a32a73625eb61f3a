import { Stack, Text } from '@mantine/core';
import { type HistoryEvent, describeHistoryEvent, historyEntityLabels, type HistoryEntity } from '@refugio/contracts';
import { formatDateTime } from '../../lib/format-date';

export interface HistoryEventListProps {
  events: HistoryEvent[];
  /** The organisation's time zone: dates inside the sentences are told in it. */
  timeZone: string;
  /** The record's name, when every event is about one known record (a pet's page). */
  recordName?: string;
  /** Names the record of each event (the audit, where events are about many records). */
  showRecord?: boolean;
  label: string;
}

/** Events of the history told in Spanish, newest first: when, then one sentence per change. */
export function HistoryEventList({ events, timeZone, recordName, showRecord = false, label }: HistoryEventListProps) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {events.map((event) => (
        <Stack component="li" key={event.id} gap={2}>
          <Text size="xs" c="dimmed">
            <time dateTime={event.en}>{formatDateTime(event.en)}</time>
            {showRecord ? ` · ${historyEntityLabels[event.entidad as HistoryEntity] ?? event.entidad} ${event.entidadId}` : ''}
          </Text>
          {describeHistoryEvent(event, { name: recordName, timeZone }).map((sentence, i) => (
            <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {sentence}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
