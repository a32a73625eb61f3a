import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReceivedEmail } from '../../apps/server/test/helpers/smtp-test-server';
import { expect } from './fixtures';

/**
 * The e-mail the server under test sends: global-setup starts a real SMTP server (smtp-test-server.ts) and writes
 * each message it receives as one JSON file in E2E_MAIL_DIR, which the journeys read here.
 */
export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Writes one received message (global-setup). */
export function keepMessage(dir: string, message: ReceivedEmail, index: number) {
  mkdirSync(dir, { recursive: true });
  const { raw: _raw, ...rest } = message;
  writeFileSync(path.join(dir, `${String(index).padStart(5, '0')}.json`), JSON.stringify(rest));
}

export type Mail = Omit<ReceivedEmail, 'raw'>;

/** Every message received so far, oldest first. */
export function receivedMail(): Mail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail);
}

/** Waits for the newest message to `to` whose subject matches, received after `since` messages, and answers it. */
export async function waitForMail(to: string, subject: RegExp, since = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail()
          .slice(since)
          .filter((m) => m.to.includes(to) && subject.test(m.subject))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${to} with subject ${subject.source}` },
    )
    .toBe(true);
  return found!;
}

/** How many messages arrived so far (to read only the later ones). */
export function mailCount(): number {
  return receivedMail().length;
}
