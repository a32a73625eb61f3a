import { Alert, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { MAIN_IMAGE_MAX_BYTES, petMediaMessages } from '@refugio/contracts';
import { IconAlertTriangle, IconPhoto, IconPhotoUp, IconX } from '@tabler/icons-react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { ImageShrinkOffer } from '../../../components/ui/image-shrink';
import { formatBytes } from '../lib/media-rules';
import classes from './pet-form.module.css';

export interface ChosenImage {
  file: File;
  url: string;
}

interface MainImageFieldProps {
  /** The main image the server has, if any. */
  currentUrl: string | null;
  chosen: ChosenImage | null;
  /** Why the last chosen file was refused (e.g. 'El peso de la imagen debe ser menor a 150KB'). */
  error: string | null;
  /** The last chosen file when it was refused for its weight only: reducing it is offered. */
  oversized?: File | null;
  disabled?: boolean;
  /** A file chosen or dropped (the first one when several were dropped); checked by content before it is kept. */
  onChoose: (file: File | null) => void;
  onClear: () => void;
}

/**
 * Main image picker with a preview (a file can be dropped on it too); files over 150000 bytes are refused with
 * the SPEC's alert, and reducing them in the browser is offered with it; files that are not images by their
 * content are refused with a message naming them.
 */
export function MainImageField({ currentUrl, chosen, error, oversized, disabled, onChoose, onClear }: MainImageFieldProps) {
  const preview = chosen?.url ?? currentUrl;
  return (
    <Input.Wrapper label="Imagen principal" description={petMediaMessages.mainImageDescription}>
      <Stack gap="sm" mt={6}>
        <FileDropZone bare disabled={disabled} onFiles={(files) => onChoose(files[0] ?? null)} activeHint={petMediaMessages.mainImageDropActive}>
          <Paper withBorder radius="md" className={classes.mainPreview}>
            {preview ? (
              <Image src={preview} alt={chosen ? `Vista previa de ${chosen.file.name}` : 'Imagen principal actual'} fit="contain" h="100%" />
            ) : (
              <Stack align="center" justify="center" gap={4} h="100%" c="dimmed">
                <IconPhoto size={40} aria-hidden="true" />
                <Text size="sm">Sin imagen principal</Text>
              </Stack>
            )}
          </Paper>
        </FileDropZone>
        {chosen ? (
          <Text size="sm">
            Nueva imagen: <strong>{chosen.file.name}</strong> ({formatBytes(chosen.file.size)}). Se guardará con la mascota.
          </Text>
        ) : null}
        <Group gap="sm">
          <FileButton onChange={onChoose} accept="image/*" disabled={disabled}>
            {(props) => (
              // The label wraps instead of being cut in the narrow column.
              <Button
                {...props}
                variant="default"
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
              >
                {preview ? 'Cambiar imagen principal' : 'Elegir imagen principal'}
              </Button>
            )}
          </FileButton>
          {chosen ? (
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden="true" />} onClick={onClear} disabled={disabled}>
              Descartar imagen nueva
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            {error}
          </Alert>
        ) : null}
        {oversized ? <ImageShrinkOffer file={oversized} maxBytes={MAIN_IMAGE_MAX_BYTES} onUse={onChoose} disabled={disabled} /> : null}
      </Stack>
    </Input.Wrapper>
  );
}
