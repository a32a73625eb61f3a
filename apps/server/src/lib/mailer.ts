import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingEmail {
  to: { nombre: string; email: string };
  asunto: string;
  texto: string;
  html: string;
  /** Files sent with the e-mail (a signed contract). */
  adjuntos?: { nombre: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** Hands the e-mail to the SMTP server; throws with the server's answer when it is refused. */
  send(email: OutgoingEmail): Promise<void>;
}

/** How long an SMTP conversation may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 30_000;

/**
 * The SMTP mailer of SMTP_URL and MAIL_FROM (DESIGN section 3), or null when either is unset (messages are then
 * kept as `sin_configurar`). Every e-mail has a plain-text part and an HTML part.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl || !config.mailFrom) return null;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const from = config.mailFrom;
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: { name: email.to.nombre, address: email.to.email },
        subject: email.asunto,
        text: email.texto,
        html: email.html,
        ...(email.adjuntos?.length
          ? { attachments: email.adjuntos.map((a) => ({ filename: a.nombre, content: a.content, contentType: a.contentType })) }
          : {}),
      });
    },
  };
}
