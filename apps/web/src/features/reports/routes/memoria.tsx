import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  type Memoria,
  countLabel,
  formatCents,
  formatCount,
  formatDecimal,
  giftConceptLabels,
  memoriaDestinationLabels,
  procedenciaLabels,
} from '@refugio/contracts';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { countAxisProps, formatCountValue } from '../../../lib/chart-axes';
import { getErrorMessage } from '../../../lib/get-error-message';
import { memoriaFileUrl, useMemoria } from '../api/reports';
import { ChartCard } from '../components/chart-card';
import { memoriaYears } from '../lib/report-format';

const originLabel = (p: string) => procedenciaLabels[p as keyof typeof procedenciaLabels] ?? 'Sin indicar';

/** A figure on its own: a big number, what it counts and a line more. */
function FigureCard({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text fz={36} fw={700} lh={1.2}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** A small table of label and figure (what reads better than a drawing: causes, money). */
function FigureTable({ title, rows, total }: { title: string; rows: [string, string][]; total?: [string, string] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ninguno en el año.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td ta="right">{value}</Table.Td>
              </Table.Tr>
            ))}
            {total && (
              <Table.Tr>
                <Table.Th scope="row">{total[0]}</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {total[1]}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function CountsChart({ title, rows, color }: { title: string; rows: { label: string; total: number }[]; color: string }) {
  return (
    <ChartCard title={title} rows={rows.map((r) => [r.label, formatCount(r.total)])} empty={rows.every((r) => r.total === 0)}>
      <BarChart
        accessibilityLayer={false}
        h={Math.max(160, rows.length * 30)}
        data={rows.map((r) => ({ nombre: r.label, total: r.total }))}
        dataKey="nombre"
        orientation="vertical"
        series={[{ name: 'total', label: 'Animales', color }]}
        yAxisProps={{ width: 170 }}
        xAxisProps={countAxisProps}
        valueFormatter={formatCountValue}
      />
    </ChartCard>
  );
}

function MemoriaSections({ memoria }: { memoria: Memoria }) {
  const { entradas, salidas, devoluciones, fallecimientos, esterilizaciones, acogidas31Diciembre, tiempoAdopcion, voluntariado, ingresos } = memoria;
  const median = tiempoAdopcion.medianaDias;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <FigureCard title="Entradas" value={formatCount(entradas.total)} detail={countLabel(entradas.total, 'animal', 'animales') + ' ingresados'} />
        <FigureCard title="Salidas" value={formatCount(salidas.total)} detail="Adopciones, traslados y fallecimientos" />
        <FigureCard title="Devoluciones de adopciones" value={formatCount(devoluciones.total)} />
        <FigureCard
          title="Días hasta la adopción"
          value={median === null ? '—' : formatDecimal(median, 1)}
          detail={median === null ? 'Sin adopciones en el año' : `Mediana de ${countLabel(tiempoAdopcion.adopciones, 'adopción', 'adopciones')}`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CountsChart
          title="Entradas por procedencia"
          rows={entradas.porProcedencia.map((p) => ({ label: originLabel(p.procedencia), total: p.total }))}
          color="cyan.7"
        />
        <Stack gap="md">
          <CountsChart title="Entradas por especie" rows={entradas.porEspecie.map((s) => ({ label: s.especie, total: s.total }))} color="grape.7" />
          <CountsChart
            title="Salidas por destino"
            rows={salidas.porDestino.map((d) => ({ label: memoriaDestinationLabels[d.destino], total: d.total }))}
            color="teal.7"
          />
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <FigureTable
          title="Fallecimientos por causa"
          rows={fallecimientos.porCausa.map((c) => [c.causa, formatCount(c.total)])}
          total={['Total', formatCount(fallecimientos.total)]}
        />
        <FigureTable
          title="Esterilizaciones"
          rows={esterilizaciones.porEspecie.map((s) => [s.especie, formatCount(s.total)])}
          total={['Total', formatCount(esterilizaciones.total)]}
        />
        <FigureCard
          title="En casas de acogida el 31 de diciembre"
          value={formatCount(acogidas31Diciembre.mascotas)}
          detail={`${countLabel(acogidas31Diciembre.mascotas, 'animal', 'animales')} en ${countLabel(acogidas31Diciembre.hogares, 'hogar', 'hogares')}`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Voluntariado">
          <Title order={2} fz="md" mb="xs">
            Voluntariado
          </Title>
          {voluntariado.disponible ? (
            <Text>
              {countLabel(voluntariado.personas, 'persona voluntaria', 'personas voluntarias')}, {formatDecimal(voluntariado.horas, 1)} horas
            </Text>
          ) : (
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="No disponible todavía">
              {voluntariado.nota}
            </Alert>
          )}
        </Paper>
        {ingresos && (
          <FigureTable
            title="Ingresos por concepto"
            rows={ingresos.porConcepto.map((i) => [giftConceptLabels[i.concepto], formatCents(i.importeCentimos)])}
            total={['Total', formatCents(ingresos.total)]}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Memoria anual (/memoria): the year's figures an animal-protection entity gives its region, as cards and charts
 * (each chart with its table for screen readers), and the same as PDF or Excel. The year is in the address.
 */
function MemoriaScreen() {
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const years = memoriaYears(currentYear);
  const asked = Number(params.get('anio'));
  const anio = years.includes(asked) ? asked : currentYear - 1;
  const memoria = useMemoria(anio);
  const org = memoria.data?.organizacion;
  return (
    <Stack gap="lg">
      <title>Memoria anual · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Memoria anual {anio}
          </Title>
          <Text c="dimmed" size="sm">
            {org
              ? `${org.nombre || 'Organización'} · Núcleo zoológico ${org.nucleoZoologico ?? 'sin indicar'} · Registro de entidades ${org.registroEntidades ?? 'sin indicar'}`
              : 'Lo que la entidad comunica cada año a su comunidad autónoma.'}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="Año"
            data={years.map(String)}
            value={String(anio)}
            onChange={(value) => value && setParams({ anio: value })}
            allowDeselect={false}
            w={110}
          />
          <Button component="a" href={memoriaFileUrl(anio, 'pdf')} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            Descargar PDF
          </Button>
          <Button component="a" href={memoriaFileUrl(anio, 'xlsx')} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            Descargar Excel
          </Button>
        </Group>
      </Group>
      {memoria.isPending ? (
        <ListLoading label="Calculando la memoria..." />
      ) : memoria.isError ? (
        <ListLoadError title="No se pudo calcular la memoria" onRetry={() => void memoria.refetch()}>
          {getErrorMessage(memoria.error)}
        </ListLoadError>
      ) : (
        <MemoriaSections memoria={memoria.data} />
      )}
    </Stack>
  );
}

export { MemoriaScreen as Component };
