import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type RemesaLine, countLabel, feePeriodLabels, formatEuros, giftStateLabels } from '@refugio/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { remesaXmlUrl, useRemesa } from '../api/remesas';
import { ReturnDebitDialog } from './return-debit-dialog';

const formatDay = (day: string) => day.split('-').reverse().join('/');

function LineCard({ line, onReturn }: { line: RemesaLine; onReturn: () => void }) {
  const estado = line.donativo?.estado ?? 'registrado';
  const label = `${line.persona.nombre} · ${formatEuros(line.importe)}`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{label}</Text>
          <Text size="sm">
            {line.tipo === 'padrino' ? `Apadrinamiento de ${line.mascota?.nombre ?? ''}` : 'Cuota de socio'} ·{' '}
            {feePeriodLabels[line.periodicidad].toLowerCase()} desde {formatDay(line.periodoDesde)}
          </Text>
          <Text size="sm" c="dimmed">
            IBAN {line.iban} · Mandato {line.mandato.referencia} · {line.secuencia === 'FRST' ? 'Primer adeudo' : 'Recurrente'}
          </Text>
          <Text size="xs" c="dimmed">
            Referencia {line.referencia}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={estado === 'registrado' ? 'teal' : estado === 'devuelto' ? 'orange' : 'gray'}>{giftStateLabels[estado]}</Badge>
          {estado === 'registrado' && (
            <Button size="xs" variant="light" color="orange" onClick={onReturn} aria-label={`Registrar devolución de ${label}`}>
              Registrar devolución
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** One batch: its totals, the bank file and its fees, each with "Registrar devolución" while it stands. */
export function RemesaDetail({ id }: { id: number }) {
  const remesa = useRemesa(id);
  const [returning, setReturning] = useState<RemesaLine | null>(null);
  if (remesa.isPending) return <ListLoading label="Cargando la remesa..." />;
  if (remesa.isError)
    return (
      <ListLoadError title="No se pudo cargar la remesa" onRetry={() => void remesa.refetch()}>
        {getErrorMessage(remesa.error)}
      </ListLoadError>
    );
  const r = remesa.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="remesa-detalle">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz="h3" id="remesa-detalle">
              Remesa del {formatDay(r.fechaCobro)}
            </Title>
            <Text size="sm">
              {countLabel(r.numero, 'cuota', 'cuotas')} · {formatEuros(r.importeTotal)}
              {r.devueltas > 0 && ` · ${countLabel(r.devueltas, 'devuelta', 'devueltas')}`}
            </Text>
          </div>
          <Button component="a" href={remesaXmlUrl(r.id)} download leftSection={<IconDownload size={16} aria-hidden="true" />}>
            Descargar XML
          </Button>
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cuotas de la remesa">
          {r.cuotas.map((line) => (
            <LineCard key={line.referencia} line={line} onReturn={() => setReturning(line)} />
          ))}
        </Stack>
      </Stack>
      {returning && <ReturnDebitDialog line={returning} onClose={() => setReturning(null)} />}
    </Paper>
  );
}
