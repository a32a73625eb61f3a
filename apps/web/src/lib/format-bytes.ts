const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** A byte count for people: "820 B", "148,5 KB", "1,9 MB" (1 KB = 1000 bytes, as the 150KB limit counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${sizeFormat.format(bytes / 1000)} KB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}
