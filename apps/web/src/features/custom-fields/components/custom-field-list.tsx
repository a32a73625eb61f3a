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
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Code, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type CustomField, countLabel, customFieldTypeLabels } from '@refugio/contracts';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** What a screen reader hears while a field is moved with the keyboard (or dragged). */
const dnd = {
  instructions:
    'Para mover un campo, pulsa Espacio o Intro sobre su asa. Después usa las flechas para cambiarlo de lugar y pulsa Espacio o Intro para soltarlo, o Escape para cancelar.',
  roleDescription: 'campo que se puede reordenar',
  pickedUp: (label: string, position: number, total: number) => `Tomaste «${label}», en la posición ${position} de ${total}.`,
  over: (label: string, position: number, total: number) => `«${label}» está en la posición ${position} de ${total}.`,
  outside: (label: string) => `«${label}» no está sobre ninguna posición.`,
  dropped: (label: string, position: number, total: number) => `Soltaste «${label}» en la posición ${position} de ${total}.`,
  cancelled: (label: string) => `Se canceló el movimiento: «${label}» vuelve a su lugar.`,
};

/** The badges of a field: what it asks of the form and who sees it. */
function FieldBadges({ field }: { field: CustomField }) {
  const badges: string[] = [];
  if (field.archivado) badges.push('Archivado');
  if (field.obligatorio) badges.push('Obligatorio');
  if (field.entidad === 'mascota' && field.publico) badges.push('Público');
  if (field.entidad === 'persona' && field.sensible) badges.push('Sensible');
  if (field.entidad === 'mascota') badges.push(field.especies.length > 0 ? field.especies.join(', ') : 'Todas las especies');
  return (
    <Group gap={6} aria-label={`Características de ${field.etiqueta}`}>
      {badges.map((badge) => (
        <Badge key={badge} variant="light" color={badge === 'Archivado' ? 'gray' : badge === 'Sensible' ? 'red' : 'blue'} tt="none">
          {badge}
        </Badge>
      ))}
    </Group>
  );
}

/** What a row says of its field; `level` is the heading's, below the section it is listed in. */
function FieldSummary({ field, level }: { field: CustomField; level: 2 | 3 }) {
  return (
    <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
      <Title order={level} fz="h4">
        {field.etiqueta}
      </Title>
      <Text size="sm">
        {customFieldTypeLabels[field.tipo]} · <Code>{field.clave}</Code> · {countLabel(field.usos, 'ficha con valor', 'fichas con valor')}
      </Text>
      {field.opciones.length > 0 ? (
        <Text size="sm" c="dimmed">
          Opciones: {field.opciones.join(', ')}
        </Text>
      ) : null}
      <FieldBadges field={field} />
    </Stack>
  );
}

interface SortableRowProps {
  field: CustomField;
  index: number;
  count: number;
  busy: boolean;
  onMove: (index: number, offset: -1 | 1) => void;
  actions: ReactNode;
}

function SortableRow({ field, index, count, busy, onMove, actions }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    disabled: busy,
    attributes: { roleDescription: dnd.roleDescription },
  });
  return (
    <Paper
      ref={setNodeRef}
      component="li"
      withBorder
      p="md"
      radius="md"
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      shadow={isDragging ? 'md' : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Tooltip label="Arrastra para cambiar el orden">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="default"
            size="lg"
            aria-label={`Mover «${field.etiqueta}»`}
            disabled={busy}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <FieldSummary field={field} level={2} />
          <Group gap="xs">
            <Button
              variant="light"
              size="compact-md"
              leftSection={<IconArrowUp size={16} aria-hidden="true" />}
              aria-label={`Subir «${field.etiqueta}»`}
              disabled={busy || index === 0}
              onClick={() => onMove(index, -1)}
            >
              Subir
            </Button>
            <Button
              variant="light"
              size="compact-md"
              leftSection={<IconArrowDown size={16} aria-hidden="true" />}
              aria-label={`Bajar «${field.etiqueta}»`}
              disabled={busy || index === count - 1}
              onClick={() => onMove(index, 1)}
            >
              Bajar
            </Button>
            {actions}
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}

interface SortableFieldListProps {
  /** The entity's fields in use, in their order. */
  fields: readonly CustomField[];
  busy: boolean;
  /** The ids in their new order, after a drop or a «Subir» / «Bajar». */
  onReorder: (ids: number[]) => void;
  renderActions: (field: CustomField) => ReactNode;
}

/**
 * The fields in use, in the order the forms show them: dragged by a row's handle (mouse; on phones a short press
 * first, so the page still scrolls), by keyboard (Space on the handle, arrows, Space; announced in Spanish) or
 * with «Subir» / «Bajar».
 */
export function SortableFieldList({ fields, busy, onReorder, renderActions }: SortableFieldListProps) {
  const ids = fields.map((field) => field.id);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: UniqueIdentifier) => fields.find((field) => field.id === Number(id))?.etiqueta ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => dnd.pickedUp(labelOf(active.id), positionOf(active.id), ids.length),
    onDragOver: ({ active, over }) => (over ? dnd.over(labelOf(active.id), positionOf(over.id), ids.length) : dnd.outside(labelOf(active.id))),
    onDragEnd: ({ active, over }) => (over ? dnd.dropped(labelOf(active.id), positionOf(over.id), ids.length) : dnd.cancelled(labelOf(active.id))),
    onDragCancel: ({ active }) => dnd.cancelled(labelOf(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const move = (index: number, offset: -1 | 1) => {
    const to = index + offset;
    if (to < 0 || to >= ids.length) return;
    onReorder(arrayMove(ids, index, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: dnd.instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={busy}>
        <Stack gap="sm" component="ol" style={listStyle} aria-label="Campos en uso, en el orden de los formularios">
          {fields.map((field, index) => (
            <SortableRow key={field.id} field={field} index={index} count={fields.length} busy={busy} onMove={move} actions={renderActions(field)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** The archived fields: their values kept, out of the forms, each with its way back. */
export function ArchivedFieldList({ fields, renderActions }: { fields: readonly CustomField[]; renderActions: (field: CustomField) => ReactNode }) {
  return (
    <Stack gap="sm" component="ul" style={listStyle} aria-label="Campos archivados">
      {fields.map((field) => (
        <Paper key={field.id} component="li" withBorder p="md" radius="md" bg="var(--mantine-color-gray-light)">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <FieldSummary field={field} level={3} />
            <Group gap="xs">{renderActions(field)}</Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
