import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFees } from '../api/list-fees';
import { useGifts } from '../api/list-gifts';
import { formatCents } from '../lib/money';
import { CertificateDownload } from './certificate-download';
import { FeeForm } from './fee-form';
import { FeeList } from './fee-list';
import { GiftForm } from './gift-form';
import { GiftList } from './gift-list';
import { useCapabilities } from '../../../lib/role-lookup';

/** The most fees and gifts the person page lists; more are in "Socios y donativos", filtered by the person. */
const SHOWN = '50';

function PersonMoney({ personId }: { personId: number }) {
  const [adding, setAdding] = useState<'fee' | 'gift' | null>(null);
  const fees = useFees({ personaId: String(personId), pageSize: SHOWN });
  const gifts = useGifts({ personaId: String(personId), pageSize: SHOWN });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cuotas-donativos-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="cuotas-donativos-title">
            Cuotas y donativos
          </Title>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={() => setAdding('fee')}
              disabled={adding !== null}
            >
              Nueva cuota
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={() => setAdding('gift')}
              disabled={adding !== null}
            >
              Registrar donativo
            </Button>
          </Group>
        </Group>
        {adding === 'fee' ? <FeeForm personaId={personId} onDone={() => setAdding(null)} onCancel={() => setAdding(null)} /> : null}
        {adding === 'gift' ? (
          <GiftForm
            person={{ id: personId, nombre: '' }}
            fees={(fees.data?.items ?? []).filter((f) => f.estado !== 'baja')}
            onDone={() => setAdding(null)}
            onCancel={() => setAdding(null)}
          />
        ) : null}

        <Stack gap="xs">
          <Title order={3} fz="h5">
            Cuotas
          </Title>
          {fees.isError ? (
            <ListLoadError title="No se pudieron cargar las cuotas" onRetry={() => void fees.refetch()}>
              <Text size="sm">{getErrorMessage(fees.error)}</Text>
            </ListLoadError>
          ) : fees.isPending ? (
            <ListLoading label="Cargando cuotas..." py={16} />
          ) : fees.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tiene cuotas.
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Equivalente mensual de las activas: {formatCents(fees.data.importeMensualCentimos)}
              </Text>
              <FeeList fees={fees.data.items} showPerson={false} cards />
            </>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} fz="h5">
            Donativos
          </Title>
          {gifts.isError ? (
            <ListLoadError title="No se pudieron cargar los donativos" onRetry={() => void gifts.refetch()}>
              <Text size="sm">{getErrorMessage(gifts.error)}</Text>
            </ListLoadError>
          ) : gifts.isPending ? (
            <ListLoading label="Cargando donativos..." py={16} />
          ) : gifts.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tiene donativos.
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Total (sin anulados ni devueltos): {formatCents(gifts.data.importeTotalCentimos)}
              </Text>
              <GiftList gifts={gifts.data.items} showPerson={false} cards />
              {gifts.data.total > gifts.data.items.length ? (
                <Button component={Link} to={`/donativos/recibidos?personaId=${personId}`} variant="subtle" size="compact-sm">
                  Ver los {gifts.data.total} donativos
                </Button>
              ) : null}
            </>
          )}
        </Stack>

        <CertificateDownload personId={personId} />
      </Stack>
    </Paper>
  );
}

/** "Cuotas y donativos" on the person page, for administrators only (the money API answers no one else). */
export function PersonMoneySection({ personId }: { personId: number }) {
  const may = useCapabilities();
  return may('dinero') ? <PersonMoney personId={personId} /> : null;
}
