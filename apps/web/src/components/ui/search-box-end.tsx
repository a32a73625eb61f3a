import { CloseButton, Loader, Tooltip } from '@mantine/core';

/**
 * The right end of a list's search box: a spinner named "Buscando" while the list reloads, otherwise, when
 * something is typed, the named clear button (its tooltip opens on touch too, as the theme says).
 */
export function SearchBoxEnd({ busy, hasText, onClear }: { busy: boolean; hasText: boolean; onClear: () => void }) {
  if (busy) return <Loader role="status" size={16} aria-label="Buscando" />;
  if (!hasText) return null;
  return (
    <Tooltip label="Limpiar búsqueda">
      {/* 28 px: a target of at least 24 px (WCAG 2.2, 2.5.8). */}
      <CloseButton size="md" aria-label="Limpiar búsqueda" onClick={onClear} />
    </Tooltip>
  );
}
