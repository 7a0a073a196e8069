import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { afterCommit } from '../../lib/after-commit';

/** The job that mails the notifications set to 'mail' (mail.ts). */
export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

/**
 * Asks for the mail job to run soon once `tx` has committed, so a notification set to 'mail' need not wait for
 * the next minute's run. Only where the scheduler runs (the server): the request goes through its queue and one
 * instance takes it. Elsewhere (tests, scripts) the minute's run, or a test's own, mails it.
 */
export function requestNotificationMail(app: FastifyInstance, tx: DbOrTx): void {
  afterCommit(tx, () => {
    if (!app.jobs.scheduling) return;
    app.jobs
      .request(NOTIFICATION_MAIL_JOB)
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification mail could not be asked for early'));
  });
}
