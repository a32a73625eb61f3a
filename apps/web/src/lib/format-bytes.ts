/** A byte count for people: "820 B", "148,5 KB", "1,9 MB" (the shared Spanish number formats). */
export { formatBytes } from '@refugio/contracts';
