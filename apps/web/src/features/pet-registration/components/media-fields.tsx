import { ActionIcon, Button, FileButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { REGISTRATION_LIMITS, VIDEO_EXTENSIONS, VIDEO_MIME_TYPES, formatBytes, petMediaMessages } from '@refugio/contracts';
import { IconCamera, IconPhotoPlus, IconVideoPlus, IconX } from '@tabler/icons-react';
import { ImageShrinkOffer, ShrunkNotice, useOversizedImages } from '../../../components/ui/image-shrink';
import { mediaButtonId } from '../hooks/use-registration';
import type { RegistrationMedia } from '../lib/registration-values';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const VIDEO_ACCEPT = [...VIDEO_MIME_TYPES, ...VIDEO_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** "3,1 MB", "148,5 KB": as Spanish writes numbers, the same on every screen. */
const size = formatBytes;

function FileList({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file, index) => (
        <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate>
            {file.name}{' '}
            <Text span c="dimmed" size="xs">
              ({size(file.size)})
            </Text>
          </Text>
          <Tooltip label="Quitar">
            <ActionIcon variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={`Quitar ${file.name}`}>
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  ) : null;
}

/**
 * The main photo, more photos and videos. On phones the photo buttons open the camera (`capture`); the
 * limits are the edit screen's, checked here and again by the server.
 */
export function MediaFields({
  media,
  errors,
  onChange,
}: {
  media: RegistrationMedia;
  errors: Partial<Record<keyof RegistrationMedia, string>>;
  onChange: (next: RegistrationMedia) => void;
}) {
  // Phone photos weigh 2-5 MB: more photos over 2MB are reduced as they are added; a main photo over 150KB can be.
  const oversized = useOversizedImages(REGISTRATION_LIMITS.imageBytes);
  const addImages = async (files: File[]) => onChange({ ...media, imagenes: [...media.imagenes, ...(await oversized.prepare(files))] });
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text fw={600}>Foto principal</Text>
        <Text size="xs" c="dimmed">
          Una foto de hasta 150KB.
        </Text>
        <Group gap="xs">
          <FileButton accept="image/*" capture="environment" name="image" onChange={(file) => onChange({ ...media, image: file })}>
            {(props) => (
              <Button {...props} id={mediaButtonId('image')} variant="light" leftSection={<IconCamera size={18} aria-hidden="true" />}>
                {media.image ? 'Cambiar foto principal' : 'Tomar o elegir foto principal'}
              </Button>
            )}
          </FileButton>
        </Group>
        <FileList files={media.image ? [media.image] : []} onRemove={() => onChange({ ...media, image: null })} />
        <FieldError message={errors.image} />
        {media.image && media.image.size > REGISTRATION_LIMITS.mainImageBytes ? (
          <ImageShrinkOffer file={media.image} maxBytes={REGISTRATION_LIMITS.mainImageBytes} onUse={(file) => onChange({ ...media, image: file })} />
        ) : null}
      </Stack>
      <Stack gap={6}>
        <Text fw={600}>Más fotos</Text>
        <Text size="xs" c="dimmed">
          Hasta {REGISTRATION_LIMITS.images} fotos de 2MB cada una.
        </Text>
        <Group gap="xs">
          <FileButton accept={IMAGE_ACCEPT} multiple name="imagenes" onChange={(files) => void addImages(files)}>
            {(props) => (
              <Button {...props} id={mediaButtonId('imagenes')} variant="light" leftSection={<IconPhotoPlus size={18} aria-hidden="true" />}>
                Agregar fotos
              </Button>
            )}
          </FileButton>
          <FileButton accept="image/*" capture="environment" name="imagenes-camara" onChange={(file) => file && void addImages([file])}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconCamera size={18} aria-hidden="true" />}>
                Tomar foto
              </Button>
            )}
          </FileButton>
        </Group>
        {oversized.working ? (
          <Text size="sm" role="status">
            {petMediaMessages.shrinking}
          </Text>
        ) : (
          <ShrunkNotice notes={oversized.notes} />
        )}
        <FileList files={media.imagenes} onRemove={(i) => onChange({ ...media, imagenes: media.imagenes.filter((_, j) => j !== i) })} />
        <FieldError message={errors.imagenes} />
      </Stack>
      <Stack gap={6}>
        <Text fw={600}>Videos</Text>
        <Text size="xs" c="dimmed">
          Hasta {REGISTRATION_LIMITS.videos} videos MP4, AVI, MOV o WEBM de 50MB cada uno.
        </Text>
        <Group gap="xs">
          <FileButton accept={VIDEO_ACCEPT} multiple name="videos" onChange={(files) => onChange({ ...media, videos: [...media.videos, ...files] })}>
            {(props) => (
              <Button {...props} id={mediaButtonId('videos')} variant="light" leftSection={<IconVideoPlus size={18} aria-hidden="true" />}>
                Agregar videos
              </Button>
            )}
          </FileButton>
        </Group>
        <FileList files={media.videos} onRemove={(i) => onChange({ ...media, videos: media.videos.filter((_, j) => j !== i) })} />
        <FieldError message={errors.videos} />
      </Stack>
    </Stack>
  );
}
