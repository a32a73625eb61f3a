import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';

export interface ListBodyProps {
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };
  data: { total: number; page: number; pageSize: number; items: readonly unknown[] } | undefined;
  noun: string;
  empty: string;
  onPage: (page: number) => void;
  children: ReactNode;
}

/** What every money list shows around its rows: loading, the error with "Reintentar", the empty message, the pages. */
export function ListBody({ query, data, noun, empty, onPage, children }: ListBodyProps) {
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      {query.isError ? (
        <ListLoadError title={`No se pudo cargar la lista de ${noun}`} onRetry={() => void query.refetch()}>
          <Text size="sm">{getErrorMessage(query.error)}</Text>
        </ListLoadError>
      ) : null}
      {query.isPending ? <ListLoading label={`Cargando ${noun}...`} /> : null}
      {data && data.items.length === 0 ? (
        <Stack align="center" py={40} px="md" ta="center">
          <Text fw={600}>{empty}</Text>
        </Stack>
      ) : null}
      {data && data.items.length > 0 ? children : null}
      {data && pageCount > 1 ? <ListPager page={data.page} pageCount={pageCount} onPage={onPage} /> : null}
    </>
  );
}
