import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { geminiText, startFakeAiServer } from '../../apps/server/test/helpers/fake-ai-server';
import { isBuilt, startBuiltServer } from '../../apps/server/test/helpers/server-process-support';
import { startSmtpServer } from '../../apps/server/test/helpers/smtp-test-server';
import { accounts } from './accounts';
import { fakeAi } from './fake-ai';
import { keepMessage } from './mail';

async function signInByApi(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(baseUrl: string, cookie: string, url: string, body: unknown, method = 'POST') {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} failed: ${res.status} ${await res.text()}`);
}

/**
 * Creates the staff member as an administrator would (with a temporary password), then lets them choose
 * their own, so journeys start from an ordinary account.
 */
async function createStaff(baseUrl: string) {
  const { staff, admin } = accounts;
  const temporary = 'temporal-e2e-9876';
  const adminCookie = await signInByApi(baseUrl, admin.email, admin.password);
  const session = (await (await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: adminCookie } })).json()) as { user: { id: string } };
  await call(baseUrl, adminCookie, `/api/users/${session.user.id}`, { name: admin.name, lastname: admin.lastname }, 'PATCH');
  await call(baseUrl, adminCookie, '/api/users', {
    name: staff.name,
    lastname: staff.lastname,
    mail: staff.email,
    password: temporary,
    rol: 'Equipo',
  });
  const staffCookie = await signInByApi(baseUrl, staff.email, temporary);
  await call(baseUrl, staffCookie, '/api/auth/change-password', { currentPassword: temporary, newPassword: staff.password });
}

/**
 * Starts the production server (built by `npm run build`) on a fresh data directory and a free port, with
 * the accounts of accounts.ts. The base URL reaches the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  if (!isBuilt()) {
    throw new Error('Falta la compilación: ejecuta `npm run build` antes de las pruebas de navegador.');
  }
  // A loopback stand-in for Gemini's generateContent: the server under test calls it with its key.
  const ai = await startFakeAiServer((req) => geminiText(fakeAi.answer(req.body)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-e2e-'));
  // A real SMTP server on loopback: every message the server sends is written to a folder the journeys read
  // (support/mail.ts), e.g. the code that signs a contract.
  const smtp = await startSmtpServer();
  const mailFolder = path.join(dataDir, 'mail');
  mkdirSync(mailFolder, { recursive: true });
  const received = smtp.received;
  // Written as each message arrives (the test server pushes every received message onto this list).
  received.push = (...messages) => {
    for (const message of messages) keepMessage(mailFolder, message, received.length + messages.indexOf(message));
    return Array.prototype.push.apply(received, messages);
  };
  const server = await startBuiltServer({
    admin: accounts.admin,
    dataDir,
    env: {
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      GEMINI_API_KEY: 'clave-e2e',
      GEMINI_BASE_URL: `${ai.url}/v1beta`,
      AI_REQUESTS_PER_MINUTE: '1000',
      // The journeys of every worker share one address and a few users.
      USER_REQUESTS_PER_MINUTE: '100000',
      ANON_REQUESTS_PER_MINUTE: '100000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '1000',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Refugio E2E <hola@refugio.test>',
    },
  });
  const baseUrl = server.url;
  await createStaff(baseUrl);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailFolder;

  return async () => {
    await server.stop();
    await ai.close();
    await smtp.close();
  };
}
