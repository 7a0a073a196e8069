import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimDueMails, markMailFailed, markMailSent } from './outbox';
import type { MailTransport } from './transport';

export interface MailWorker {
  /** Delivers every due mail once; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  autoStart?: boolean;
}): MailWorker {
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliverDue(): Promise<number> {
    let sent = 0;
    const batch = await claimDueMails(options.db, 20);
    for (const mail of batch) {
      try {
        await options.transport.send({
          id: mail.id,
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
        await markMailSent(options.db, mail.id);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn(
          { mailId: mail.id, attempts: mail.attempts, error: message },
          'mail delivery failed, will retry',
        );
        await markMailFailed(options.db, mail.id, mail.attempts, message);
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = deliverDue().finally(() => {
        running = null;
      });
    }
    return running;
  }

  const timer =
    options.autoStart === false
      ? null
      : setInterval(() => {
          if (!stopped) runOnce().catch((error) => options.log.error({ err: error }, 'mail worker failed'));
        }, options.intervalMs ?? 2_000);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      options.transport.close();
    },
  };
}
