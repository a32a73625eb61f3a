import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { createPet } from '../api/create-pet';
import { petsQueryKey } from '../api/pets-query-key';
import { updatePet } from '../api/update-pet';
import { uploadPetImage } from '../api/upload-pet-image';
import { uploadPetVideo } from '../api/upload-pet-video';
import { createSubmissionKeys } from '../lib/submission-key';
import { runSaveSequence, waitFor, type ProgressCallback, type SaveSequenceDeps, type SaveSequenceResult, type SaveStep } from '../lib/save-sequence';

const toPercent = (onProgress: ProgressCallback) => ({ onProgress: ({ percent }: { percent: number }) => onProgress(percent) });

const deps: SaveSequenceDeps = {
  uploadImage: (petId, file, onProgress) => uploadPetImage(petId, file, toPercent(onProgress)),
  uploadVideo: (petId, file, onProgress) => uploadPetVideo(petId, file, toPercent(onProgress)),
  wait: waitFor,
  // SPEC section 8: upload failures are only logged (the success dialog lists them too).
  log: (message, error) => console.warn(message, error),
};

export interface SavePetRequest {
  /** null for a new pet (`nueva`), else the pet to update (`actualizar`). */
  petId: number | null;
  body: FormData;
  images: readonly unknown[];
  videos: readonly unknown[];
}

/**
 * Runs the save of SPEC section 4 and exposes its progress bars; every pets query is refreshed after. A create
 * carries an `Idempotency-Key`, the same when the person saves the same form again after it got no answer (a
 * network failure), so that a create the server did make is answered again instead of made twice.
 */
export function usePetSave() {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<SaveStep[]>([]);
  const [isSaving, setSaving] = useState(false);
  const submissionKeys = useRef(createSubmissionKeys()).current;

  const create = useCallback(
    async (body: FormData, onProgress: ProgressCallback) => {
      const saved = await createPet(body, { ...toPercent(onProgress), idempotencyKey: submissionKeys.keyFor(body) });
      submissionKeys.succeeded();
      return saved;
    },
    [submissionKeys],
  );

  const save = useCallback(
    async ({ petId, body, images, videos }: SavePetRequest): Promise<SaveSequenceResult> => {
      setSaving(true);
      try {
        return await runSaveSequence(
          {
            saveFields: (onProgress) => (petId === null ? create(body, onProgress) : updatePet(petId, body, toPercent(onProgress))),
            images,
            videos,
          },
          deps,
          setSteps,
        );
      } finally {
        setSaving(false);
        void queryClient.invalidateQueries({ queryKey: petsQueryKey });
      }
    },
    [queryClient, create],
  );

  const clearSteps = useCallback(() => setSteps([]), []);

  return { save, steps, isSaving, clearSteps };
}
