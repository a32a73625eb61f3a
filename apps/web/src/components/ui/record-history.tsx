import { Loader, Paper, Text, Title } from '@mantine/core';
import type { ListHistoryResponse } from '@refugio/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useOrganizationTimeZone } from '../../lib/organization-settings';
import { HistoryEventList } from './history-event-list';
import { ListPager } from './list-pager';

/** How many events a record's "Historial" shows per page. */
export const RECORD_HISTORY_PAGE_SIZE = 10;

/**
 * A record's "Historial" section (a pet's, a person's): who changed what and when, newest first, in Spanish, one
 * page of `history` (the record's own query, asked with `RECORD_HISTORY_PAGE_SIZE`) at a time.
 */
export function RecordHistory({
  history,
  page,
  onPage,
  recordName,
  label,
  titleId,
}: {
  history: UseQueryResult<ListHistoryResponse>;
  page: number;
  onPage: (page: number) => void;
  recordName: string;
  /** The list's accessible name ("Historial de la mascota"). */
  label: string;
  titleId: string;
}) {
  const timeZone = useOrganizationTimeZone();
  const data = history.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / RECORD_HISTORY_PAGE_SIZE)) : 1;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="sm" id={titleId}>
        Historial
      </Title>
      {history.isError ? (
        <Text size="sm" c="red">
          No se pudo cargar el historial.
        </Text>
      ) : !data ? (
        <Loader role="status" size="sm" aria-label="Cargando historial" />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Todavía no hay cambios registrados.
        </Text>
      ) : (
        <>
          <HistoryEventList events={data.items} timeZone={timeZone} recordName={recordName} label={label} />
          {pageCount > 1 ? <ListPager page={page} pageCount={pageCount} onPage={onPage} /> : null}
        </>
      )}
    </Paper>
  );
}
