import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Card, Group, Image, SimpleGrid, Tooltip, UnstyledButton } from '@mantine/core';
import { petMediaMessages, type PetImage } from '@refugio/contracts';
import type { PetView } from '../api/pet-view';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconStar } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useReorderPetImages } from '../api/reorder-pet-images';
import { useSetMainPetImage } from '../api/set-main-pet-image';
import { moveImage, orderImages } from '../lib/image-order';
import { notifyError, notifySuccess } from './confirm-texts';
import classes from './sortable-image-grid.module.css';

interface SortableImageGridProps {
  petId: number;
  /** The gallery in its saved order. */
  images: readonly PetImage[];
  /** How people count the images on this screen: 1 when the main image is counted first (the viewer's order). */
  numberOffset?: number;
  disabled?: boolean;
  /** Cards before the gallery, not sortable (the main image on /imagenes). */
  leading?: ReactNode;
  /** Cards after the gallery, not sortable (images queued for upload in Editar). */
  trailing?: ReactNode;
  /** Opens an image in the viewer; without it the thumbnail is a plain picture. */
  onOpen?: (index: number) => void;
  /** An extra action on each card's picture (delete in Editar). */
  renderAction?: (image: PetImage, number: number) => ReactNode;
  /** The pet after one of its images became the main one (its version changed). */
  onMainChanged?: (pet: PetView) => void;
}

interface SortableCardProps {
  image: PetImage;
  index: number;
  count: number;
  number: number;
  busy: boolean;
  onMove: (index: number, offset: -1 | 1) => void;
  onMakeMain: (image: PetImage) => void;
  onOpen: ((index: number) => void) | undefined;
  action: ReactNode;
}

function SortableCard({ image, index, count, number, busy, onMove, onMakeMain, onOpen, action }: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
    disabled: busy,
    attributes: { roleDescription: petMediaMessages.dndRoleDescription },
  });
  const picture = <Image src={image.thumbnailUrl} alt={onOpen ? '' : `Imagen ${number}`} className={classes.thumb} loading="lazy" />;

  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding={0}
      radius="md"
      role="listitem"
      className={classes.card}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {onOpen ? (
        <UnstyledButton className={classes.thumbButton} onClick={() => onOpen(index)} aria-label={`Ver la imagen ${number} a pantalla completa`}>
          {picture}
        </UnstyledButton>
      ) : (
        picture
      )}
      {action}
      <Group gap={4} p={6} wrap="nowrap" justify="space-between">
        <Tooltip label={petMediaMessages.dragTooltip}>
          <ActionIcon
            ref={setActivatorNodeRef}
            className={classes.handle}
            variant="default"
            aria-label={petMediaMessages.dragHandle(number)}
            disabled={busy}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={petMediaMessages.moveBeforeTooltip}>
            <ActionIcon
              className={classes.tool}
              variant="light"
              aria-label={petMediaMessages.moveBefore(number)}
              disabled={busy || index === 0}
              onClick={() => onMove(index, -1)}
            >
              <IconArrowLeft size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={petMediaMessages.moveAfterTooltip}>
            <ActionIcon
              className={classes.tool}
              variant="light"
              aria-label={petMediaMessages.moveAfter(number)}
              disabled={busy || index === count - 1}
              onClick={() => onMove(index, 1)}
            >
              <IconArrowRight size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Button
        className={classes.makeMain}
        variant="subtle"
        size="compact-sm"
        radius={0}
        fullWidth
        h="auto"
        styles={{ label: { whiteSpace: 'normal' } }}
        leftSection={<IconStar size={14} aria-hidden="true" />}
        disabled={busy}
        aria-label={petMediaMessages.makeMainLabel(number)}
        onClick={() => onMakeMain(image)}
      >
        {petMediaMessages.makeMain}
      </Button>
    </Card>
  );
}

/**
 * A pet's gallery with its staff tools, shared by /imagenes and Editar: reorder by dragging a card's handle
 * (mouse; on phones a short press on the handle first, so the page still scrolls), by keyboard (Space on the
 * handle, arrows, Space; announced in Spanish) or with the arrow buttons (one tap, no dragging), and
 * "Hacer principal". A new order shows at once and is saved; if the server refuses it the previous order
 * comes back with a Spanish message.
 */
export function SortableImageGrid({
  petId,
  images,
  numberOffset = 0,
  disabled = false,
  leading,
  trailing,
  onOpen,
  renderAction,
  onMainChanged,
}: SortableImageGridProps) {
  const reorder = useReorderPetImages();
  const setMain = useSetMainPetImage();
  // The order just dropped, shown until the cache holds it (no jump back for a frame while the request starts).
  const [dropped, setDropped] = useState<number[] | null>(null);
  const latestOrder = useRef(0);
  const shown = dropped ? orderImages(images, dropped) : [...images];
  const ids = shown.map((image) => image.id);
  const busy = disabled || setMain.isPending;
  const numberOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1 + numberOffset;
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saveOrder = (next: number[]) => {
    if (next.every((id, i) => id === ids[i])) return;
    setDropped(next);
    const request = (latestOrder.current += 1);
    reorder.mutate(
      { petId, ids: next },
      {
        onError: (error) => notifyError(petMediaMessages.reorderErrorTitle, petMediaMessages.reorderErrorText(getErrorMessage(error))),
        // Only the last order dropped decides what shows once the requests are done.
        onSettled: () => {
          if (request === latestOrder.current) setDropped(null);
        },
      },
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    saveOrder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  const makeMain = (image: PetImage) =>
    setMain.mutate(
      { petId, imageId: image.id },
      {
        onSuccess: (pet) => {
          notifySuccess(petMediaMessages.makeMainDoneTitle, petMediaMessages.makeMainDoneText);
          onMainChanged?.(pet);
        },
        onError: (error) => notifyError(petMediaMessages.makeMainErrorTitle, getErrorMessage(error)),
      },
    );

  const announcements: Announcements = {
    onDragStart: ({ active }) => petMediaMessages.dndPickedUp(numberOf(active.id), ids.length),
    onDragOver: ({ active, over }) =>
      over ? petMediaMessages.dndOver(numberOf(active.id), positionOf(over.id), ids.length) : petMediaMessages.dndOutside(numberOf(active.id)),
    onDragEnd: ({ active, over }) =>
      over ? petMediaMessages.dndDropped(numberOf(active.id), positionOf(over.id), ids.length) : petMediaMessages.dndCancelled(numberOf(active.id)),
    onDragCancel: ({ active }) => petMediaMessages.dndCancelled(numberOf(active.id)),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: petMediaMessages.dndInstructions } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={busy}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing="sm" role="list" aria-label="Galería">
          {leading}
          {shown.map((image, index) => (
            <SortableCard
              key={image.id}
              image={image}
              index={index}
              count={shown.length}
              number={index + 1 + numberOffset}
              busy={busy}
              onMove={(from, offset) => saveOrder(moveImage(ids, from, offset))}
              onMakeMain={makeMain}
              onOpen={onOpen}
              action={renderAction?.(image, index + 1 + numberOffset)}
            />
          ))}
          {trailing}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
