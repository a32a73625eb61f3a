import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { aiMessages } from '@refugio/contracts';
import type { ReactNode } from 'react';

/** What `GET /api/ai/estado` said: still asking, a provider is configured, or none is. */
export type AiAvailability = 'checking' | 'available' | 'unavailable';

interface AiButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'leftSection'> {
  availability: AiAvailability;
  /** This button's request is in flight. */
  loading?: boolean;
  /** Another AI request blocks this one for now. */
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/**
 * An AI action (improve a text, generate tags). Until the status is known, or when the server has no provider,
 * it is disabled; with no provider a tooltip says how to enable it. `data-disabled` + `aria-disabled` rather
 * than `disabled` keep the tooltip working (disabled buttons get no pointer events).
 */
export function AiButton({
  availability,
  loading = false,
  busy = false,
  onClick,
  children,
  size = 'xs',
  variant = 'light',
  leftSection,
}: AiButtonProps) {
  const blocked = availability !== 'available' || busy;
  const unavailable = availability === 'unavailable';
  return (
    <Tooltip label={aiMessages.disabledHint} withArrow multiline w={320} disabled={!unavailable} events={{ hover: true, focus: true, touch: true }}>
      <Button
        type="button"
        size={size}
        variant={variant}
        leftSection={leftSection}
        loading={loading}
        data-disabled={blocked || undefined}
        aria-disabled={blocked || undefined}
        aria-description={unavailable ? aiMessages.disabledHint : undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!blocked && !loading) onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
