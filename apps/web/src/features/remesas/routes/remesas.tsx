import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { countLabel, formatEuros } from '@refugio/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { remesaXmlUrl, useRemesas } from '../api/remesas';
import { NewRemesa } from '../components/new-remesa';
import { RemesaDetail } from '../components/remesa-detail';

const formatDay = (day: string) => day.split('-').reverse().join('/');

/**
 * Remesas (/donativos/remesas, administrators): the SEPA direct-debit batches. "Nueva remesa" charges the due fees
 * on a day after a confirmation; each batch gives the bank's XML file, and its fees a "Registrar devolución".
 * The open batch is in the address (`?remesa=`), so a reload keeps it.
 */
function RemesasScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const selected = Number(params.get('remesa') ?? '') || null;
  const list = useRemesas(page);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Stack gap="lg">
      <title>Remesas · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Remesas
        </Title>
        <Text c="dimmed">
          Los recibos domiciliados de socios y padrinos: emite la remesa, descarga el fichero para el banco y anota las devoluciones.
        </Text>
      </div>
      <NewRemesa onCreated={(id) => set('remesa', String(id))} />
      {selected !== null && <RemesaDetail id={selected} />}
      <Stack gap="xs" component="section" aria-labelledby="remesas-emitidas">
        <Title order={2} fz="h3" id="remesas-emitidas">
          Remesas emitidas
        </Title>
        {list.isPending ? (
          <ListLoading label="Cargando remesas..." />
        ) : list.isError ? (
          <ListLoadError title="No se pudieron cargar las remesas" onRetry={() => void list.refetch()}>
            {getErrorMessage(list.error)}
          </ListLoadError>
        ) : list.data.items.length === 0 ? (
          <Text>Aún no se ha emitido ninguna remesa.</Text>
        ) : (
          <>
            {list.data.items.map((r) => (
              <Card key={r.id} withBorder radius="md" padding="md" component="article" aria-label={`Remesa del ${formatDay(r.fechaCobro)}`}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={600}>Cobro el {formatDay(r.fechaCobro)}</Text>
                    <Text size="sm">
                      {countLabel(r.numero, 'cuota', 'cuotas')} · {formatEuros(r.importeTotal)}
                      {r.devueltas > 0 && ` · ${countLabel(r.devueltas, 'devuelta', 'devueltas')}`}
                    </Text>
                    {r.creadaPor && (
                      <Text size="xs" c="dimmed">
                        Emitida por {r.creadaPor}
                      </Text>
                    )}
                  </div>
                  <Group gap="xs">
                    <Button variant="default" size="sm" onClick={() => set('remesa', String(r.id))} aria-pressed={selected === r.id}>
                      Ver cuotas
                    </Button>
                    <Button
                      component="a"
                      href={remesaXmlUrl(r.id)}
                      download
                      size="sm"
                      variant="light"
                      leftSection={<IconDownload size={16} aria-hidden="true" />}
                      aria-label={`Descargar XML de la remesa del ${formatDay(r.fechaCobro)}`}
                    >
                      XML
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
            {list.data.total > list.data.pageSize && (
              <ListPager page={page} pageCount={Math.ceil(list.data.total / list.data.pageSize)} onPage={(p) => set('page', String(p))} />
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}

export { RemesasScreen as Component };
