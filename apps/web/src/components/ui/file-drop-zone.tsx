import { Box, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import classes from './file-drop-zone.module.css';

interface FileDropZoneProps {
  /** The files dropped, in the order the browser lists them. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** What the zone says, before its picker button (e.g. 'Arrastra y suelta los archivos aquí, o'). */
  hint?: string;
  /** What it says while files are held over it. */
  activeHint: string;
  /** The picker button, so the zone works without dragging too (keyboard, touch). */
  children: ReactNode;
  /** Marks the zone's frame only, without the hint line (the main image's preview). */
  bare?: boolean;
}

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Somewhere to drop files from the desktop, around a picker button that does the same for those who do not
 * drag. While a zone is on screen, a file dropped beside it is ignored instead of the browser leaving the page
 * to open it (which would lose what the form holds).
 */
export function FileDropZone({ onFiles, disabled = false, hint, activeHint, children, bare = false }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the files really left.
  const depth = useRef(0);

  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const handlers = disabled
    ? {}
    : {
        onDragEnter: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setOver(true);
        },
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        },
        onDrop: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.stopPropagation();
          depth.current = 0;
          setOver(false);
          const files = Array.from(event.dataTransfer.files);
          if (files.length > 0) onFiles(files);
        },
      };

  return (
    <Box className={classes.zone} data-over={over || undefined} data-bare={bare || undefined} data-disabled={disabled || undefined} {...handlers}>
      {bare ? (
        children
      ) : (
        <Group gap="sm" justify="center" wrap="wrap">
          <IconUpload size={20} aria-hidden="true" className={classes.icon} />
          <Text size="sm">{over ? activeHint : hint}</Text>
          {children}
        </Group>
      )}
      {bare && over ? (
        <Text className={classes.overlay} fw={600} size="sm">
          {activeHint}
        </Text>
      ) : null}
    </Box>
  );
}
