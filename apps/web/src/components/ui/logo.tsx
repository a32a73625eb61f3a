import { Group, Text } from '@mantine/core';

interface LogoProps {
  /** Only the mark, for the narrow (mini) sidebar. */
  compact?: boolean;
  size?: number;
}

/** The "Refugio Admin" mark: a paw print and the product name. Inline SVG, so no extra request. */
export function Logo({ compact = false, size = 32 }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Refugio Admin" role="img">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-cyan-8)" />
        <g fill="#fff">
          <ellipse cx="32" cy="42" rx="12" ry="10" />
          <ellipse cx="18" cy="27" rx="5" ry="6.5" />
          <ellipse cx="46" cy="27" rx="5" ry="6.5" />
          <ellipse cx="26" cy="17" rx="4.5" ry="6" />
          <ellipse cx="38" cy="17" rx="4.5" ry="6" />
        </g>
      </svg>
      {compact ? null : (
        <Text component="span" fw={700} fz="lg" lh={1} aria-hidden="true">
          Refugio{' '}
          <Text component="span" inherit c="cyan" fw={500}>
            Admin
          </Text>
        </Text>
      )}
    </Group>
  );
}
