import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { StorageProvider } from '../../storage/storage-provider';
import { sweepUnreferenced } from '../../storage/sweep-unreferenced';
import type { FollowupsRepository } from './followups.repository';
import { FOLLOWUP_FOLDER } from '../../media/storage-keys';
import type { FollowupsService } from './followups.service';

/** Sends the check-ins whose day has come and reminds the obligations due in 7 days: once an hour, on one instance. */
export function sendDueFollowupsJob(service: Pick<FollowupsService, 'sendDue'>, log: FastifyBaseLogger) {
  return defineJob({
    name: 'followups.send-due',
    title: 'Envío de seguimientos y recordatorios de obligaciones',
    payload: z.object({}),
    every: 60 * 60 * 1000,
    maxAttempts: 3,
    backoffMs: 5 * 60 * 1000,
    handler: async (_payload, { now }) => {
      const done = await service.sendDue(now);
      if (done.enviados + done.recordados > 0) log.info(done, 'follow-ups sent');
    },
  });
}

/** Deletes every file under `seguimientos/` that no answer points at and that is older than the grace period. */
export async function collectFollowupPhotos(
  repo: FollowupsRepository,
  storage: StorageProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<string[]> {
  return sweepUnreferenced(storage, log, { folder: FOLLOWUP_FOLDER, referenced: await repo.photoKeys(), now, what: 'follow-up photos' });
}

export function followupPhotoSweepJob(deps: { repo: FollowupsRepository; storage: StorageProvider; log: FastifyBaseLogger }) {
  return defineJob({
    name: 'followups.photo-sweep',
    title: 'Limpieza de fotos de seguimientos',
    payload: z.object({}),
    every: 6 * 60 * 60 * 1000,
    maxAttempts: 3,
    backoffMs: 5 * 60 * 1000,
    handler: async (_payload, { now }) => {
      await collectFollowupPhotos(deps.repo, deps.storage, deps.log, now.getTime());
    },
  });
}
