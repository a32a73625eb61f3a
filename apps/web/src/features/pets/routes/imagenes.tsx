import { Alert, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { petMediaMessages } from '@refugio/contracts';
import { IconAlertCircle, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
// The session decides whether the staff tools show; the server decides what may be seen and changed.
import { useSession } from '../../../lib/session';
import { usePet } from '../api/get-pet';
import { usePetImages } from '../api/get-pet-images';
import { GalleryViewer, type ViewerImage } from '../components/gallery-viewer';
import { MissingIdAlert, PetLoading } from '../components/pet-load-states';
import { PetPageHeader } from '../components/pet-page-header';
import { SortableImageGrid } from '../components/sortable-image-grid';
import { parsePetId } from '../lib/pet-id';
import classes from './producto.module.css';

const imagesNotFoundText = 'No hay imágenes para mostrar: la mascota no existe o todavía no está publicada.';

/** Imagenes (/imagenes/{id}): the gallery with a full-screen viewer; open to everyone for published pets. */
function ImagenesScreen() {
  const { id: rawId } = useParams();
  const id = parsePetId(rawId);
  const { data: session } = useSession();
  const isStaff = Boolean(session);
  // The pet's name and main image come from a staff-only call; signed out, the gallery alone shows.
  const pet = usePet(id, { enabled: isStaff });
  const images = usePetImages(id, { enabled: !isStaff || !pet.isPending });
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);

  const name = pet.data?.nombre;
  const mainUrl = pet.data?.imagenprincipalUrl ?? null;
  const gallery = images.data ?? [];
  const viewerImages: ViewerImage[] = [
    ...(mainUrl ? [{ key: 'main', src: mainUrl, alt: `${name ?? 'Mascota'}, imagen principal` }] : []),
    ...gallery.map((image, i) => ({ key: String(image.id), src: image.url, alt: `${name ?? 'Mascota'}, imagen ${i + 1}` })),
  ];
  const offset = mainUrl ? 1 : 0;
  const title = name ? `Imágenes de ${name}` : 'Imágenes de la Mascota';
  // Staff order the gallery and choose the main image (SortableImageGrid); visitors only look.
  const mainCard = mainUrl ? (
    <Card withBorder padding={0} radius="md" role="listitem">
      <UnstyledButton className={classes.thumbButton} onClick={() => setViewerIndex(0)} aria-label="Ver la imagen principal a pantalla completa">
        <Image src={pet.data?.thumbnailUrl ?? mainUrl} alt="" className={classes.thumb} />
      </UnstyledButton>
      <Group p={6}>
        <Badge variant="light" color="cyan" leftSection={<IconStar size={12} aria-hidden="true" />}>
          Principal
        </Badge>
      </Group>
    </Card>
  ) : null;

  return (
    <Stack gap="lg">
      <title>{`${title} · Refugio Admin`}</title>
      <PetPageHeader
        title={title}
        subtitle={isStaff ? petMediaMessages.galleryHint : undefined}
        actions={
          isStaff && id !== null && pet.data ? (
            <Button component={Link} to={`/mascota/${id}`} variant="light">
              Ver mascota
            </Button>
          ) : null
        }
      />
      {id === null ? (
        <MissingIdAlert />
      ) : images.isError ? (
        <Alert
          color={images.error instanceof ApiError && images.error.status === 404 ? 'yellow' : 'red'}
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden="true" />}
          role="alert"
        >
          {images.error instanceof ApiError && images.error.status === 404
            ? imagesNotFoundText
            : `No se pudieron cargar las imágenes: ${getErrorMessage(images.error)}`}
        </Alert>
      ) : !images.data ? (
        <PetLoading text="Cargando imágenes..." />
      ) : viewerImages.length === 0 ? (
        <Text c="dimmed">Esta mascota todavía no tiene imágenes.</Text>
      ) : isStaff && id !== null ? (
        <SortableImageGrid petId={id} images={gallery} numberOffset={offset} leading={mainCard} onOpen={(index) => setViewerIndex(index + offset)} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing="md" role="list" aria-label="Galería">
          {mainCard}
          {gallery.map((image, i) => (
            <Card key={image.id} withBorder padding={0} radius="md" role="listitem">
              <UnstyledButton
                className={classes.thumbButton}
                onClick={() => setViewerIndex(i + offset)}
                // Numbered as the viewer counts them (the main image, when there is one, is the first).
                aria-label={`Ver la imagen ${i + offset + 1} a pantalla completa`}
              >
                <Image src={image.thumbnailUrl} alt="" className={classes.thumb} loading="lazy" />
              </UnstyledButton>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <GalleryViewer
        images={viewerImages}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        onClose={() => setViewerIndex(null)}
        title={name ?? 'Galería'}
      />
    </Stack>
  );
}

export { ImagenesScreen as Component };
