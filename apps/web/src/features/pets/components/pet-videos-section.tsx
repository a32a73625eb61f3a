import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { petMessages, type PetVideo } from '@refugio/contracts';
import { IconAlertTriangle, IconTrash, IconVideoPlus, IconX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeletePetVideo } from '../api/delete-pet-video';
import { formatBytes, videoDisplayName } from '../lib/media-rules';
import { confirmDanger, notifyError, notifySuccess } from './confirm-texts';
import type { QueuedFile } from './pet-images-section';
import classes from './pet-form.module.css';

interface PetVideosSectionProps {
  petId: number | null;
  videos: UseQueryResult<PetVideo[]> | null;
  queued: readonly QueuedFile[];
  disabled: boolean;
  onRemoveQueued: (id: string) => void;
  onOpenDialog: () => void;
}

/** The videos with players and delete buttons, plus those waiting to be uploaded. */
export function PetVideosSection({ petId, videos, queued, disabled, onRemoveQueued, onOpenDialog }: PetVideosSectionProps) {
  const deleteVideo = useDeletePetVideo();

  const askDelete = (video: PetVideo) => {
    if (petId === null) return;
    confirmDanger({
      text: petMessages.videoDeleteConfirm,
      confirm: 'Sí, eliminar video',
      onConfirm: () =>
        deleteVideo.mutate(
          { petId, name: video.name },
          {
            onSuccess: () => notifySuccess(petMessages.videoDeletedTitle, petMessages.videoDeletedText),
            onError: () => notifyError('Error', petMessages.videoDeleteError),
          },
        ),
    });
  };

  const existing = videos?.data ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4">
          Videos
        </Title>
        <Button variant="light" leftSection={<IconVideoPlus size={16} aria-hidden="true" />} onClick={onOpenDialog} disabled={disabled}>
          Agregar video
        </Button>
      </Group>

      {videos?.isPending && videos.fetchStatus !== 'idle' ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Cargando videos...
          </Text>
        </Group>
      ) : null}
      {videos?.isError ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={petMessages.videoListErrorTitle}>
          <Text size="sm">{petMessages.videoListErrorText}</Text>
          <Button size="xs" variant="light" color="yellow" mt="xs" onClick={() => void videos.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : null}

      {existing.length === 0 && queued.length === 0 && videos?.isSuccess !== false ? (
        <Text size="sm" c="dimmed">
          Todavía no hay videos.
        </Text>
      ) : null}

      {existing.length > 0 || queued.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Videos">
          {existing.map((video) => {
            const name = videoDisplayName(video.name);
            return (
              <Card key={video.name} withBorder radius="md" padding="xs" role="listitem">
                <video className={classes.video} src={video.url} controls preload="metadata" aria-label={`Video ${name}`} />
                <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
                  <Text size="sm" truncate title={name}>
                    {name}
                  </Text>
                  <Tooltip label="Eliminar video">
                    <ActionIcon
                      color="red"
                      variant="light"
                      aria-label={`Eliminar video ${name}`}
                      disabled={disabled}
                      onClick={() => askDelete(video)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Card>
            );
          })}
          {queued.map((item) => (
            <Card key={item.id} withBorder radius="md" padding="xs" role="listitem">
              <video className={classes.video} src={item.url} controls preload="metadata" aria-label={`Vista previa de ${item.file.name}`} />
              <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge size="sm" variant="filled" color="cyan">
                    Nuevo
                  </Badge>
                  <Text size="sm" truncate title={item.file.name}>
                    {item.file.name} · {formatBytes(item.file.size)}
                  </Text>
                </Group>
                <Tooltip label="Quitar de la cola">
                  <ActionIcon
                    color="gray"
                    variant="light"
                    aria-label={`Quitar ${item.file.name}`}
                    disabled={disabled}
                    onClick={() => onRemoveQueued(item.id)}
                  >
                    <IconX size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      {queued.length > 0 ? (
        <Text size="xs" c="dimmed">
          Los videos nuevos se subirán al guardar la mascota.
        </Text>
      ) : null}
    </Stack>
  );
}
