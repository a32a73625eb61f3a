import { Loader, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { HistoryEventList } from '../../../components/ui/history-event-list';
import { ListPager } from '../../../components/ui/list-pager';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';
import { usePetHistory } from '../api/get-pet-history';

const PAGE_SIZE = 10;

/** Producto's "Historial": who changed what of this pet and when, newest first, in Spanish. */
export function PetHistory({ petId, petName }: { petId: number; petName: string }) {
  const [page, setPage] = useState(1);
  const history = usePetHistory(petId, page, PAGE_SIZE);
  const timeZone = useOrganizationTimeZone();
  const data = history.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pet-history-title">
      <Title order={2} fz="h4" mb="sm" id="pet-history-title">
        Historial
      </Title>
      {history.isError ? (
        <Text size="sm" c="red">
          No se pudo cargar el historial.
        </Text>
      ) : !data ? (
        <Loader size="sm" aria-label="Cargando historial" />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Todavía no hay cambios registrados.
        </Text>
      ) : (
        <>
          <HistoryEventList events={data.items} timeZone={timeZone} recordName={petName} label="Historial de la mascota" />
          {pageCount > 1 ? <ListPager page={page} pageCount={pageCount} onPage={setPage} /> : null}
        </>
      )}
    </Paper>
  );
}
