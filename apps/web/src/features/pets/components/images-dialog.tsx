import { Alert, Button, FileButton, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD, countLabel, petMediaMessages, petMessages } from '@refugio/contracts';
import { IconAlertTriangle, IconPhotoPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { ShrunkNotice, useOversizedImages } from '../../../components/ui/image-shrink';
import { formatBytes, sniffImageFiles, splitImageSelection, type ImageSelection } from '../lib/media-rules';

interface ImagesDialogProps {
  opened: boolean;
  /** Images already waiting in the queue: they count towards the limit of IMAGES_PER_UPLOAD. */
  queuedCount: number;
  onClose: () => void;
  onAdd: (files: File[]) => void;
}

const emptySelection: ImageSelection = { accepted: [], refused: [] };

function ImagesDialogBody({ queuedCount, onClose, onAdd }: Omit<ImagesDialogProps, 'opened'>) {
  const [selection, setSelection] = useState<ImageSelection>(emptySelection);
  const [checking, setChecking] = useState(false);
  const oversized = useOversizedImages(IMAGE_MAX_BYTES);
  const latest = useRef(0);
  const room = Math.max(0, IMAGES_PER_UPLOAD - queuedCount);

  /** Chosen or dropped files replace the selection, once their content has been read (images only). */
  const choose = async (files: File[]) => {
    const request = (latest.current += 1);
    setChecking(true);
    // Photos over 2MB are reduced first (the person is told which), then checked as any other.
    const ready = await oversized.prepare(files);
    if (request !== latest.current) return;
    const candidates = await sniffImageFiles(ready);
    if (request !== latest.current) return;
    setSelection(splitImageSelection(candidates, queuedCount));
    setChecking(false);
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Solo imágenes, hasta {IMAGES_PER_UPLOAD} archivos de 2MB como máximo cada uno (las fotos más pesadas se reducen aquí).
        {queuedCount > 0 ? ` Ya hay ${queuedCount} en espera: puedes agregar ${room} más.` : ''}
      </Text>
      <FileDropZone
        onFiles={(files) => void choose(files)}
        disabled={room === 0}
        hint={petMediaMessages.dropHere}
        activeHint={petMediaMessages.dropActive}
      >
        <FileButton multiple accept="image/*" onChange={(files) => void choose(files)}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhotoPlus size={16} aria-hidden="true" />} disabled={room === 0}>
              Elegir imágenes
            </Button>
          )}
        </FileButton>
      </FileDropZone>
      {checking ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{petMediaMessages.checking}</Text>
        </Group>
      ) : null}

      {selection.accepted.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {countLabel(selection.accepted.length, 'imagen lista', 'imágenes listas')} para agregar:
          </Text>
          <List size="sm" mt={4} aria-label="Imágenes elegidas">
            {selection.accepted.map((file, i) => (
              <List.Item key={`${file.name}-${i}`}>
                {file.name} ({formatBytes(file.size)})
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}

      {checking ? null : <ShrunkNotice notes={oversized.notes} />}

      {selection.refused.length > 0 ? (
        <Alert
          role="alert"
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title="Estos archivos no se agregarán"
        >
          <List size="sm">
            {selection.refused.map((file, i) => (
              <List.Item key={`${file.name}-${i}`}>
                {file.name}: {file.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={checking || selection.accepted.length === 0}
          onClick={() => {
            onAdd(selection.accepted);
            onClose();
          }}
        >
          Agregar
        </Button>
      </Group>
    </Stack>
  );
}

/** SPEC section 2's 'Carga de Imágenes': several images at once; the chosen ones join the upload queue. */
export function ImagesDialog({ opened, ...props }: ImagesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={petMessages.imagesDialogTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      {/* Mounted only while open, so every opening starts with an empty selection. */}
      {opened ? <ImagesDialogBody {...props} /> : null}
    </Modal>
  );
}
