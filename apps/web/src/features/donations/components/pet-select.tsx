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

/** Chooses a pet by its name (`GET /api/mascotas?q=`, searched after a pause in typing). */
export function PetSelect({ label, value, onChange, error, required = false, placeholder = 'Escribe su nombre' }: PetSelectProps) {
  const [search, setSearch] = useState(value?.nombre ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const pets = usePetSearch(debounced.trim());
  const options = [...(value ? [value] : []), ...(pets.data ?? []).filter((p) => p.id !== value?.id)];

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
      nothingFoundMessage={
        search.trim() === '' ? 'Escribe el nombre de la mascota' : pets.isFetching ? 'Buscando...' : 'Ninguna mascota con ese nombre'
      }
      filter={({ options: all }) => all}
      error={error}
    />
  );
}
