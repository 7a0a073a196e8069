import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailTransport {
  send(mail: { from: string; to: string; subject: string; text: string; html: string; id: string }): Promise<void>;
  close(): void;
}

/** SMTP_URL when set; otherwise each mail becomes an .eml file in DATA_DIR/outbox and a log line. */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
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
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => streamer.close(),
  };
}
