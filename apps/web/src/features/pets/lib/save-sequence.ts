import { SAVE_SUCCESS_DELAY_MS } from '@refugio/contracts';
import { getErrorMessage } from '../../../lib/get-error-message';
import { uploadableFiles } from './media-rules';

/** Reports how far one request has got, 0-100. */
export type ProgressCallback = (percent: number) => void;

export type SaveStepKind = 'fields' | 'image' | 'video';
export type SaveStepStatus = 'pending' | 'uploading' | 'done' | 'error';

/** One progress bar of the save: the fields, then one per queued image, then one per queued video. */
export interface SaveStep {
  key: string;
  kind: SaveStepKind;
  label: string;
  status: SaveStepStatus;
  percent: number;
  error?: string;
}

export interface FailedUpload {
  kind: 'image' | 'video';
  name: string;
  message: string;
}

export interface SaveSequenceInput {
  /** Saves the fields and the main image (`actualizar` or `nueva`); a failure fails the whole save. */
  saveFields: (onProgress: ProgressCallback) => Promise<{ id: number; version?: number | undefined }>;
  /** The queues as they stand; only real non-empty files are sent (SPEC section 5). */
  images: readonly unknown[];
  videos: readonly unknown[];
}

export interface SaveSequenceDeps {
  uploadImage: (petId: number, file: File, onProgress: ProgressCallback) => Promise<unknown>;
  uploadVideo: (petId: number, file: File, onProgress: ProgressCallback) => Promise<unknown>;
  wait: (ms: number) => Promise<void>;
  /** Upload failures are logged, never thrown (SPEC section 8). */
  log: (message: string, error: unknown) => void;
}

export interface SaveSequenceResult {
  id: number;
  version: number | undefined;
  uploadedImages: number;
  uploadedVideos: number;
  failed: FailedUpload[];
}

export const fieldsStepLabel = 'Datos de la mascota';

export const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The save of SPEC section 4: the fields first (with the version, so a stale edit is refused before
 * anything else changes); then each queued image in its own request; then each queued video; then, when
 * files were sent, a pause of SAVE_SUCCESS_DELAY_MS before success is shown (none when nothing was uploaded). `onSteps` receives every change of the progress bars.
 */
export async function runSaveSequence(
  input: SaveSequenceInput,
  deps: SaveSequenceDeps,
  onSteps: (steps: SaveStep[]) => void = () => {},
): Promise<SaveSequenceResult> {
  const images = uploadableFiles(input.images);
  const videos = uploadableFiles(input.videos);
  let steps: SaveStep[] = [
    { key: 'fields', kind: 'fields', label: fieldsStepLabel, status: 'pending', percent: 0 },
    ...images.map((file, i): SaveStep => ({ key: `image-${i}`, kind: 'image', label: file.name, status: 'pending', percent: 0 })),
    ...videos.map((file, i): SaveStep => ({ key: `video-${i}`, kind: 'video', label: file.name, status: 'pending', percent: 0 })),
  ];
  const update = (key: string, change: Partial<SaveStep>) => {
    steps = steps.map((step) => (step.key === key ? { ...step, ...change } : step));
    onSteps(steps);
  };
  const progressOf =
    (key: string): ProgressCallback =>
    (percent) =>
      update(key, { status: 'uploading', percent });
  onSteps(steps);

  update('fields', { status: 'uploading' });
  let saved: { id: number; version?: number | undefined };
  try {
    saved = await input.saveFields(progressOf('fields'));
  } catch (error) {
    update('fields', { status: 'error', error: getErrorMessage(error) });
    throw error;
  }
  update('fields', { status: 'done', percent: 100 });

  const failed: FailedUpload[] = [];
  const uploadAll = async (kind: 'image' | 'video', files: File[], upload: SaveSequenceDeps['uploadImage']) => {
    let uploaded = 0;
    for (const [i, file] of files.entries()) {
      const key = `${kind}-${i}`;
      update(key, { status: 'uploading' });
      try {
        await upload(saved.id, file, progressOf(key));
        update(key, { status: 'done', percent: 100 });
        uploaded += 1;
      } catch (error) {
        const message = getErrorMessage(error);
        deps.log(`No se pudo subir ${kind === 'image' ? 'la imagen' : 'el video'} ${file.name}`, error);
        update(key, { status: 'error', error: message });
        failed.push({ kind, name: file.name, message });
      }
    }
    return uploaded;
  };

  const uploadedImages = await uploadAll('image', images, deps.uploadImage);
  const uploadedVideos = await uploadAll('video', videos, deps.uploadVideo);
  // The pause lets the server finish with the uploaded files; with nothing uploaded, success shows at once.
  if (images.length + videos.length > 0) await deps.wait(SAVE_SUCCESS_DELAY_MS);
  return { id: saved.id, version: saved.version, uploadedImages, uploadedVideos, failed };
}
