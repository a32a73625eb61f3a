import { ActionIcon, Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { petMediaMessages, petMessages, type PetImage } from '@refugio/contracts';
import type { PetView } from '../api/pet-view';
import { IconAlertCircle, IconPhotoPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeletePetImage } from '../api/delete-pet-image';
import { formatBytes } from '../lib/media-rules';
import { confirmDanger, notifyError, notifySuccess } from './confirm-texts';
import classes from './pet-form.module.css';
import { SortableImageGrid } from './sortable-image-grid';

export interface QueuedFile {
  id: string;
  file: File;
  url: string;
}

interface PetImagesSectionProps {
  petId: number | null;
  images: UseQueryResult<PetImage[]> | null;
  queued: readonly QueuedFile[];
  disabled: boolean;
  onRemoveQueued: (id: string) => void;
  onOpenDialog: () => void;
  /** The pet after "Hacer principal" (its version changed). */
  onMainChanged?: (pet: PetView) => void;
}

/**
 * The additional images: those on the server (reordered, made the main image or deleted, as on /imagenes) and
 * those waiting to be uploaded (after them, in the order they were chosen).
 */
export function PetImagesSection({ petId, images, queued, disabled, onRemoveQueued, onOpenDialog, onMainChanged }: PetImagesSectionProps) {
  const deleteImage = useDeletePetImage();

  const askDelete = (image: PetImage) => {
    if (petId === null) return;
    confirmDanger({
      text: petMessages.imageDeleteConfirm,
      confirm: petMessages.imageDeleteButton,
      onConfirm: () =>
        deleteImage.mutate(
          { petId, imageId: image.id },
          {
            onSuccess: () => notifySuccess(petMessages.imageDeletedTitle, petMessages.imageDeletedText),
            onError: () => notifyError(petMessages.imageDeleteErrorTitle, petMessages.imageDeleteErrorText),
          },
        ),
    });
  };

  const existing = images?.data ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4">
          Imágenes adicionales
        </Title>
        <Button variant="light" leftSection={<IconPhotoPlus size={16} aria-hidden="true" />} onClick={onOpenDialog} disabled={disabled}>
          Agregar imágenes
        </Button>
      </Group>

      {images?.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Cargando imágenes...
          </Text>
        </Group>
      ) : null}
      {images?.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="No se pudieron cargar las imágenes">
          <Button size="xs" variant="light" color="red" onClick={() => void images.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : null}

      {existing.length === 0 && queued.length === 0 && !images?.isPending && !images?.isError ? (
        <Text size="sm" c="dimmed">
          Todavía no hay imágenes adicionales.
        </Text>
      ) : null}

      {existing.length > 0 || queued.length > 0 ? (
        <SortableImageGrid
          petId={petId ?? 0}
          images={existing}
          disabled={disabled || petId === null}
          renderAction={(image, number) => (
            <Tooltip label="Eliminar imagen">
              <ActionIcon
                className={classes.mediaAction}
                color="red"
                variant="filled"
                aria-label={`Eliminar imagen ${number}`}
                disabled={disabled}
                onClick={() => askDelete(image)}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
          onMainChanged={onMainChanged}
          trailing={queued.map((item) => (
            <Card key={item.id} withBorder padding={0} radius="md" role="listitem" className={classes.mediaCard}>
              <Image src={item.url} alt={`Vista previa de ${item.file.name}`} className={classes.thumb} />
              <Badge className={classes.mediaBadge} size="sm" variant="filled" color="cyan">
                Nueva
              </Badge>
              <Tooltip label="Quitar de la cola">
                <ActionIcon
                  className={classes.mediaAction}
                  color="gray"
                  variant="filled"
                  aria-label={`Quitar ${item.file.name}`}
                  disabled={disabled}
                  onClick={() => onRemoveQueued(item.id)}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Text size="xs" px={8} py={4} truncate title={item.file.name}>
                {item.file.name} · {formatBytes(item.file.size)}
              </Text>
            </Card>
          ))}
        />
      ) : null}
      {existing.length > 1 ? (
        <Text size="xs" c="dimmed">
          {petMediaMessages.galleryHint}
        </Text>
      ) : null}
      {queued.length > 0 ? (
        <Text size="xs" c="dimmed">
          {existing.length > 0 ? petMediaMessages.queuedOrderNote : 'Las imágenes nuevas se subirán al guardar la mascota.'}
        </Text>
      ) : null}
    </Stack>
  );
}
