import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema';
import { buildTestApp, memoryMailTransport, type TestApp } from '../test/build-test-app';
import { enqueueMail, MAIL_GIVE_UP_AFTER_MS, MAIL_LEASE_MS, MAIL_RETRY_CAP_MS } from './outbox';
import type { MailTransport } from './transport';
import { startMailWorker } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A worker of its own on the test database, with a clock the test moves. */
function workerAt(clock: { now: Date }, transport: MailTransport, log = quietLog()) {
  const worker = startMailWorker({
    db: t.database.db,
    transport,
    from: 'test@localhost',
    log: log as never,
    autoStart: false,
    now: () => clock.now,
  });
  return { worker, log };
}

async function queueMail(subject: string) {
  const to = `${subject.replace(/\W/g, '-')}-${Date.now()}@example.com`;
  await enqueueMail(t.database.db, { to, subject, text: `${subject} text`, html: `<p>${subject}</p>` });
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row!;
}

async function readMail(id: string) {
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Marks every other queued mail sent, so a worker whose clock runs ahead only sees the test's own. */
/**
 * A worker clock that sees the mails just queued as due. The database stamps `next_attempt_at` in
 * microseconds and a Date holds milliseconds, so `new Date()` taken in the same millisecond as the
 * insert can fall a few microseconds before it; one millisecond later never does.
 */
const afterQueued = () => new Date(Date.now() + 1);

async function settleOtherMails() {
  await t.database.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.status, 'pending'));
}

describe('mail outbox retries', () => {
  it('retries a mail at most 10 minutes apart for 3 days, then gives up with an error log', async () => {
    await settleOtherMails();
    const mail = await queueMail('Outage');
    const down = memoryMailTransport();
    down.state.failing = true;
    const clock = { now: afterQueued() };
    const { worker, log } = workerAt(clock, down.transport);

    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect(await worker.runOnce()).toBe(0);
      const row = await readMail(mail.id);
      expect(row.status).toBe('pending');
      delays.push(row.nextAttemptAt.getTime() - clock.now.getTime());
      clock.now = row.nextAttemptAt;
    }
    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 320, 600, 600, 600].map((s) => s * 1000));
    expect(log.error).not.toHaveBeenCalled();

    // A minute short of 3 days old: still retried, 10 minutes later.
    clock.now = new Date(mail.createdAt.getTime() + MAIL_GIVE_UP_AFTER_MS - MINUTE);
    await worker.runOnce();
    const late = await readMail(mail.id);
    expect(late).toMatchObject({ status: 'pending', attempts: 11 });
    expect(late.nextAttemptAt.getTime() - clock.now.getTime()).toBe(MAIL_RETRY_CAP_MS);
    expect(log.error).not.toHaveBeenCalled();

    // Three days old and still failing: given up, as an error in the log.
    clock.now = late.nextAttemptAt;
    await worker.runOnce();
    expect(await readMail(mail.id)).toMatchObject({ status: 'failed', attempts: 12 });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ mailId: mail.id, attempts: 12 });
    expect(log.error.mock.calls[0]![1]).toBe('mail delivery failed for 3 days, giving up');

    // A given-up mail is not picked up again.
    down.state.failing = false;
    clock.now = new Date(clock.now.getTime() + DAY);
    expect(await worker.runOnce()).toBe(0);
    expect(down.sent).toHaveLength(0);
    await worker.stop();
  });

  it('delivers a mail once the server is back after two days of outage', async () => {
    await settleOtherMails();
    const mail = await queueMail('Two days');
    const server = memoryMailTransport();
    server.state.failing = true;
    const clock = { now: afterQueued() };
    const { worker } = workerAt(clock, server.transport);
    // Two days of failures at the 10-minute cap.
    await worker.runOnce();
    await t.database.db
      .update(mailOutbox)
      .set({ attempts: 288, nextAttemptAt: new Date(mail.createdAt.getTime() + 2 * DAY) })
      .where(eq(mailOutbox.id, mail.id));
    clock.now = new Date(mail.createdAt.getTime() + 2 * DAY);
    await worker.runOnce();
    const stillWaiting = await readMail(mail.id);
    expect(stillWaiting).toMatchObject({ status: 'pending', attempts: 289 });
    expect(stillWaiting.nextAttemptAt.getTime() - clock.now.getTime()).toBe(MAIL_RETRY_CAP_MS);

    server.state.failing = false;
    clock.now = stillWaiting.nextAttemptAt;
    expect(await worker.runOnce()).toBe(1);
    expect(server.sent.map((m) => m.subject)).toEqual(['Two days']);
    expect(await readMail(mail.id)).toMatchObject({ status: 'sent', attempts: 290, lastError: null });
    await worker.stop();
  });
});

/** A transport whose sends wait until the test lets them finish. */
function slowTransport() {
  let started!: () => void;
  const sendStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finish!: (error?: Error) => void;
  const finished = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const sent: string[] = [];
  const transport: MailTransport = {
    async send(mail) {
      started();
      await finished;
      sent.push(mail.to);
    },
    close() {},
  };
  return { transport, sendStarted, finish, sent };
}

describe('mail outbox lease', () => {
  it.each([
    ['fails', new Error('connection reset')],
    ['succeeds', undefined],
  ])('leaves a mail to the worker that holds its lease when a slow first worker %s late', async (_label, outcome) => {
    await settleOtherMails();
    const mail = await queueMail(`Slow ${_label}`);
    const start = afterQueued();
    const slow = slowTransport();
    const first = workerAt({ now: start }, slow.transport);
    const firstRun = first.worker.runOnce();
    await slow.sendStarted;

    // The first worker's lease runs out while its send hangs; a second worker takes the mail.
    const second = memoryMailTransport();
    const secondClock = { now: new Date(start.getTime() + MAIL_LEASE_MS + 1_000) };
    const { worker: secondWorker } = workerAt(secondClock, second.transport);
    expect(await secondWorker.runOnce()).toBe(1);
    const sentBySecond = await readMail(mail.id);
    expect(sentBySecond).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sentBySecond.sentAt).toEqual(secondClock.now);

    // The first worker finishes late: it no longer holds the mail, so it changes nothing.
    slow.finish(outcome);
    expect(await firstRun).toBe(0);
    expect(await readMail(mail.id)).toEqual(sentBySecond);
    expect(first.log.warn).toHaveBeenCalledWith(
      { mailId: mail.id, ...(outcome ? { attempts: 1, error: 'connection reset' } : {}) },
      outcome
        ? 'mail delivery failed after its lease passed to another worker'
        : 'mail sent after its lease passed to another worker',
    );

    // Nobody sends it again later.
    const third = memoryMailTransport();
    const { worker: thirdWorker } = workerAt({ now: new Date(start.getTime() + DAY) }, third.transport);
    expect(await thirdWorker.runOnce()).toBe(0);
    expect(third.sent).toHaveLength(0);
    await Promise.all([first.worker.stop(), secondWorker.stop(), thirdWorker.stop()]);
  });

  it('takes a fresh lease for each send, so a long batch does not outlive its claim', async () => {
    await settleOtherMails();
    const mails = [await queueMail('Batch one'), await queueMail('Batch two')];
    const start = afterQueued();
    const clock = { now: start };
    const delivered: string[] = [];
    const other = memoryMailTransport();
    const { worker: otherWorker } = workerAt({ now: new Date(start.getTime() + 70_000) }, other.transport);
    let otherSent = -1;
    // Each send takes 50 s by the worker's clock, so the second one runs past the claim's 60 s lease.
    // While it runs, another worker (70 s after the claim) looks for due mails.
    const transport: MailTransport = {
      async send(mail) {
        clock.now = new Date(clock.now.getTime() + 50_000);
        if (delivered.length === 1) otherSent = await otherWorker.runOnce();
        delivered.push(mail.to);
      },
      close() {},
    };
    const { worker } = workerAt(clock, transport);
    expect(await worker.runOnce()).toBe(2);
    expect(otherSent).toBe(0);
    expect(other.sent).toHaveLength(0);
    expect(delivered.sort()).toEqual(mails.map((m) => m.toAddress).sort());
    for (const mail of mails) expect(await readMail(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
    await Promise.all([worker.stop(), otherWorker.stop()]);
  });
});
