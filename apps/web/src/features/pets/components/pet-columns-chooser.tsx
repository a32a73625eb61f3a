import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import type { CustomField } from '@refugio/contracts';
import { IconColumns } from '@tabler/icons-react';

interface PetColumnsChooserProps {
  /** The organisation's active pet fields, in their order. */
  fields: readonly CustomField[];
  /** The keys of the fields shown now. */
  chosen: readonly string[];
  onChange: (claves: string[]) => void;
}

/**
 * «Columnas»: which of the organisation's own fields the list adds as columns (on a phone, as lines of each card).
 * The choice is this person's on this device. Nothing when the organisation has no pet fields.
 */
export function PetColumnsChooser({ fields, chosen, onChange }: PetColumnsChooserProps) {
  if (fields.length === 0) return null;
  const shown = chosen.filter((clave) => fields.some((field) => field.clave === clave));
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant={shown.length > 0 ? 'light' : 'default'} leftSection={<IconColumns size={16} aria-hidden="true" />}>
          Columnas
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Columnas de la lista" maw={320}>
        <Checkbox.Group
          label="Campos propios en la lista"
          description="Se guarda para ti en este dispositivo."
          value={shown}
          onChange={(next) => onChange(fields.filter((field) => next.includes(field.clave)).map((field) => field.clave))}
        >
          <Stack gap={8} mt="xs" mah={320} style={{ overflowY: 'auto' }}>
            {fields.map((field) => (
              <Checkbox key={field.clave} value={field.clave} label={field.etiqueta} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
