import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Package, countLabel, formatCount, pluralWord } from '@refugio/contracts';
import { IconArchive, IconArchiveOff, IconLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSetPackageArchived } from '../api/archive-package';
import { usePackages } from '../api/list-packages';
import { PackageFormModal } from '../components/package-form-modal';

function PackageCard({ pkg, onEdit }: { pkg: Package; onEdit: () => void }) {
  const setArchived = useSetPackageArchived();
  const toggleArchive = () => {
    const archived = !pkg.archivado;
    const run = () =>
      setArchived.mutate(
        { id: pkg.id, archived },
        {
          onSuccess: () => notifications.show({ color: 'teal', title: archived ? 'Paquete archivado' : 'Paquete restaurado', message: pkg.nombre }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar el paquete', message: getErrorMessage(error) }),
        },
      );
    if (!archived) return run();
    modals.openConfirmModal({
      title: `¿Archivar «${pkg.nombre}»?`,
      children: <Text size="sm">No se podrán emitir enlaces nuevos con este paquete. Los enlaces ya emitidos siguen funcionando.</Text>,
      labels: { confirm: 'Archivar', cancel: 'Cancelar' },
      confirmProps: { color: 'orange' },
      onConfirm: run,
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={pkg.nombre}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} fz="h4">
          {pkg.nombre}
        </Title>
        {pkg.archivado && <Badge color="gray">Archivado</Badge>}
      </Group>
      {pkg.descripcion && (
        <Text size="sm" c="dimmed" mb="sm">
          {pkg.descripcion}
        </Text>
      )}
      <Stack gap={4} mb="md">
        <Text size="sm">
          <strong>{formatCount(pkg.cupo)}</strong> {pluralWord(pkg.cupo, 'mascota', 'mascotas')} por enlace · válido{' '}
          <strong>{formatCount(pkg.diasVigencia)}</strong> {pluralWord(pkg.diasVigencia, 'día', 'días')}
        </Text>
        <Text size="sm">
          En uso por <strong>{formatCount(pkg.enlaces)}</strong> {pluralWord(pkg.enlaces, 'enlace', 'enlaces')} (
          {countLabel(pkg.enlacesActivos, 'activo', 'activos')})
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          onClick={onEdit}
          aria-label={`Editar ${pkg.nombre}`}
        >
          Editar
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color={pkg.archivado ? 'teal' : 'orange'}
          leftSection={pkg.archivado ? <IconArchiveOff size={16} aria-hidden="true" /> : <IconArchive size={16} aria-hidden="true" />}
          onClick={toggleArchive}
          loading={setArchived.isPending}
          aria-label={`${pkg.archivado ? 'Restaurar' : 'Archivar'} ${pkg.nombre}`}
        >
          {pkg.archivado ? 'Restaurar' : 'Archivar'}
        </Button>
      </Group>
    </Card>
  );
}

/** Paquetes (/paquetes): the offers that links are issued under. */
function PaquetesScreen() {
  const [includeArchived, setIncludeArchived] = useState(false);
  const packages = usePackages(includeArchived);
  const [modal, setModal] = useState<{ editing: Package | undefined } | null>(null);

  return (
    <Stack gap="lg">
      <title>Paquetes · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Paquetes
          </Title>
          <Text c="dimmed">Cuántas mascotas puede registrar cada enlace y cuántos días vale.</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/enlaces-admin" variant="default" leftSection={<IconLink size={18} aria-hidden="true" />}>
            Enlaces
          </Button>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setModal({ editing: undefined })}>
            Nuevo paquete
          </Button>
        </Group>
      </Group>
      <Switch label="Mostrar archivados" checked={includeArchived} onChange={(e) => setIncludeArchived(e.currentTarget.checked)} />
      {packages.isPending ? (
        <ListLoading label="Cargando paquetes..." />
      ) : packages.isError ? (
        <ListLoadError title="No se pudieron cargar los paquetes" onRetry={() => void packages.refetch()}>
          {getErrorMessage(packages.error)}
        </ListLoadError>
      ) : packages.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>Todavía no hay paquetes.</Text>
          <Text c="dimmed" size="sm">
            Crea uno para poder emitir enlaces de registro.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {packages.data.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} onEdit={() => setModal({ editing: pkg })} />
          ))}
        </SimpleGrid>
      )}
      <PackageFormModal opened={modal !== null} editing={modal?.editing} onClose={() => setModal(null)} />
    </Stack>
  );
}

export { PaquetesScreen as Component };
