import { ActionIcon, Alert, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { PetImage } from '@refugio/contracts';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
// The session decides whether the staff tools show; the server decides what may be seen and changed.
import { useSession } from '../../../lib/session';
import { usePet } from '../api/get-pet';
import { usePetImages } from '../api/get-pet-images';
import { useReorderPetImages } from '../api/reorder-pet-images';
import { useSetMainPetImage } from '../api/set-main-pet-image';
import { notifyError, notifySuccess } from '../components/confirm-texts';
import { GalleryViewer, type ViewerImage } from '../components/gallery-viewer';
import { MissingIdAlert, PetLoading } from '../components/pet-load-states';
import { PetPageHeader } from '../components/pet-page-header';
import { moveImage } from '../lib/image-order';
import { parsePetId } from '../lib/pet-id';
import classes from './producto.module.css';

const imagesNotFoundText = 'No hay imágenes para mostrar: la mascota no existe o todavía no está publicada.';

function StaffTools({ petId, images, index }: { petId: number; images: readonly PetImage[]; index: number }) {
  const reorder = useReorderPetImages();
  const setMain = useSetMainPetImage();
  const image = images[index];
  if (!image) return null;
  const ids = images.map((i) => i.id);
  const move = (offset: -1 | 1) =>
    reorder.mutate(
      { petId, ids: moveImage(ids, index, offset) },
      { onError: (error) => notifyError('No se pudo cambiar el orden', getErrorMessage(error)) },
    );
  const busy = reorder.isPending || setMain.isPending;

  return (
    <Group gap={4} justify="space-between" p={6} wrap="nowrap">
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Mover antes">
          <ActionIcon variant="light" aria-label={`Mover la imagen ${index + 1} antes`} disabled={busy || index === 0} onClick={() => move(-1)}>
            <IconArrowLeft size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Mover después">
          <ActionIcon
            variant="light"
            aria-label={`Mover la imagen ${index + 1} después`}
            disabled={busy || index === images.length - 1}
            onClick={() => move(1)}
          >
            <IconArrowRight size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Button
        size="compact-xs"
        variant="subtle"
        h="auto"
        miw={0}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        leftSection={<IconStar size={14} aria-hidden="true" />}
        disabled={busy}
        aria-label={`Hacer principal la imagen ${index + 1}`}
        onClick={() =>
          setMain.mutate(
            { petId, imageId: image.id },
            {
              onSuccess: () => notifySuccess('Imagen principal actualizada', 'La imagen anterior pasó a la galería.'),
              onError: (error) => notifyError('No se pudo cambiar la imagen principal', getErrorMessage(error)),
            },
          )
        }
      >
        Hacer principal
      </Button>
    </Group>
  );
}

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

  return (
    <Stack gap="lg">
      <title>{`${title} · Refugio Admin`}</title>
      <PetPageHeader
        title={title}
        subtitle={isStaff ? 'Ordena las imágenes con las flechas y elige la imagen principal.' : undefined}
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
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing="md" role="list" aria-label="Galería">
          {mainUrl ? (
            <Card withBorder padding={0} radius="md" role="listitem">
              <UnstyledButton
                className={classes.thumbButton}
                onClick={() => setViewerIndex(0)}
                aria-label="Ver la imagen principal a pantalla completa"
              >
                <Image src={pet.data?.thumbnailUrl ?? mainUrl} alt="" className={classes.thumb} />
              </UnstyledButton>
              <Group p={6} h={isStaff ? 40 : undefined}>
                <Badge variant="light" color="cyan" leftSection={<IconStar size={12} aria-hidden="true" />}>
                  Principal
                </Badge>
              </Group>
            </Card>
          ) : null}
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
              {isStaff && id !== null ? <StaffTools petId={id} images={gallery} index={i} /> : null}
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
