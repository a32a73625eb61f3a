import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countLabel, formatCount, pluralWord } from '@refugio/contracts';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { countAxisProps, formatCountValue } from '../../../lib/chart-axes';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDashboard } from '../api/get-dashboard';
import { ChartCard } from '../components/chart-card';
import { CounterCard } from '../components/counter-card';
import { MoneyCard } from '../components/money-card';
import { dashboardCounters, formatMonth } from '../lib/dashboard-links';
import { useCapabilities } from '../../../lib/role-lookup';

// Shade 7: at least 3:1 against the card in light and in dark (WCAG 1.4.11, graphics).
const TYPE_COLORS: Record<string, string> = { Perro: 'cyan.7', Gato: 'grape.7', Conejo: 'orange.7' };
const SIZE_LABELS: Record<string, string> = { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' };

/** The key of a chart drawn without axes (the donut): a colour swatch, the name and the figure of each part. */
function ChartLegend({ items }: { items: { label: string; value: number; color: string }[] }) {
  return (
    <Group gap="md" justify="center" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group key={item.label} gap={6} component="li" wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 3, background: `var(--mantine-color-${item.color.replace('.', '-')})` }} />
          <Text size="sm">
            {item.label}: {formatCount(item.value)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

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
  const may = useCapabilities();

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
        {/* Only the counts whose list the role may open (a vet gets no "Solicitudes nuevas" leading to "No tienes permiso"). */}
        {dashboardCounters
          .filter((c) => may(c.capability))
          .map((c) => (
            <CounterCard key={c.key} label={c.label} value={data.contadores[c.key]} hint={c.hint} to={c.to(data)} />
          ))}
      </SimpleGrid>

      {data.dinero && <MoneyCard money={data.dinero} />}

      <ChartCard
        title="Entradas y adopciones por mes"
        rows={months.map((m) => [m.mes, countLabel(m.ingresos, 'entrada', 'entradas'), countLabel(m.adopciones, 'adopción', 'adopciones')])}
      >
        <BarChart
          // The figures reach screen readers as ChartCard's table; the drawing is hidden from them, so it must
          // not take keyboard focus either.
          accessibilityLayer={false}
          h={260}
          data={months}
          dataKey="mes"
          series={[
            { name: 'ingresos', label: 'Entradas', color: 'cyan.7' },
            { name: 'adopciones', label: 'Adopciones', color: 'teal.7' },
          ]}
          withLegend
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd' }}
          yAxisProps={countAxisProps}
          valueFormatter={formatCountValue}
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ChartCard title="Mascotas en el refugio por tipo" rows={data.porTipo.map((t) => [t.tipo, formatCount(t.total)])}>
          <Stack align="center" gap="sm">
            <DonutChart
              accessibilityLayer={false}
              pieProps={{ rootTabIndex: -1 }}
              data={types}
              withLabels
              withLabelsLine
              chartLabel={formatCount(types.reduce((n, t) => n + t.value, 0))}
              size={160}
              thickness={28}
            />
            <ChartLegend items={types.map((t) => ({ label: t.name, value: t.value, color: t.color }))} />
          </Stack>
        </ChartCard>
        <ChartCard title="Mascotas en el refugio por tamaño" rows={sizes.map((s) => [s.tamano, formatCount(s.mascotas)])}>
          <BarChart
            accessibilityLayer={false}
            h={200}
            data={sizes}
            dataKey="tamano"
            series={[{ name: 'mascotas', label: 'Mascotas', color: 'indigo.7' }]}
            tickLine="y"
            yAxisProps={countAxisProps}
            valueFormatter={formatCountValue}
          />
        </ChartCard>
        <ChartCard
          title="Días hasta la adopción"
          rows={[
            [
              'Mediana',
              median === null ? 'sin datos' : countLabel(median, 'día', 'días'),
              countLabel(data.diasHastaAdopcion.adopciones, 'adopción', 'adopciones'),
            ],
          ]}
        >
          <Stack gap={4} justify="center" h={200} align="center">
            <Text fz={44} fw={700} lh={1}>
              {median === null ? '—' : formatCount(median)}
            </Text>
            <Text size="sm">{median === null ? 'días' : pluralWord(median, 'día', 'días')} de mediana desde el ingreso</Text>
            <Text size="xs" c="dimmed">
              {countLabel(data.diasHastaAdopcion.adopciones, 'adopción', 'adopciones')} en los últimos 12 meses
            </Text>
          </Stack>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

export { DashboardScreen as Component };
