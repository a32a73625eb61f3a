import { Anchor, Box, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { intakeMessages, LINK_STATES, type LinkState, type RegistrationLink } from '@refugio/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useLinks } from '../api/list-links';
import { LinkCard } from '../components/link-card';
import { NewLinkForm } from '../components/new-link-form';

type Filter = LinkState | 'todos';

/** EnlacesAdmin (/enlaces-admin): issue registration links to outside rescuers and follow their use. */
function EnlacesAdminScreen() {
  const [filter, setFilter] = useState<Filter>('todos');
  const links = useLinks(filter === 'todos' ? undefined : filter);
  const [created, setCreated] = useState<RegistrationLink | null>(null);

  return (
    // The simple layout gives this staff screen its header (the way back and the person's menu).
    <Box component="main" mih="calc(100dvh - 60px)" bg="var(--mantine-color-gray-light)" py={{ base: 'lg', sm: 48 }}>
      <Container size="sm">
        <title>Enlaces de Registro · Refugio Admin</title>
        <Stack gap="lg">
          <div>
            <Title order={1} fz="h2">
              Enlaces de Registro
            </Title>
            <Text c="dimmed">
              Cada enlace permite a un rescatista registrar mascotas con el formulario público. Los paquetes se gestionan en{' '}
              <Anchor component={Link} to="/paquetes" underline="always">
                Paquetes
              </Anchor>
              ; las mascotas recibidas, en{' '}
              <Anchor component={Link} to="/solicitud-publicacion" underline="always">
                Solicitudes de publicación
              </Anchor>
              .
            </Text>
          </div>
          <NewLinkForm onCreated={setCreated} />
          {created && <LinkCard key={`nuevo-${created.id}`} link={links.data?.items.find((l) => l.id === created.id) ?? created} highlighted />}
          <Group justify="space-between" align="center">
            <Title order={2} fz="h4">
              Enlaces emitidos
            </Title>
            <NativeSelect
              size="xs"
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value as Filter)}
              aria-label="Filtrar por estado"
              data={[{ value: 'todos', label: 'Todos' }, ...LINK_STATES.map((s) => ({ value: s, label: intakeMessages.linkStates[s] }))]}
            />
          </Group>
          {links.isPending ? (
            <ListLoading label="Cargando enlaces..." />
          ) : links.isError ? (
            <ListLoadError title="No se pudieron cargar los enlaces" onRetry={() => void links.refetch()}>
              {getErrorMessage(links.error)}
            </ListLoadError>
          ) : links.data.items.length === 0 ? (
            <Text c="dimmed">No hay enlaces{filter === 'todos' ? ' todavía' : ' en este estado'}.</Text>
          ) : (
            <Stack gap="sm">
              {links.data.items
                .filter((l) => l.id !== created?.id)
                .map((link) => (
                  <LinkCard key={link.id} link={link} />
                ))}
            </Stack>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

export { EnlacesAdminScreen as Component };
