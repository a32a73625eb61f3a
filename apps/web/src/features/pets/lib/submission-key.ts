/**
 * The `Idempotency-Key` of a pet create. A person whose create got no answer (the network failed) and who saves
 * again sends the same submission again: it carries the same key, so the server answers the pet it may already
 * have created instead of making a second one. A changed submission, or a new one after a create succeeded, gets
 * a new key.
 */

/** 128 random bits as 32 hex characters. `crypto.getRandomValues` also works on a plain-http address (randomUUID does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What tells one submission from another: its text fields and the files chosen (name, size, type, last change). */
export function submissionFingerprint(body: FormData): string {
  const entries: [string, string][] = [];
  body.forEach((value, name) => {
    entries.push([name, typeof value === 'string' ? value : `file:${value.name}:${value.size}:${value.type}:${value.lastModified}`]);
  });
  return JSON.stringify(entries);
}

/** Keeps the key of the submission in progress: the same for a retry of it, a new one otherwise. */
export function createSubmissionKeys(generate: () => string = newIdempotencyKey) {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(body: FormData): string {
      const fingerprint = submissionFingerprint(body);
      if (current?.fingerprint !== fingerprint) current = { key: generate(), fingerprint };
      return current.key;
    },
    /** The create succeeded: the next submission is a new one, even with the same values. */
    succeeded(): void {
      current = null;
    },
  };
}

export type SubmissionKeys = ReturnType<typeof createSubmissionKeys>;
