import { Group, Pagination, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** From this width the pager shows a neighbour page on each side of the current one; narrower, only the current. */
const WIDE_QUERY = '(min-width: 48em)';

export interface ListPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** A page-size picker beside the pages: `label` names it for screen readers ("Mascotas por página"). */
  pageSize?: { value: number; options: readonly number[]; label: string; onChange: (size: number) => void };
}

/** The pages of a list (named "Página N", "Página anterior", "Página siguiente") and, if given, its page size. */
export function ListPager({ page, pageCount, onPage, pageSize }: ListPagerProps) {
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Group justify={pageSize ? 'space-between' : 'center'} p="md" gap="sm">
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onPage}
        size="sm"
        siblings={isWide ? 1 : 0}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Página siguiente' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
      />
      {pageSize ? (
        <Select
          aria-label={pageSize.label}
          data={pageSize.options.map((size) => ({ value: String(size), label: `${size} por página` }))}
          value={String(pageSize.value)}
          onChange={(value) => {
            if (value) pageSize.onChange(Number(value));
          }}
          allowDeselect={false}
          w={150}
          size="xs"
        />
      ) : null}
    </Group>
  );
}
