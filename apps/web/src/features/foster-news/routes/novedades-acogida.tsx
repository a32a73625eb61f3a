import { Anchor, Badge, Button, Card, Checkbox, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FOSTER_NEWS_STATES, type FosterNews, type FosterNewsState, formatCount, formatKg, fosterPortalMessages } from '@refugio/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDecideFosterNews } from '../api/decide-foster-news';
import { useFosterNews } from '../api/list-foster-news';

const stateLabels: Record<FosterNewsState, string> = { pendiente: 'Por revisar', aceptada: 'Aceptadas', rechazada: 'Rechazadas' };
const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** One news item: what the foster wrote, the photos to choose, Aceptar / Rechazar (both confirmed). */
function NewsCard({ news }: { news: FosterNews }) {
  const [chosen, setChosen] = useState<number[]>(() => news.fotos.map((f) => f.indice));
  const decide = useDecideFosterNews();
  const pending = news.estado === 'pendiente';
  const run = (accion: 'aceptar' | 'rechazar') =>
    decide.mutate(
      { id: news.id, accion, fotos: chosen },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: accion === 'aceptar' ? fosterPortalMessages.accepted : fosterPortalMessages.rejected }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo revisar la novedad', message: getErrorMessage(error) }),
      },
    );
  const confirm = (accion: 'aceptar' | 'rechazar') =>
    modals.openConfirmModal({
      title: accion === 'aceptar' ? `¿Aceptar la novedad de ${news.mascota.nombre}?` : `¿Rechazar la novedad de ${news.mascota.nombre}?`,
      children: (
        <Text size="sm">
          {accion === 'aceptar'
            ? [
                news.pesoKg !== null ? `Se registrará el peso (${formatKg(news.pesoKg)}).` : '',
                news.cuidado ? `Se marcará hecho «${news.cuidado.nombre}».` : '',
                `Fotos que se añadirán a la galería: ${formatCount(chosen.length)} de ${formatCount(news.fotos.length)}.`,
              ]
                .filter(Boolean)
                .join(' ')
            : 'La mascota no cambiará y la novedad quedará como rechazada.'}
        </Text>
      ),
      labels: { confirm: accion === 'aceptar' ? 'Aceptar' : 'Rechazar', cancel: 'Cancelar' },
      confirmProps: { color: accion === 'aceptar' ? 'teal' : 'red' },
      onConfirm: () => run(accion),
    });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`novedad-${news.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id={`novedad-${news.id}`}>
            <Anchor component={Link} to={`/mascota/${news.mascota.id}`}>
              {news.mascota.nombre}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {dateTime.format(new Date(news.creadoEn))}
          </Text>
        </Group>
        <Text size="sm">
          Acogida:{' '}
          <Anchor component={Link} to={`/personas/${news.persona.id}`}>
            {news.persona.nombre}
          </Anchor>
        </Text>
        {news.texto ? <Text style={{ whiteSpace: 'pre-wrap' }}>{news.texto}</Text> : null}
        <Group gap="xs">
          {news.pesoKg !== null ? <Badge variant="light">Peso: {formatKg(news.pesoKg)}</Badge> : null}
          {news.cuidado ? (
            <Badge variant="light" color="grape">
              Dosis dada: {news.cuidado.nombre}
            </Badge>
          ) : null}
        </Group>
        {news.fotos.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {news.fotos.map((foto) => (
              <Stack key={foto.indice} gap={4}>
                <a href={foto.url} target="_blank" rel="noreferrer">
                  <Image src={foto.miniatura} alt={`Foto ${foto.indice + 1} de ${news.mascota.nombre}`} radius="sm" h={120} fit="cover" />
                </a>
                {pending ? (
                  <Checkbox
                    label={`Añadir la foto ${foto.indice + 1} a la galería`}
                    checked={chosen.includes(foto.indice)}
                    onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, foto.indice] : chosen.filter((i) => i !== foto.indice))}
                  />
                ) : null}
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
        {pending ? (
          <Group>
            <Button color="teal" loading={decide.isPending} onClick={() => confirm('aceptar')}>
              Aceptar
            </Button>
            <Button variant="default" color="red" disabled={decide.isPending} onClick={() => confirm('rechazar')}>
              Rechazar
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Novedades de acogida (/novedades-acogida): what foster homes sent through the portal, for staff to accept or reject. */
function NovedadesAcogidaScreen() {
  const [params, setParams] = useSearchParams();
  const param = params.get('estado');
  const estado: FosterNewsState = (FOSTER_NEWS_STATES as readonly string[]).includes(param ?? '') ? (param as FosterNewsState) : 'pendiente';
  const news = useFosterNews(estado);
  return (
    <Stack gap="lg">
      <title>Novedades de acogida · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Novedades de acogida
        </Title>
        <Text c="dimmed">Lo que las casas de acogida envían desde su enlace. Nada cambia en la mascota hasta que lo aceptas.</Text>
      </div>
      <SegmentedControl
        aria-label="Estado"
        value={estado}
        onChange={(value) => setParams({ estado: value })}
        data={FOSTER_NEWS_STATES.map((value) => ({ value, label: stateLabels[value] }))}
      />
      {news.isPending ? (
        <ListLoading label="Cargando novedades..." />
      ) : news.isError ? (
        <Text c="red">{getErrorMessage(news.error)}</Text>
      ) : news.data.length === 0 ? (
        <Text>No hay novedades en este estado.</Text>
      ) : (
        news.data.map((item) => <NewsCard key={item.id} news={item} />)
      )}
    </Stack>
  );
}

export { NovedadesAcogidaScreen as Component };
