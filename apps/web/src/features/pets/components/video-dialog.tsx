import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { petMessages } from '@refugio/contracts';
import { IconAlertTriangle, IconVideoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { checkVideoFile, formatBytes, videoAccept } from '../lib/media-rules';

interface VideoDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (file: File) => void;
}

function VideoDialogBody({ onClose, onAdd }: Omit<VideoDialogProps, 'opened'>) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const reason = checkVideoFile(chosen);
    setError(reason ? `${chosen.name}: ${reason}` : null);
    setFile(reason ? null : chosen);
  };

  return (
    <Stack gap="md">
      <Text size="sm">Un solo video, en formato MP4, AVI, MOV o WEBM, de 50MB como máximo.</Text>
      <FileButton accept={videoAccept} onChange={choose}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconVideoPlus size={16} aria-hidden="true" />}>
            Elegir video
          </Button>
        )}
      </FileButton>
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
          disabled={!file}
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
    <Modal opened={opened} onClose={props.onClose} title={petMessages.videoDialogTitle} centered>
      {opened ? <VideoDialogBody {...props} /> : null}
    </Modal>
  );
}
