import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PersonRef } from '@refugio/contracts';
import { useState } from 'react';
import { usePetSearch } from '../api/search-pets';

export interface PetSelectProps {
  label: string;
  value: PersonRef | null;
  onChange: (pet: PersonRef | null) => void;
  error?: string | null | undefined;
  required?: boolean;
  placeholder?: string;
}

/**
 * Chooses a pet by its name (`GET /phpApi/mascotas?q=`, searched after a pause in typing). While there is nothing to
 * choose, the hint is the field's description (read with it, and announced as it changes) instead of an empty
 * listbox, which a listbox without options is not allowed to be (axe `aria-required-children`).
 */
export function PetSelect({ label, value, onChange, error, required = false, placeholder = 'Escribe su nombre' }: PetSelectProps) {
  const [search, setSearch] = useState(value?.nombre ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const pets = usePetSearch(debounced.trim());
  const options = [...(value ? [value] : []), ...(pets.data ?? []).filter((p) => p.id !== value?.id)];
  const hint =
    options.length > 0
      ? undefined
      : search.trim() === ''
        ? 'Escribe el nombre de la mascota'
        : pets.isFetching || search !== debounced
          ? 'Buscando...'
          : 'Ninguna mascota con ese nombre';

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Quitar ${label.toLowerCase()}` }}
      required={required}
      data={options.map((p) => ({ value: String(p.id), label: p.nombre }))}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((p) => String(p.id) === id) ?? null)}
      description={hint}
      descriptionProps={{ 'aria-live': 'polite' }}
      filter={({ options: all }) => all}
      error={error}
    />
  );
}
