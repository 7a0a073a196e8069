import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readVerificationMail, TEST_PASSWORD } from '../test/factories';
import { enqueueMail } from './outbox';
import { createMailTransport } from './transport';
import { startMailWorker } from './worker';

interface Received {
  to: string[];
  raw: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpSink(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let port: number;

beforeAll(async () => {
  port = await freePort();
  const log = { info() {}, warn() {}, error() {} } as never;
  t = await buildTestApp({
    mailTransport: createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/tmp', log }),
  });
});
afterAll(async () => {
  await t.close();
});

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mail delivery', () => {
  it('delivers a queued mail through a real SMTP server', async () => {
    const sink = await startSmtpSink(port);
    try {
      const email = `smtp-${Date.now()}@example.com`;
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Mailer', email, password: TEST_PASSWORD },
      });
      expect(await t.app.mailWorker.runOnce()).toBeGreaterThanOrEqual(1);
      const mail = sink.received.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      const { otp } = readVerificationMail(decodeQuotedPrintable(mail!.raw));
      expect(otp).toMatch(/^\d{6}$/);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      expect(row!.status).toBe('sent');
    } finally {
      await sink.close();
    }
  });

  it('delivers the extra headers kept with a queued mail', async () => {
    const sink = await startSmtpSink(port);
    try {
      const email = `headers-${Date.now()}@example.com`;
      const unsubscribe = '<http://learnbuild.test/api/notifications/unsubscribe?token=abc>';
      await enqueueMail(t.database.db, {
        to: email,
        subject: 'A reply to your thread',
        text: 'Someone replied.',
        html: '<p>Someone replied.</p>',
        headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await t.app.mailWorker.runOnce();
      // A long header is folded onto a second line; unfolded it reads as written.
      const raw = sink.received.find((m) => m.to.includes(email))?.raw.replace(/\r?\n(?=[ \t])/g, '');
      expect(raw).toContain(`List-Unsubscribe: ${unsubscribe}`);
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await sink.close();
    }
  });

  it('keeps a mail while the server is down and delivers it when it is back', async () => {
    const email = `down-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Patient', email, password: TEST_PASSWORD },
    });
    expect(await t.app.mailWorker.runOnce()).toBe(0);
    const [pending] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.lastError).toMatch(/ECONNREFUSED/);
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const sink = await startSmtpSink(port);
    try {
      // Fast-forward the backoff instead of sleeping through it.
      await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, pending!.id));
      expect(await t.app.mailWorker.runOnce()).toBe(1);
      expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending!.id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await sink.close();
    }
  });

  it('never sends one mail twice when two workers run at once', async () => {
    const sink = await startSmtpSink(port);
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `twice-${i}-${Date.now()}@example.com`);
      for (const email of emails) {
        await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: `10.7.0.${emails.indexOf(email)}`,
          payload: { name: 'Twin', email, password: TEST_PASSWORD },
        });
      }
      const log = { info() {}, warn() {}, error() {} } as never;
      const workers = [1, 2].map(() =>
        startMailWorker({
          db: t.database.db,
          transport: createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/tmp', log }),
          from: 'test@localhost',
          log,
          autoStart: false,
        }),
      );
      // The app's own worker (woken by each registration) races the two extra workers.
      await Promise.all([t.app.mailWorker.runOnce(), ...workers.map((w) => w.runOnce())]);
      await Promise.all(workers.map((w) => w.stop()));
      for (const email of emails)
        expect(
          sink.received.filter((m) => m.to.includes(email)),
          email,
        ).toHaveLength(1);
      const rows = await t.database.db.select().from(mailOutbox);
      for (const email of emails) expect(rows.find((r) => r.toAddress === email)?.status, email).toBe('sent');
    } finally {
      await sink.close();
    }
  });
});
