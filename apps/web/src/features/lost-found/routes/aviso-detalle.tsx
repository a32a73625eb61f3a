import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type LostFoundReport,
  type ReportCandidate,
  formatDay,
  reportCardPath,
  reportFacts,
  reportKindLabels,
  reportShareText,
  reportStateLabels,
  staffReportPhotoPath,
  whatsappShareUrl,
} from '@refugio/contracts';
import { Link, useParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCandidates, useCloseReport, useReport } from '../api/lost-found';
import { kindColor, stateColor } from './perdidos-encontrados';

const candidateKind = { perdido: 'Aviso de perdido', encontrado: 'Aviso de encontrado', mascota: 'En el refugio (extraviado)' } as const;

function ReportCard({ item }: { item: LostFoundReport }) {
  return (
    <Card withBorder component="section" aria-labelledby="aviso-titulo">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4" id="aviso-titulo">
          Este aviso
        </Title>
        <Badge color={kindColor[item.tipo]} variant="light">
          {reportKindLabels[item.tipo]}
        </Badge>
      </Group>
      {item.fotos > 0 ? (
        <SimpleGrid cols={item.fotos > 1 ? 2 : 1} mb="sm">
          {Array.from({ length: item.fotos }, (_, i) => (
            <a key={i} href={staffReportPhotoPath(item.id, i, false)} target="_blank" rel="noreferrer">
              <Image src={staffReportPhotoPath(item.id, i)} alt={`Foto ${i + 1} del aviso ${item.id}`} radius="sm" mah={240} fit="contain" />
            </a>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed" mb="sm">
          Sin fotos.
        </Text>
      )}
      <Text fw={600}>{reportFacts(item).join(' · ')}</Text>
      <Text>Microchip: {item.microchip || 'no indicado'}</Text>
      <Text>Código postal: {item.codigoPostal}</Text>
      <Text style={{ whiteSpace: 'pre-wrap' }} mt="xs">
        {item.descripcion}
      </Text>
      <Text mt="xs">
        Contacto: <strong>{item.contacto}</strong>
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Publicado el {formatDay(item.createdAt.slice(0, 10))} · vence el {formatDay(item.venceEn.slice(0, 10))}
      </Text>
    </Card>
  );
}

function CandidateCard({ c, position }: { c: ReportCandidate; position: number }) {
  const title = c.nombre ? `${c.nombre} (${c.especie})` : `${c.especie} ${c.color}`;
  return (
    <Card withBorder component="li" aria-label={`Coincidencia ${position}: ${title}`}>
      {c.foto ? (
        <Image src={c.foto} alt={`Foto de ${title}`} radius="sm" h={160} fit="contain" mb="xs" />
      ) : (
        <Text size="sm" c="dimmed" mb="xs">
          Sin foto.
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600}>
          {position}. {title}
        </Text>
        <Badge color={c.tipo === 'mascota' ? 'grape' : kindColor[c.tipo]} variant="light" style={{ flexShrink: 0 }}>
          {candidateKind[c.tipo]}
        </Badge>
      </Group>
      <Text size="sm">
        {[c.sexo, c.tamano, c.color, c.municipio, c.codigoPostal, c.fecha ? formatDay(c.fecha) : null].filter(Boolean).join(' · ')}
      </Text>
      {c.descripcion ? (
        <Text size="sm" lineClamp={3} mt={4}>
          {c.descripcion}
        </Text>
      ) : null}
      <Group gap={4} mt="xs">
        {c.motivos.map((m) => (
          <Badge key={m} size="sm" variant="outline" color="gray">
            {m}
          </Badge>
        ))}
      </Group>
      <Anchor component={Link} to={c.avisoId !== null ? `/perdidos-encontrados/${c.avisoId}` : `/mascota/${c.mascotaId}`} size="sm" mt="xs">
        {c.avisoId !== null ? `Abrir el aviso nº ${c.avisoId}` : `Ver la ficha de ${c.nombre ?? 'la mascota'}`}
      </Anchor>
    </Card>
  );
}

function CloseActions({ item }: { item: LostFoundReport }) {
  const close = useCloseReport();
  const go = (estado: 'reunido' | 'cerrado') =>
    modals.openConfirmModal({
      title: estado === 'reunido' ? 'Marcar como reunido con su familia' : 'Cerrar el aviso',
      children: <Text size="sm">El aviso dejará de verse en /perdidos y no aparecerá como coincidencia de otros.</Text>,
      labels: { confirm: estado === 'reunido' ? 'Marcar como reunido' : 'Cerrar el aviso', cancel: 'Cancelar' },
      onConfirm: () =>
        close.mutate(
          { id: item.id, estado, version: item.version },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: `Aviso ${reportStateLabels[estado].toLowerCase()}.` }),
            onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cerrar el aviso', message: getErrorMessage(error) }),
          },
        ),
    });
  return (
    <Group gap="xs" wrap="wrap">
      <Button onClick={() => go('reunido')} loading={close.isPending && close.variables?.estado === 'reunido'}>
        Marcar como reunido
      </Button>
      <Button variant="outline" color="gray" onClick={() => go('cerrado')} loading={close.isPending && close.variables?.estado === 'cerrado'}>
        Cerrar sin reunir
      </Button>
    </Group>
  );
}

/** Un aviso (/perdidos-encontrados/{id}): the report beside its ranked candidates with their photos, sharing, and closing it. */
function AvisoDetalleScreen() {
  const id = Number(useParams().id);
  const query = useReport(id);
  const candidates = useCandidates(id);
  if (query.isPending) return <ListLoading label="Cargando el aviso..." />;
  if (query.isError) return <Text c="red">{getErrorMessage(query.error)}</Text>;
  const item = query.data;
  const open = item.estado === 'abierto';
  return (
    <Stack gap="lg">
      <title>{`Aviso nº ${item.id} · Refugio Admin`}</title>
      <Anchor component={Link} to="/perdidos-encontrados" size="sm">
        ← Perdidos y encontrados
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {item.especie} {item.tipo === 'perdido' ? 'perdido' : 'encontrado'} en {item.municipio}
        </Title>
        <Badge color={stateColor[item.estado]} variant="outline">
          {reportStateLabels[item.estado]}
        </Badge>
      </Group>
      {open ? (
        <Group gap="xs" wrap="wrap">
          <CloseActions item={item} />
          <Button
            component="a"
            variant="light"
            href={whatsappShareUrl(reportShareText(item, window.location.origin))}
            target="_blank"
            rel="noreferrer"
          >
            Compartir por WhatsApp
          </Button>
          <Button component="a" variant="light" href={reportCardPath(item.id)} target="_blank" rel="noreferrer">
            Imagen para redes
          </Button>
          <Button component="a" variant="light" href={`/api/avisos/${item.id}/cartel.pdf`} target="_blank" rel="noreferrer">
            Cartel
          </Button>
        </Group>
      ) : (
        <Alert color="gray" title={`Aviso ${reportStateLabels[item.estado].toLowerCase()}`}>
          {item.estado === 'caducado' ? 'Pasaron 60 días sin renovarlo.' : 'Ya no se muestra en /perdidos.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <ReportCard item={item} />
        <section aria-labelledby="coincidencias-titulo" style={{ gridColumn: 'span 2' }} className="candidates">
          <Title order={2} fz="h4" id="coincidencias-titulo" mb="xs">
            Posibles coincidencias
          </Title>
          {candidates.isPending ? (
            <ListLoading label="Buscando coincidencias..." />
          ) : candidates.isError ? (
            <Text c="red">{getErrorMessage(candidates.error)}</Text>
          ) : candidates.data.items.length === 0 ? (
            <Text>No hay avisos ni animales del refugio que se parezcan.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {candidates.data.items.map((c, i) => (
                <CandidateCard key={c.avisoId ?? `m${c.mascotaId}`} c={c} position={i + 1} />
              ))}
            </SimpleGrid>
          )}
        </section>
      </SimpleGrid>
    </Stack>
  );
}

export { AvisoDetalleScreen as Component };
