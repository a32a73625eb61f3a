import { useState } from 'react';

/**
 * A private link shown once on a public page (a report's management link): the address itself, readable and
 * selectable, and a "Copiar el enlace" button that copies it and says so. Where the browser refuses the clipboard
 * (no permission, an old browser) it says to keep the address by hand.
 */
export function CopyLink({ url, label = 'Copiar el enlace' }: { url: string; label?: string }) {
  const [said, setSaid] = useState<string | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Enlace copiado.');
    } catch {
      setSaid('No se pudo copiar: mantén pulsado el enlace para copiarlo o guárdalo en favoritos.');
    }
  };
  return (
    <div className="copy-link">
      <p>
        <a href={url} className="private-link">
          {url}
        </a>
      </p>
      <button type="button" className="button button-secondary" onClick={() => void copy()}>
        {label}
      </button>
      <p className="hint" role="status">
        {said}
      </p>
    </div>
  );
}
