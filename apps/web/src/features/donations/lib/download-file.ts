/** Kept where the money screens import it; the helper lives in lib/download-file.ts. */
export { downloadFile } from '../../../lib/download-file';
