import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { useUrlSearch } from '../../lib/use-url-search';
import { SearchBoxEnd } from './search-box-end';

type ListSearchInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'leftSection' | 'rightSection'> & {
  ref?: Ref<HTMLInputElement>;
  /** The box's text, kept in the address by `useUrlSearch`. */
  search: ReturnType<typeof useUrlSearch>;
  /** The list is reloading for what was typed: the clear button gives way to a spinner named "Buscando". */
  busy: boolean;
  /** After the box is emptied by its clear button: clear the address (alone or with other filters). */
  onClear: () => void;
};

/** A list's search box: the magnifier, the text that follows the address, and the clear button or the spinner. */
export function ListSearchInput({ search, busy, onClear, ...props }: ListSearchInputProps) {
  return (
    <TextInput
      {...props}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        <SearchBoxEnd
          busy={busy}
          hasText={search.draft !== ''}
          onClear={() => {
            search.reset();
            onClear();
          }}
        />
      }
      value={search.draft}
      onChange={(event) => search.change(event.currentTarget.value)}
    />
  );
}
