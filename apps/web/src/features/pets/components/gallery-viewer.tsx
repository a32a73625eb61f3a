import { ActionIcon, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './gallery-viewer.module.css';

export interface ViewerImage {
  key: string;
  src: string;
  alt: string;
}

interface GalleryViewerProps {
  images: readonly ViewerImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** E.g. the pet's name. */
  title: string;
}

/** Full-screen image viewer: previous / next buttons, the arrow keys, and Escape to close. */
export function GalleryViewer({ images, index, onIndexChange, onClose, title }: GalleryViewerProps) {
  const opened = index !== null && images.length > 0;
  const current = opened ? Math.min(index, images.length - 1) : 0;
  const image = images[current];
  const count = images.length;
  const previous = () => {
    if (opened) onIndexChange((current - 1 + count) % count);
  };
  const next = () => {
    if (opened) onIndexChange((current + 1) % count);
  };

  useHotkeys([
    ['ArrowLeft', previous],
    ['ArrowRight', next],
  ]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      radius={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      classNames={{ content: classes.content, header: classes.header, body: classes.body, close: classes.close }}
      closeButtonProps={{ 'aria-label': 'Cerrar visor' }}
      title={
        <Group gap="sm">
          <Text fw={600}>{title}</Text>
          <Text c="gray.5" size="sm" aria-live="polite">
            Imagen {current + 1} de {count}
          </Text>
        </Group>
      }
    >
      {image ? (
        <div className={classes.stage}>
          <img key={image.key} src={image.src} alt={image.alt} className={classes.image} />
          {count > 1 ? (
            <>
              <Tooltip label="Imagen anterior">
                <ActionIcon
                  className={classes.prev}
                  size={48}
                  radius="xl"
                  variant="filled"
                  color="dark"
                  aria-label="Imagen anterior"
                  onClick={previous}
                >
                  <IconChevronLeft size={28} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Imagen siguiente">
                <ActionIcon className={classes.next} size={48} radius="xl" variant="filled" color="dark" aria-label="Imagen siguiente" onClick={next}>
                  <IconChevronRight size={28} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
