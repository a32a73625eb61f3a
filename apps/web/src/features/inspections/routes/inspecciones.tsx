import { Stack, Text, Title } from '@mantine/core';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useInspections } from '../api/inspections';
import { InspectionCard } from '../components/inspection-card';
import { NewInspection } from '../components/new-inspection';

/**
 * Inspecciones (/inspecciones, administrators; DESIGN section 16): open a read-only link to the register book for
 * an inspector, see each link's state and what was read through it, and revoke it.
 */
function InspeccionesScreen() {
  const list = useInspections();
  return (
    <Stack gap="lg">
      <title>Inspecciones · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Inspecciones
        </Title>
        <Text c="dimmed">Enlaces de solo lectura al libro de registro para quien inspecciona el núcleo zoológico.</Text>
      </div>
      <NewInspection />
      <Stack gap="xs" component="section" aria-labelledby="enlaces-inspeccion">
        <Title order={2} fz="h3" id="enlaces-inspeccion">
          Enlaces abiertos
        </Title>
        {list.isPending ? (
          <ListLoading label="Cargando enlaces de inspección..." />
        ) : list.isError ? (
          <ListLoadError title="No se pudieron cargar los enlaces" onRetry={() => void list.refetch()}>
            {getErrorMessage(list.error)}
          </ListLoadError>
        ) : list.data.items.length === 0 ? (
          <Text>Aún no se ha abierto ningún enlace de inspección.</Text>
        ) : (
          list.data.items.map((inspection) => <InspectionCard key={inspection.id} inspection={inspection} />)
        )}
      </Stack>
    </Stack>
  );
}

export { InspeccionesScreen as Component };
