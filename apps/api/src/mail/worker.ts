import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { claimDueMails, markMailFailed, markMailSent, renewMailLease } from './outbox';
import type { MailTransport } from './transport';

export interface MailWorker {
  /** Delivers every due mail once; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export const MAIL_WORKER_DATABASE_DOWN = 'mail worker: the database is not answering; mails wait until it is back';

export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  autoStart?: boolean;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
}): MailWorker {
  let running: Promise<number> | null = null;
  let stopped = false;
  const now = options.now ?? (() => new Date());

  async function deliverDue(): Promise<number> {
    let sent = 0;
    const batch = await claimDueMails(options.db, 20, now());
    for (const mail of batch) {
      // Earlier sends of this batch may have used up the claim's lease: take a fresh one, or leave
      // the mail to the worker that claimed it since.
      if (!(await renewMailLease(options.db, mail, now()))) continue;
      try {
        await options.transport.send({
          id: mail.id,
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const outcome = await markMailFailed(options.db, mail, message, now());
        if (outcome === 'gave-up') {
          options.log.error(
            { mailId: mail.id, attempts: mail.attempts, queuedAt: mail.createdAt, error: message },
            'mail delivery failed for 3 days, giving up',
          );
        } else {
          options.log.warn(
            { mailId: mail.id, attempts: mail.attempts, error: message },
            outcome === 'lost'
              ? 'mail delivery failed after its lease passed to another worker'
              : 'mail delivery failed, will retry',
          );
        }
        continue;
      }
      if (await markMailSent(options.db, mail, now())) sent += 1;
      else options.log.warn({ mailId: mail.id }, 'mail sent after its lease passed to another worker');
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

  // A database outage is told once when it starts and once when it ends, not every round.
  let databaseDown = false;
  const tick = () => {
    if (stopped) return;
    runOnce().then(
      () => {
        if (!databaseDown) return;
        databaseDown = false;
        options.log.info('mail worker: the database answers again');
      },
      (error: unknown) => {
        if (!isDatabaseUnavailable(error)) return options.log.error({ err: error }, 'mail worker failed');
        if (!databaseDown) options.log.warn({ err: error }, MAIL_WORKER_DATABASE_DOWN);
        databaseDown = true;
      },
    );
  };
  const timer = options.autoStart === false ? null : setInterval(tick, options.intervalMs ?? 2_000);
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
