import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, NavLink, Paper, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { type Report, type ReportInfo, dayInZone, reportRangeError } from '@refugio/contracts';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { reportFileUrl, useReport, useReportList, useSubscriptions, useToggleSubscription } from '../api/reports';
import { ChartCard } from '../components/chart-card';
import { chartPoints, formatReportValue, previousMonthRange } from '../lib/report-format';

const SERIES_COLORS = ['cyan.7', 'teal.7', 'grape.7', 'orange.7'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ReportTable({ report }: { report: Report }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-table-title">
      <Title order={2} fz="md" mb="xs" id="report-table-title">
        Detalle
      </Title>
      {report.filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hay filas en este periodo.
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll a long table (WCAG 2.1.1).
        <div style={{ overflow: 'auto', maxHeight: 420 }} tabIndex={0} role="group" aria-label="Filas del informe">
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {report.columnas.map((c) => (
                  <Table.Th key={c.clave} ta={c.tipo === 'numero' || c.tipo === 'dinero' ? 'right' : undefined}>
                    {c.titulo}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.filas.map((fila, i) => (
                <Table.Tr key={i}>
                  {report.columnas.map((c) => (
                    <Table.Td key={c.clave} ta={c.tipo === 'numero' || c.tipo === 'dinero' ? 'right' : undefined}>
                      {formatReportValue(fila[c.clave], c.tipo)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

function ReportView({ report }: { report: Report }) {
  const points = chartPoints(report);
  const empty = report.serie.puntos.every((p) => report.serie.series.every((s) => !p[s.clave]));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="section" aria-label="Totales">
        {report.totales.map((t) => (
          <Paper key={t.clave} withBorder radius="md" p="md">
            <Text size="sm">{t.titulo}</Text>
            <Text fz={28} fw={700}>
              {formatReportValue(t.valor, t.tipo)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.nota && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {report.nota}
        </Alert>
      )}
      <ChartCard
        title={`${report.titulo} por mes`}
        rows={points.map((p) => [
          String(p[report.serie.eje]),
          ...report.serie.series.map((s) => `${s.titulo}: ${String(p[s.clave] ?? 0).replace('.', ',')}`),
        ])}
        empty={empty}
      >
        <BarChart
          accessibilityLayer={false}
          h={240}
          data={points}
          dataKey={report.serie.eje}
          series={report.serie.series.map((s, i) => ({
            name: s.clave,
            label: s.titulo.replace(' (céntimos)', ' (€)'),
            color: SERIES_COLORS[i % SERIES_COLORS.length]!,
          }))}
          withLegend={report.serie.series.length > 1}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd' }}
        />
      </ChartCard>
      <ReportTable report={report} />
    </Stack>
  );
}

function SubscriptionSwitch({ info }: { info: ReportInfo }) {
  const subscriptions = useSubscriptions();
  const toggle = useToggleSubscription();
  const subscribed = subscriptions.data?.items.some((s) => s.clave === info.clave) ?? false;
  return (
    <Stack gap={4}>
      <Switch
        label="Recibir este informe cada mes por correo"
        description="El primer día de cada mes, el del mes anterior."
        checked={subscribed}
        disabled={subscriptions.isPending || toggle.isPending}
        onChange={(event) => toggle.mutate({ clave: info.clave, subscribe: event.currentTarget.checked })}
      />
      {toggle.isError && (
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(toggle.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Informes (/informes): the ready reports, one chosen at a time over a date range (the previous month to begin
 * with), as totals, a monthly chart with its table for screen readers, the rows, an Excel download and the monthly
 * e-mail. The report and the range are in the address (the e-mail's link opens it).
 */
function InformesScreen() {
  const [params, setParams] = useSearchParams();
  const list = useReportList();
  const fallback = previousMonthRange(dayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone));
  const clave = params.get('clave') ?? list.data?.items[0]?.clave ?? null;
  const desde = params.get('desde') ?? fallback.desde;
  const hasta = params.get('hasta') ?? fallback.hasta;
  const [draft, setDraft] = useState({ desde, hasta });
  const rangeProblem =
    !DAY.test(desde) || !DAY.test(hasta) ? 'Indica una fecha válida con el formato AAAA-MM-DD.' : reportRangeError(desde, hasta)?.message;
  const report = useReport(clave, desde, hasta, !rangeProblem);
  const info = list.data?.items.find((i) => i.clave === clave);
  const set = (next: Record<string, string>) => setParams({ ...(clave ? { clave } : {}), desde, hasta, ...next });

  if (list.isPending) return <ListLoading label="Cargando los informes..." />;
  if (list.isError) {
    return (
      <ListLoadError title="No se pudieron cargar los informes" onRetry={() => void list.refetch()}>
        {getErrorMessage(list.error)}
      </ListLoadError>
    );
  }
  return (
    <Stack gap="lg">
      <title>Informes · Refugio Admin</title>
      <Title order={1} fz="h2">
        Informes
      </Title>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Informes disponibles" w={{ base: '100%', sm: 260 }}>
          {list.data.items.map((item) => (
            <NavLink
              key={item.clave}
              component="button"
              type="button"
              label={item.titulo}
              description={item.descripcion}
              active={item.clave === clave}
              // The description keeps the text's colour on the active entry's tint (the theme's dimmed cyan is 4.4:1).
              styles={{ description: { color: 'var(--mantine-color-text)' } }}
              aria-current={item.clave === clave ? 'page' : undefined}
              onClick={() => set({ clave: item.clave })}
            />
          ))}
        </Paper>
        <Stack gap="md" style={{ flex: 1, minWidth: 280 }}>
          {info && (
            <div>
              <Title order={2} fz="h3">
                {info.titulo}
              </Title>
              <Text size="sm" c="dimmed">
                {info.descripcion}
              </Text>
            </div>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              set(draft);
            }}
          >
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                type="date"
                label="Desde"
                value={draft.desde}
                onChange={(e) => setDraft({ ...draft, desde: e.currentTarget.value })}
                required
              />
              <TextInput
                type="date"
                label="Hasta"
                value={draft.hasta}
                onChange={(e) => setDraft({ ...draft, hasta: e.currentTarget.value })}
                required
              />
              <Button type="submit" variant="light">
                Ver informe
              </Button>
              {clave && !rangeProblem && (
                <Button
                  component="a"
                  href={reportFileUrl(clave, desde, hasta)}
                  download
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Descargar Excel
                </Button>
              )}
            </Group>
          </form>
          {info && <SubscriptionSwitch info={info} />}
          {rangeProblem ? (
            <Alert color="red" variant="light" role="alert" title="Revisa las fechas">
              {rangeProblem}
            </Alert>
          ) : report.isPending ? (
            <ListLoading label="Calculando el informe..." />
          ) : report.isError ? (
            <ListLoadError title="No se pudo calcular el informe" onRetry={() => void report.refetch()}>
              {getErrorMessage(report.error)}
            </ListLoadError>
          ) : (
            <ReportView report={report.data} />
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

export { InformesScreen as Component };
