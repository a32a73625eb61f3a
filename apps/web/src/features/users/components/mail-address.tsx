import { Anchor, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './users-table.module.css';

/**
 * An e-mail address kept whole on one line: never split mid-address. When the space is too narrow it ends in
 * "…", and the full address stays available: a tooltip (pointer, keyboard focus and touch) and the link itself
 * (`mailto:`, which screen readers read in full).
 */
export function MailAddress({ mail, dimmed = false }: { mail: string; dimmed?: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [cut, setCut] = useState(false);
  // Whether the address is cut now, and again whenever its box changes size (a rotated phone, a resized window).
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [mail]);

  return (
    <Tooltip label={mail} disabled={!cut} multiline maw="min(90vw, 28rem)" className={classes.mailTooltip}>
      <Anchor ref={ref} href={`mailto:${mail}`} size="sm" c={dimmed ? 'dimmed' : 'inherit'} className={classes.mail}>
        {mail}
      </Anchor>
    </Tooltip>
  );
}
