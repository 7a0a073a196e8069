import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface MailTransport {
  send(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    id: string;
    /** Extra headers (List-Unsubscribe and its -Post on notification mails). */
    headers?: Record<string, string>;
  }): Promise<void>;
  close(): void;
}

/**
 * nodemailer waits minutes by default. Each stage of a send must end well inside the worker's
 * 60 s lease (MAIL_LEASE_MS), or another instance could claim the mail and send it again.
 */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  /** Inactivity on an open connection. */
  socketTimeout: 20_000,
};

/** SMTP_URL when set; otherwise each mail becomes an .eml file in DATA_DIR/outbox and a log line. */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}): MailTransport {
  if (options.smtpUrl) {
    // nodemailer.createTransport drops every other option when given a url; SMTPTransport keeps them.
    const transporter = nodemailer.createTransport(
      new SMTPTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS, ...options.timeouts }),
    );
    return {
      async send(mail) {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      },
      close: () => transporter.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await streamer.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => streamer.close(),
  };
}
