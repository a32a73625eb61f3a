import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { aiMessages, can } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionQueryOptions } from '../../../lib/session';

/** What `GET /api/ai/estado` said: still asking, a provider is configured, or none is. */
export type AiAvailability = 'checking' | 'available' | 'unavailable';

interface AiButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'leftSection'> {
  availability: AiAvailability;
  /** This button's request is in flight. */
  loading?: boolean;
  /** Another AI request blocks this one for now. */
  busy?: boolean;
  /** The whole form is busy (saving): the button is truly disabled, out of the tab order, like the form's fields. */
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/**
 * An AI action (improve a text, generate tags). Until the status is known, or when the server has no provider,
 * it is disabled; with no provider a tooltip says how to enable it (to an administrator) or whom to ask. `data-disabled` + `aria-disabled` rather
 * than `disabled` keep the tooltip working (disabled buttons get no pointer events).
 */
export function AiButton({
  availability,
  loading = false,
  busy = false,
  disabled = false,
  onClick,
  children,
  size = 'xs',
  variant = 'light',
  leftSection,
}: AiButtonProps) {
  const blocked = availability !== 'available' || busy;
  const unavailable = availability === 'unavailable';
  // The session the sign-in guard already loaded (read from the cache, never fetched here): the technical
  // hint (environment variables) is for administrators; a volunteer is told whom to ask.
  const { data: session } = useQuery({ ...sessionQueryOptions, enabled: false });
  const hint = can(session?.user.role, 'ajustes') ? aiMessages.disabledHint : aiMessages.disabledHintVolunteer;
  return (
    <Tooltip label={hint} withArrow multiline w={320} disabled={!unavailable} events={{ hover: true, focus: true, touch: true }}>
      <Button
        type="button"
        size={size}
        variant={variant}
        leftSection={leftSection}
        loading={loading}
        disabled={disabled}
        data-disabled={blocked || undefined}
        aria-disabled={blocked || undefined}
        aria-description={unavailable ? hint : undefined}
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
