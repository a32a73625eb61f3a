import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDashboard } from '../api/get-dashboard';
import { ChartCard } from '../components/chart-card';
import { CounterCard } from '../components/counter-card';
import { dashboardCounters, formatMonth } from '../lib/dashboard-links';

// Shade 7: at least 3:1 against the card in light and in dark (WCAG 1.4.11, graphics).
const TYPE_COLORS: Record<string, string> = { Perro: 'cyan.7', Gato: 'grape.7', Conejo: 'orange.7' };
const SIZE_LABELS: Record<string, string> = { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' };

/** Dashboard (/dashboard): its page title, whatever the state of its data. */
function DashboardScreen() {
  return (
    <>
      <title>Panel de control · Refugio Admin</title>
      <DashboardContent />
    </>
  );
}

/** The counts that lead to their lists, and the charts of intakes, adoptions and the shelter. */
function DashboardContent() {
  const dashboard = useDashboard();

  if (dashboard.isPending) return <ListLoading label="Cargando el panel..." />;
  if (dashboard.isError) {
    return (
      <ListLoadError title="No se pudo cargar el panel" onRetry={() => void dashboard.refetch()}>
        {getErrorMessage(dashboard.error)}
      </ListLoadError>
    );
  }

  const data = dashboard.data;
  const months = data.ingresosAdopciones.map((m) => ({ mes: formatMonth(m.mes), ingresos: m.ingresos, adopciones: m.adopciones }));
  const types = data.porTipo.filter((t) => t.total > 0).map((t) => ({ name: t.tipo, value: t.total, color: TYPE_COLORS[t.tipo] ?? 'gray.6' }));
  const sizes = data.porTamano.map((s) => ({ tamano: SIZE_LABELS[s.tamano] ?? s.tamano, mascotas: s.total }));
  const median = data.diasHastaAdopcion.mediana;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Panel de control
        </Title>
        <Text c="dimmed" size="sm">
          Cifras de hoy; los meses y el día son los de {data.zonaHoraria.replace(/_/g, ' ')}.
        </Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" component="section" aria-label="Cifras">
        {dashboardCounters.map((c) => (
          <CounterCard key={c.key} label={c.label} value={data.contadores[c.key]} hint={c.hint} to={c.to} />
        ))}
      </SimpleGrid>

      <ChartCard title="Ingresos y adopciones por mes" rows={months.map((m) => [m.mes, `${m.ingresos} ingresos`, `${m.adopciones} adopciones`])}>
        <BarChart
          // The figures reach screen readers as ChartCard's table; the drawing is hidden from them, so it must
          // not take keyboard focus either.
          accessibilityLayer={false}
          h={260}
          data={months}
          dataKey="mes"
          series={[
            { name: 'ingresos', label: 'Ingresos', color: 'cyan.7' },
            { name: 'adopciones', label: 'Adopciones', color: 'teal.7' },
          ]}
          withLegend
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd' }}
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ChartCard title="Mascotas en el refugio por tipo" rows={data.porTipo.map((t) => [t.tipo, t.total])}>
          <Group justify="center">
            <DonutChart
              accessibilityLayer={false}
              pieProps={{ rootTabIndex: -1 }}
              data={types}
              withLabels
              withLabelsLine
              chartLabel={types.reduce((n, t) => n + t.value, 0)}
              size={160}
              thickness={28}
            />
          </Group>
        </ChartCard>
        <ChartCard title="Mascotas en el refugio por tamaño" rows={sizes.map((s) => [s.tamano, s.mascotas])}>
          <BarChart
            accessibilityLayer={false}
            h={200}
            data={sizes}
            dataKey="tamano"
            series={[{ name: 'mascotas', label: 'Mascotas', color: 'indigo.7' }]}
            tickLine="y"
          />
        </ChartCard>
        <ChartCard
          title="Días hasta la adopción"
          rows={[['Mediana', median === null ? 'sin datos' : `${median} días`, `${data.diasHastaAdopcion.adopciones} adopciones`]]}
        >
          <Stack gap={4} justify="center" h={200} align="center">
            <Text fz={44} fw={700} lh={1}>
              {median === null ? '—' : median.toLocaleString('es-ES')}
            </Text>
            <Text size="sm">días de mediana desde el ingreso</Text>
            <Text size="xs" c="dimmed">
              {data.diasHastaAdopcion.adopciones} adopciones en los últimos 12 meses
            </Text>
          </Stack>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

export { DashboardScreen as Component };
