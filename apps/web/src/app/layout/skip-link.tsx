import type { MouseEvent } from 'react';

/**
 * "Saltar al contenido": the first thing the Tab key reaches, hidden until then (global.css), so keyboard and
 * screen-reader users need not go through the header and the sidebar on every page. It moves focus to the
 * main landmark itself: following the `#` link alone would put a hash in the router's address.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className="skip-link" onClick={skip}>
      Saltar al contenido
    </a>
  );
}
