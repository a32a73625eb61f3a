import { Anchor, Avatar, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdoptionStateBadge } from '../../../components/ui/adoption-state-badge';
import { SortableHeader } from '../../../components/ui/sortable-header';
import { formatDateTime } from '../../../lib/format-date';
import type { AdoptionRequestListItemView } from '../api/request-view';
import type { RequestSortField, RequestsListParams } from '../lib/requests-list-params';
import classes from './requests-list.module.css';
import { PhoneText } from '../../../components/ui/phone-text';

function PetCell({ mascota }: { mascota: AdoptionRequestListItemView['mascota'] }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={mascota.miniatura} alt="" radius="sm" size={36} imageProps={{ loading: 'lazy' }}>
        <IconPaw size={18} aria-hidden="true" />
      </Avatar>
      <Stack gap={0}>
        <Anchor component={Link} to={`/mascota/${mascota.id}`} size="sm" c="inherit">
          {mascota.nombre}
        </Anchor>
        {mascota.adoptado ? (
          <Text size="xs" c="dimmed">
            Adoptada
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function ApplicantLink({ request }: { request: AdoptionRequestListItemView }) {
  return (
    <Anchor component={Link} to={`/formulario/${request.id}`} fw={request.estado === 'nueva' ? 700 : 500} c="inherit">
      {request.nombre}
    </Anchor>
  );
}

/** New requests stand out: a marker in words (not only colour) and a tinted row. */
function NewMarker({ request }: { request: AdoptionRequestListItemView }) {
  return request.estado === 'nueva' ? (
    <Badge size="xs" color="blue" variant="filled" className={classes.newMarker}>
      Sin revisar
    </Badge>
  ) : null;
}

interface RequestsViewProps {
  requests: readonly AdoptionRequestListItemView[];
  sort: Pick<RequestsListParams, 'sort' | 'order'>;
  onSort: (field: RequestSortField) => void;
}

/** The request list as a table (wide screens). */
export function RequestsTable({ requests, sort, onSort }: RequestsViewProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Solicitudes de adopción">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="nombre" sort={sort} onSort={onSort}>
              Solicitante
            </SortableHeader>
            <Table.Th>Contacto</Table.Th>
            <Table.Th>Mascota</Table.Th>
            <SortableHeader field="estado" sort={sort} onSort={onSort}>
              Estado
            </SortableHeader>
            <SortableHeader field="createdAt" sort={sort} onSort={onSort}>
              Recibida
            </SortableHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id} className={classes.row} data-new={request.estado === 'nueva' || undefined}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <ApplicantLink request={request} />
                  <NewMarker request={request} />
                </Group>
                <Text size="xs" c="dimmed">
                  {request.ciudad}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.email}</Text>
                <Text size="xs" c="dimmed">
                  <PhoneText value={request.telefono} />
                </Text>
              </Table.Td>
              <Table.Td>
                <PetCell mascota={request.mascota} />
              </Table.Td>
              <Table.Td>
                <AdoptionStateBadge estado={request.estado} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(request.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The request list as cards (narrow screens). */
export function RequestCards({ requests }: { requests: readonly AdoptionRequestListItemView[] }) {
  return (
    <Stack gap="sm" p="sm" role="list" aria-label="Solicitudes de adopción">
      {requests.map((request) => (
        <Paper
          key={request.id}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          className={classes.row}
          data-new={request.estado === 'nueva' || undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <ApplicantLink request={request} />
                <NewMarker request={request} />
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {request.email} · <PhoneText value={request.telefono} />
              </Text>
            </Stack>
            <AdoptionStateBadge estado={request.estado} size="xs" />
          </Group>
          <Group justify="space-between" mt={6} gap="xs">
            <PetCell mascota={request.mascota} />
            <Text size="xs" c="dimmed">
              {formatDateTime(request.createdAt)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
