import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Modelo182Review, countLabel } from '@refugio/contracts';
import { IconAlertCircle, IconDownload, IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDownloadModelo182, useModelo182Review } from '../api/modelo-182';
import { MoneyPageHeader } from '../../../components/ui/money-tabs';
import { PresentModelo182Dialog, Presented, canPresent, presentLabel } from '../components/present-modelo-182';
import { SendCertificates } from '../components/send-certificates';
import { exclusionReasonLabels, fiscalYears, formatCents } from '../lib/money';
import { useOrganizationToday } from '../lib/use-today';
import { useCapabilities } from '../../../lib/role-lookup';

const WIDE_QUERY = '(min-width: 48em)';

function PersonLink({ persona }: { persona: { id: number; nombre: string } }) {
  return (
    <Anchor component={Link} to={`/personas/${persona.id}`} fw={600} c="inherit">
      {persona.nombre || 'Sin nombre'}
    </Anchor>
  );
}

function Included({ review }: { review: Modelo182Review }) {
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  if (review.incluidos.length === 0) return <Text c="dimmed">Nadie con NIF y código postal donó este año.</Text>;
  const recurrence = (r: 1 | 2) => (r === 1 ? 'Recurrente' : 'No recurrente');
  return isWide ? (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Personas declaradas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Persona</Table.Th>
            <Table.Th>NIF</Table.Th>
            <Table.Th>Provincia</Table.Th>
            <Table.Th ta="right">Importe del año</Table.Th>
            <Table.Th>Recurrencia</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {review.incluidos.map((row) => (
            <Table.Tr key={row.persona.id}>
              <Table.Td>
                <PersonLink persona={row.persona} />
              </Table.Td>
              <Table.Td>{row.nif}</Table.Td>
              <Table.Td>{row.provincia}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(row.importeCentimos)}
              </Table.Td>
              <Table.Td>{recurrence(row.recurrencia)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  ) : (
    <Stack gap="xs" role="list" aria-label="Personas declaradas">
      {review.incluidos.map((row) => (
        <Paper key={row.persona.id} withBorder radius="md" p="sm" role="listitem">
          <PersonLink persona={row.persona} />
          <Text size="sm">
            {formatCents(row.importeCentimos)} · {recurrence(row.recurrencia)}
          </Text>
          <Text size="sm" c="dimmed">
            NIF {row.nif} · provincia {row.provincia}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function Excluded({ review }: { review: Modelo182Review }) {
  if (review.excluidos.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="excluidos-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="excluidos-title">
          Quedan fuera ({review.excluidos.length})
        </Title>
        <Text size="sm" c="dimmed">
          Sus donativos no se declaran. Completa su ficha (NIF y código postal) para incluirlos.
        </Text>
        <Stack gap="xs" role="list" aria-label="Personas que quedan fuera">
          {review.excluidos.map((row) => (
            <Group key={row.persona.id} justify="space-between" gap="xs" role="listitem" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>{row.persona.nombre || 'Sin nombre'}</Text>
                <Text size="sm" component="div">
                  {formatCents(row.importeCentimos)} ·{' '}
                  <Badge color="orange" variant="light" size="sm">
                    {exclusionReasonLabels[row.motivo]}
                  </Badge>
                </Text>
              </Stack>
              {row.motivo === 'anonimizada' ? null : (
                <Button component={Link} to={`/personas/${row.persona.id}`} variant="light" size="compact-sm">
                  Corregir la ficha de {row.persona.nombre || 'la persona'}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Socios y donativos · Modelo 182 (/donativos/modelo-182): the year's review and the AEAT file. */
function Modelo182Screen() {
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const years = fiscalYears(currentYear);
  const asked = Number(params.get('anio'));
  const anio = years.includes(asked) ? asked : currentYear - 1;
  const review = useModelo182Review(anio);
  const download = useDownloadModelo182();
  const [presenting, setPresenting] = useState(false);
  const may = useCapabilities();
  const today = useOrganizationToday();
  // The browser mirrors the server (capability `dinero`, a day to present on, something new to present); it decides nothing.
  const mayPresent = may('dinero') && review.data !== undefined && canPresent(review.data, today);
  const nifMissing = download.error instanceof ApiError && download.error.status === 409;
  // The organisation's settings are the administrators': Tesorería is told who completes them.
  const setsUp = may('ajustes');

  return (
    <Stack gap="lg">
      <MoneyPageHeader
        section="Modelo 182"
        description="Declaración informativa de donativos para la AEAT: se presenta en enero por el año anterior."
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Año"
          data={years.map(String)}
          value={String(anio)}
          onChange={(v) => {
            download.reset();
            if (v) setParams({ anio: v }, { replace: true });
          }}
          allowDeselect={false}
          w={140}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate(anio)}
          disabled={!review.data}
        >
          {review.data?.cambio ? `Descargar la declaración ${review.data.cambio.tipo}` : 'Descargar modelo 182'}
        </Button>
        {mayPresent ? (
          <Button variant="light" leftSection={<IconFileCheck size={16} aria-hidden="true" />} onClick={() => setPresenting(true)}>
            {presentLabel(review.data)}
          </Button>
        ) : null}
      </Group>
      {presenting && review.data ? <PresentModelo182Dialog review={review.data} onClose={() => setPresenting(false)} /> : null}
      {nifMissing ? (
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="Faltan datos de la entidad" role="alert">
          <Text size="sm">
            {getErrorMessage(download.error)}{' '}
            {setsUp ? (
              <>
                Complétalo en{' '}
                <Anchor component={Link} to="/configuracion">
                  Configuración
                </Anchor>{' '}
                y vuelve a descargarlo.
              </>
            ) : (
              'Pide a una persona administradora que lo complete en Configuración y vuelve a descargarlo.'
            )}
          </Text>
        </Alert>
      ) : download.error ? (
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="No se pudo descargar el modelo 182" role="alert">
          {getErrorMessage(download.error)}
        </Alert>
      ) : null}
      {review.isError ? (
        <ListLoadError title="No se pudo cargar la revisión" onRetry={() => void review.refetch()}>
          <Text size="sm">{getErrorMessage(review.error)}</Text>
        </ListLoadError>
      ) : review.isPending ? (
        <ListLoading label="Cargando la revisión..." />
      ) : (
        <>
          <Presented review={review.data} />
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="incluidos-title">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="incluidos-title">
                Se declaran ({review.data.incluidos.length})
              </Title>
              <Text size="sm" aria-live="polite">
                {countLabel(review.data.incluidos.length, 'persona', 'personas')} · Total declarado:{' '}
                <strong>{formatCents(review.data.totalCentimos)}</strong>
              </Text>
              <Included review={review.data} />
            </Stack>
          </Paper>
          <Excluded review={review.data} />
          <SendCertificates anio={anio} />
        </>
      )}
    </Stack>
  );
}

export { Modelo182Screen as Component };
