import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './sortable-header.module.css';

export interface SortState<F extends string> {
  sort: F;
  order: 'asc' | 'desc';
}

/** A table column header that sorts by `field`, announcing the current order to assistive technology. */
export function SortableHeader<F extends string>({
  field,
  sort,
  onSort,
  children,
}: {
  field: F;
  sort: SortState<F>;
  onSort: (field: F) => void;
  children: ReactNode;
}) {
  const active = sort.sort === field;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} className={classes.sortButton}>
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
