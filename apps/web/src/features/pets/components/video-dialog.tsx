import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { petMediaMessages, petMessages } from '@refugio/contracts';
import { IconAlertTriangle, IconVideoPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { checkVideoFile, formatBytes, isVideoByContent, videoAccept } from '../lib/media-rules';

interface VideoDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (file: File) => void;
}

function VideoDialogBody({ onClose, onAdd }: Omit<VideoDialogProps, 'opened'>) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  /** A chosen or dropped video is kept once its content proves it is one (MP4, MOV, AVI or WebM). */
  const choose = async (chosen: File | null, dropped = 1) => {
    if (!chosen) return;
    const request = (latest.current += 1);
    setChecking(true);
    const reason = checkVideoFile(chosen, await isVideoByContent(chosen));
    if (request !== latest.current) return;
    setChecking(false);
    setNote(dropped > 1 ? petMediaMessages.oneVideoOnlyDropped : null);
    setError(reason ? `${chosen.name}: ${reason}` : null);
    setFile(reason ? null : chosen);
  };

  return (
    <Stack gap="md">
      <Text size="sm">Un solo video, en formato MP4, AVI, MOV o WEBM, de 50MB como máximo.</Text>
      <FileDropZone
        onFiles={(files) => void choose(files[0] ?? null, files.length)}
        hint={petMediaMessages.dropHereOne}
        activeHint={petMediaMessages.dropActive}
      >
        <FileButton accept={videoAccept} onChange={(chosen) => void choose(chosen)}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconVideoPlus size={16} aria-hidden="true" />}>
              Elegir video
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
      {note ? <Text size="sm">{note}</Text> : null}
      {file ? (
        <Text size="sm">
          Video elegido: <strong>{file.name}</strong> ({formatBytes(file.size)})
        </Text>
      ) : null}
      {error ? (
        <Alert role="alert" color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={checking || !file}
          onClick={() => {
            if (!file) return;
            onAdd(file);
            onClose();
          }}
        >
          Agregar Video
        </Button>
      </Group>
    </Stack>
  );
}

/** SPEC section 2's 'Carga de Video': one video at a time; it joins the upload queue. */
export function VideoDialog({ opened, ...props }: VideoDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={petMessages.videoDialogTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      {opened ? <VideoDialogBody {...props} /> : null}
    </Modal>
  );
}
