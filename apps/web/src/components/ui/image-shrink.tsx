import { Alert, Button, Group, Image, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { petMediaMessages } from '@refugio/contracts';
import { IconInfoCircle, IconPhotoDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatBytes } from '../../lib/format-bytes';
import type { ShrunkNote } from '../../lib/shrink-image';

/*
 * Photos too heavy for their limit, reduced in the browser (lib/shrink-image.ts, loaded only when needed).
 * Shared by the pet form (Editar, Agregar) and the public registration forms.
 */

type OfferState =
  { step: 'idle' } | { step: 'working' } | { step: 'ready'; file: File; url: string; width: number; height: number } | { step: 'failed' };

interface ImageShrinkOfferProps {
  /** The refused photo. */
  file: File;
  /** Its limit in bytes (150000 for a main image). */
  maxBytes: number;
  /** The reduced copy, once the person chose to use it. */
  onUse: (file: File) => void;
  disabled?: boolean | undefined;
}

/**
 * Shown with the "too heavy" alert of a main photo: reduces it on request, shows the result (preview, weight
 * before and after, size in pixels) and hands the reduced copy over when the person uses it.
 */
export function ImageShrinkOffer({ file, maxBytes, onUse, disabled }: ImageShrinkOfferProps) {
  const [state, setState] = useState<OfferState>({ step: 'idle' });
  const [forFile, setForFile] = useState(file);
  // Another refused photo starts the offer again.
  if (forFile !== file) {
    setForFile(file);
    setState({ step: 'idle' });
  }
  const readyUrl = state.step === 'ready' ? state.url : null;
  useEffect(() => (readyUrl ? () => URL.revokeObjectURL(readyUrl) : undefined), [readyUrl]);

  const reduce = async () => {
    setState({ step: 'working' });
    try {
      const { shrinkImage } = await import('../../lib/shrink-image');
      const shrunk = await shrinkImage(file, maxBytes);
      setState({ step: 'ready', file: shrunk.file, url: URL.createObjectURL(shrunk.file), width: shrunk.width, height: shrunk.height });
    } catch {
      setState({ step: 'failed' });
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" aria-label={petMediaMessages.shrinkButton} component="section">
      {state.step === 'idle' ? (
        <Stack gap="xs">
          <Text size="sm">{petMediaMessages.shrinkOffer(formatBytes(maxBytes))}</Text>
          <Group>
            <Button
              size="sm"
              variant="light"
              leftSection={<IconPhotoDown size={16} aria-hidden="true" />}
              onClick={() => void reduce()}
              disabled={disabled}
            >
              {petMediaMessages.shrinkButton}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.step === 'working' ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{petMediaMessages.shrinking}</Text>
        </Group>
      ) : null}
      {state.step === 'ready' ? (
        <Stack gap="xs">
          <Image src={state.url} alt={petMediaMessages.shrunkPreviewAlt(file.name)} h={160} fit="contain" radius="sm" />
          <Text size="sm" role="status">
            {petMediaMessages.shrunkResult(formatBytes(file.size), formatBytes(state.file.size), state.width, state.height)}
          </Text>
          <Group gap="sm">
            <Button size="sm" onClick={() => onUse(state.file)} disabled={disabled}>
              {petMediaMessages.shrinkUse}
            </Button>
            <Button size="sm" variant="default" onClick={() => setState({ step: 'idle' })} disabled={disabled}>
              {petMediaMessages.shrinkDiscard}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.step === 'failed' ? (
        <Text size="sm" c="red" role="alert">
          {petMediaMessages.shrinkFailed}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Gallery photos over their limit, reduced before they join the list: which ones, and how much they weighed. */
export function ShrunkNotice({ notes }: { notes: readonly ShrunkNote[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert
      role="status"
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      title={petMediaMessages.shrunkGalleryTitle}
    >
      <List size="sm">
        {notes.map((note, i) => (
          <List.Item key={`${note.name}-${i}`}>
            {petMediaMessages.shrunkGalleryItem(note.name, formatBytes(note.before), formatBytes(note.after))}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Reduces the images among chosen files that weigh more than `maxBytes`, keeping a note of each for
 * ShrunkNotice; `working` while it runs.
 */
export function useOversizedImages(maxBytes: number) {
  const [notes, setNotes] = useState<ShrunkNote[]>([]);
  const [working, setWorking] = useState(false);
  const prepare = async (files: readonly File[]): Promise<File[]> => {
    if (files.every((file) => file.size <= maxBytes)) {
      setNotes([]);
      return [...files];
    }
    setWorking(true);
    try {
      const { shrinkOversizedImages } = await import('../../lib/shrink-image');
      const result = await shrinkOversizedImages(files, maxBytes);
      setNotes(result.shrunk);
      return result.files;
    } finally {
      setWorking(false);
    }
  };
  return { prepare, notes, working };
}
