import { Avatar, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  countLabel,
  intakeMessages,
  PUBLICATION_REQUEST_STATES,
  type PublicationRequestListItem,
  type PublicationRequestState,
} from '@refugio/contracts';
import { IconPaw } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { formatDate } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePublicationRequests } from '../api/list-publication-requests';
import { RequestStateBadge } from '../components/request-badge';
import { RequestDetailModal } from '../components/request-detail';

function RequestCard({ item, onOpen }: { item: PublicationRequestListItem; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Solicitud ${item.nombre}`}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar src={item.thumbnailUrl} alt={item.thumbnailUrl ? `Foto de ${item.nombre}` : undefined} size={72} radius="md">
          <IconPaw aria-hidden="true" />
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={700} truncate>
              {item.nombre}
            </Text>
            <RequestStateBadge estado={item.estado} />
          </Group>
          <Text size="sm">
            {item.tipo} · {item.edad} · {item.genero} · {item.tamano}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            De {item.contactoNombre} ({item.contactoEmail})
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {item.enlaceId ? `Enlace de ${item.destinatario ?? ''} · ${item.paqueteNombre ?? ''}` : intakeMessages.withoutLink} ·{' '}
            {formatDate(item.createdAt)} · {countLabel(item.imagenes, 'foto', 'fotos')}, {countLabel(item.videos, 'video', 'videos')}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="light" onClick={onOpen} aria-label={`Ver solicitud de ${item.nombre}`}>
          Ver solicitud
        </Button>
      </Group>
    </Card>
  );
}

type Filter = PublicationRequestState | 'todas';

/** SolicitudPublicacion (/solicitud-publicacion): pets registered from outside, waiting for staff. */
function SolicitudPublicacionScreen() {
  const [filter, setFilter] = useState<Filter>('todas');
  const [page, setPage] = useState(1);
  const requests = usePublicationRequests(filter === 'todas' ? undefined : filter, page);
  // `?id=N` opens one registration (the person page links here).
  const [searchParams, setSearchParams] = useSearchParams();
  const idInUrl = searchParams.get('id');
  const open = idInUrl && /^\d{1,9}$/.test(idInUrl) && Number(idInUrl) > 0 ? Number(idInUrl) : null;
  const setOpen = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { preventScrollReset: true },
    );
  const pages = requests.data ? Math.max(1, Math.ceil(requests.data.total / requests.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <title>Solicitudes de publicación · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Solicitudes de publicación
          </Title>
          <Text c="dimmed">Mascotas registradas por rescatistas externos. Al aprobar una, se crea como borrador.</Text>
        </div>
        <NativeSelect
          aria-label="Filtrar por estado"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as Filter);
            setPage(1);
          }}
          data={[
            { value: 'todas', label: 'Todas (pendientes primero)' },
            ...PUBLICATION_REQUEST_STATES.map((s) => ({ value: s, label: `${intakeMessages.requestStates[s]}s` })),
          ]}
        />
      </Group>
      {requests.isPending ? (
        <ListLoading label="Cargando solicitudes..." />
      ) : requests.isError ? (
        <ListLoadError title="No se pudieron cargar las solicitudes" onRetry={() => void requests.refetch()}>
          {getErrorMessage(requests.error)}
        </ListLoadError>
      ) : requests.data.items.length === 0 ? (
        <Text c="dimmed">No hay solicitudes{filter === 'todas' ? ' todavía' : ' en este estado'}.</Text>
      ) : (
        <Stack gap="sm">
          {requests.data.items.map((item) => (
            <RequestCard key={item.id} item={item} onOpen={() => setOpen(item.id)} />
          ))}
          {pages > 1 && <ListPager page={page} pageCount={pages} onPage={setPage} />}
        </Stack>
      )}
      <RequestDetailModal id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

export { SolicitudPublicacionScreen as Component };
