import { Badge, Button, Card, Grid, Group, Image, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { CustomFieldValuesList } from '../../../components/ui/custom-field-values';
import { PetPageSections } from '../../../components/ui/page-sections';
import { adoptedWord, petMessages, publicPetPath } from '@refugio/contracts';
import { IconEdit, IconFirstAidKit, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { camposOf } from '../../../lib/custom-fields';
import { useAllCustomFields } from '../../../lib/custom-field-definitions';
import { formatDate } from '../../../lib/format-date';
import { usePet } from '../api/get-pet';
import type { PetView } from '../api/pet-view';
import { usePetImages } from '../api/get-pet-images';
import { usePetVideos } from '../api/get-pet-videos';
import { GalleryViewer, type ViewerImage } from '../components/gallery-viewer';
import { PetAdoptionRequests } from '../components/pet-adoption-requests';
import { PetBadges } from '../components/pet-badges';
import { PetHistory } from '../components/pet-history';
import { PetLocation, PetPlace } from '../components/pet-location';
import { MissingIdAlert, PetLoadError, PetLoading } from '../components/pet-load-states';
import { PetPageHeader } from '../components/pet-page-header';
import { isSharable, PetShareMenu } from '../components/pet-share-menu';
import { videoDisplayName } from '../lib/media-rules';
import { capitalise, formatEntryDate, yesNo } from '../lib/pet-display';
import { identityRows } from '../lib/pet-identity-display';
import { parsePetId } from '../lib/pet-id';
import classes from './producto.module.css';
import { useCapabilities } from '../../../lib/role-lookup';

function Detail({ pet }: { pet: PetView }) {
  const tags = pet.tags;
  const customFields = useAllCustomFields('mascota');
  const rows: [string, string][] = [
    ['Tipo', pet.tipo],
    ['Edad', pet.edad],
    ['Género', pet.genero],
    ['Tamaño', pet.tamano],
    ['Discapacidad', yesNo(pet.discapacidad)],
    [capitalise(adoptedWord(pet.genero)), yesNo(pet.adoptado)],
    ['Fecha de ingreso', formatEntryDate(pet.fechaingreso) || 'Sin fecha'],
    ...identityRows(pet),
  ];
  if (pet.estado === 'programada' && pet.publicarEn) rows.push(['Se publica el', formatDate(pet.publicarEn)]);

  return (
    <Stack gap="md">
      <PetBadges adoptado={pet.adoptado} genero={pet.genero} estado={pet.estado} size="md" />
      <Table withRowBorders verticalSpacing="xs" aria-label="Datos de la mascota">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170} c="dimmed" fw={600}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CustomFieldValuesList definitions={customFields.data} values={camposOf(pet)} especie={pet.tipo} />
      <div>
        <Text fw={600} size="sm" c="dimmed" mb={6}>
          Etiquetas
        </Text>
        {tags.length > 0 ? (
          <Group gap={6} aria-label="Etiquetas">
            {tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" tt="none" size="lg" fw={500}>
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Sin etiquetas.
          </Text>
        )}
      </div>
    </Stack>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={2} fz="h4" mb={6}>
        {title}
      </Title>
      {text.trim() ? (
        <Text className={classes.prose}>{text}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          Sin información.
        </Text>
      )}
    </div>
  );
}

/** Producto (/mascota/{id}): everything about one pet, read-only, with its gallery and videos. */
function ProductoScreen() {
  const { id: rawId } = useParams();
  const id = parsePetId(rawId);
  const pet = usePet(id);
  const images = usePetImages(id, { enabled: pet.isSuccess });
  const videos = usePetVideos(id, { enabled: images.isSuccess || images.isError });
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const may = useCapabilities();

  const data = pet.data;
  const viewerImages: ViewerImage[] = [
    ...(data?.imagenprincipalUrl ? [{ key: 'main', src: data.imagenprincipalUrl, alt: `${data.nombre}, imagen principal` }] : []),
    ...(images.data ?? []).map((image, i) => ({ key: String(image.id), src: image.url, alt: `${data?.nombre ?? 'Mascota'}, imagen ${i + 1}` })),
  ];
  const galleryOffset = data?.imagenprincipalUrl ? 1 : 0;

  return (
    <Stack gap="lg">
      <title>{`${data?.nombre ?? 'Detalle de la Mascota'} · Refugio Admin`}</title>
      <PetPageHeader
        title={data?.nombre ?? 'Detalle de la Mascota'}
        actions={
          // Only for a pet that loaded: a missing one (404) offers nothing to edit.
          id !== null && data ? (
            <>
              {/* Only for the roles that may edit a pet: Veterinaria and Voluntariado read it. */}
              {may('mascotas.editar') ? (
                <Button component={Link} to={`/editar/${id}`} leftSection={<IconEdit size={16} aria-hidden="true" />}>
                  Editar
                </Button>
              ) : null}
              <Button component={Link} to={`/imagenes/${id}`} variant="light" leftSection={<IconPhoto size={16} aria-hidden="true" />}>
                Galería
              </Button>
              {/* Care: every role but Tesorería (the permission table). */}
              {may('cuidados.ver') ? (
                <Button component={Link} to={`/mascota/${id}/salud`} variant="light" leftSection={<IconFirstAidKit size={16} aria-hidden="true" />}>
                  Salud
                </Button>
              ) : null}
              <PetShareMenu pet={data} />
            </>
          ) : null
        }
      />
      {id === null ? (
        <MissingIdAlert />
      ) : data ? (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder radius="md" className={classes.mainImage}>
                {data.imagenprincipalUrl ? (
                  <UnstyledButton onClick={() => setViewerIndex(0)} aria-label="Ver imagen principal a pantalla completa" w="100%" h="100%">
                    <Image src={data.imagenprincipalUrl} alt={`${data.nombre}, imagen principal`} fit="cover" h="100%" />
                  </UnstyledButton>
                ) : (
                  <Stack align="center" justify="center" h="100%" c="dimmed" gap={4}>
                    <IconPhoto size={48} aria-hidden="true" />
                    <Text size="sm">Sin imagen principal</Text>
                  </Stack>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
                <Detail pet={data} />
              </Paper>
            </Grid.Col>
          </Grid>

          {/* The movements and the requests only for the roles whose capability opens their calls (DESIGN 20). */}
          {may('movimientos') ? (
            <PetLocation
              petId={data.id}
              petName={data.nombre}
              publicUrl={isSharable(data) ? `${window.location.origin}${publicPetPath(data.id)}` : null}
              fechaIngreso={data.fechaingreso}
            />
          ) : (
            <PetPlace place={data.ubicacion} />
          )}

          {may('adopciones') ? <PetAdoptionRequests petId={data.id} /> : null}
          <PetPageSections petId={data.id} />

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="lg">
              <TextBlock title="Historia" text={data.historia} />
              <TextBlock title="Personalidad" text={data.personalidad} />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4">
                Galería
              </Title>
              <Button component={Link} to={`/imagenes/${data.id}`} variant="subtle" size="xs">
                Abrir galería
              </Button>
            </Group>
            {images.isPending ? (
              <Loader role="status" size="sm" aria-label="Cargando imágenes" />
            ) : images.isError ? (
              <Text size="sm" c="red">
                No se pudieron cargar las imágenes.
              </Text>
            ) : images.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin imágenes adicionales.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 3, sm: 4, lg: 6 }} spacing="xs">
                {images.data.map((image, i) => (
                  <UnstyledButton
                    key={image.id}
                    className={classes.thumbButton}
                    onClick={() => setViewerIndex(i + galleryOffset)}
                    // Numbered as the viewer counts them (the main image, when there is one, is the first).
                    aria-label={`Ver imagen ${i + galleryOffset + 1} a pantalla completa`}
                  >
                    <Image src={image.thumbnailUrl} alt="" className={classes.thumb} loading="lazy" />
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            )}
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Title order={2} fz="h4" mb="sm">
              Videos
            </Title>
            {videos.isError ? (
              <Text size="sm" c="orange">
                {petMessages.videoListErrorTitle}: {petMessages.videoListErrorText}
              </Text>
            ) : !videos.data ? (
              <Loader role="status" size="sm" aria-label="Cargando videos" />
            ) : videos.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin videos.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {videos.data.map((video) => (
                  <Card key={video.name} withBorder padding="xs" radius="md">
                    <video
                      className={classes.video}
                      src={video.url}
                      controls
                      preload="metadata"
                      aria-label={`Video ${videoDisplayName(video.name)}`}
                    />
                    <Text size="sm" mt={6} truncate>
                      {videoDisplayName(video.name)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </Paper>

          <PetHistory petId={data.id} petName={data.nombre} />

          <Text size="xs" c="dimmed">
            Registrada el {formatDate(data.createdAt)} · Última modificación el {formatDate(data.updatedAt)}
          </Text>

          <GalleryViewer
            images={viewerImages}
            index={viewerIndex}
            onIndexChange={setViewerIndex}
            onClose={() => setViewerIndex(null)}
            title={data.nombre}
          />
        </>
      ) : pet.isError ? (
        <PetLoadError error={pet.error} />
      ) : (
        <PetLoading />
      )}
    </Stack>
  );
}

export { ProductoScreen as Component };
