import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export const aiUnavailableText = 'El servicio de IA no está configurado.';

interface AiUnavailableButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'leftSection'> {
  children: ReactNode;
}

/**
 * An AI action (improve text, generate tags) that is present but not usable yet: the service is wired in a
 * later issue. `data-disabled` instead of `disabled` keeps the tooltip working (disabled buttons get no
 * pointer events); `aria-disabled` tells assistive technology.
 */
export function AiUnavailableButton({ children, size = 'xs', variant = 'light', leftSection }: AiUnavailableButtonProps) {
  return (
    <Tooltip label={aiUnavailableText} withArrow>
      <Button
        size={size}
        variant={variant}
        leftSection={leftSection}
        data-disabled
        aria-disabled="true"
        aria-description={aiUnavailableText}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
