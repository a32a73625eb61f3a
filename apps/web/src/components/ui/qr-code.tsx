import { Center, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The link as a QR code (SVG), drawn by the `qrcode` library loaded only when a code is shown. */
export function LinkQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<{ url: string; dataUrl: string } | { url: string; failed: true } | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((text) => {
        if (!cancelled) setSvg({ url, dataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
      })
      .catch(() => {
        if (!cancelled) setSvg({ url, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (!svg || svg.url !== url) {
    return (
      <Center h={220}>
        <Loader role="status" size="sm" aria-label="Generando código QR" />
      </Center>
    );
  }
  if ('failed' in svg) return <Text c="red">No se pudo generar el código QR.</Text>;
  return (
    <Center>
      <img src={svg.dataUrl} alt={label} width={220} height={220} style={{ background: 'white' }} />
    </Center>
  );
}
