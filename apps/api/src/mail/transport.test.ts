import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIL_LEASE_MS } from './outbox';
import { createMailTransport, SMTP_TIMEOUTS } from './transport';

const mail = {
  id: '00000000-0000-4000-8000-000000000001',
  from: 'LearnBuild <no-reply@localhost>',
  to: 'reader@example.com',
  subject: 'Your LearnBuild verification code: 123456',
  text: 'Your verification code is 123456.',
  html: '<p>Your verification code is <strong>123456</strong>.</p>',
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('mail transport without SMTP_URL', () => {
  it('writes each mail as an .eml file in DATA_DIR/outbox and logs where', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-eml-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const log = quietLog();
    const transport = createMailTransport({ smtpUrl: undefined, dataDir, log: log as never });
    await transport.send(mail);
    transport.close();

    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`-${mail.id}\\.eml$`));
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: reader@example.com');
    expect(eml).toContain(`Subject: ${mail.subject}`);
    expect(eml).toContain('Your verification code is 123456.');
    expect(log.info).toHaveBeenCalledWith(
      { to: mail.to, subject: mail.subject, file: path.join(dataDir, 'outbox', files[0]!) },
      'mail written to outbox',
    );
  });

  it('writes the extra headers a mail carries, such as one-click unsubscribe', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-eml-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const transport = createMailTransport({ smtpUrl: undefined, dataDir, log: quietLog() as never });
    await transport.send({
      ...mail,
      headers: {
        'List-Unsubscribe': '<http://learnbuild.test/api/notifications/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    transport.close();

    const [file] = readdirSync(path.join(dataDir, 'outbox'));
    // A long header is folded onto a second line; unfolded it reads as written.
    const eml = readFileSync(path.join(dataDir, 'outbox', file!), 'utf8').replace(/\r?\n(?=[ \t])/g, '');
    expect(eml).toContain('List-Unsubscribe: <http://learnbuild.test/api/notifications/unsubscribe?token=abc>');
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

/** A TCP server on loopback that accepts connections and then acts as told. */
async function startStubbornServer(onConnection: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as { port: number }).port;
}

describe('mail transport timeouts', () => {
  it('ends every stage of an SMTP send well inside the outbox lease', () => {
    for (const [stage, ms] of Object.entries(SMTP_TIMEOUTS)) expect(ms, stage).toBeLessThanOrEqual(MAIL_LEASE_MS / 3);
    expect(MAIL_LEASE_MS).toBe(60_000);
  });

  it('gives up on a server that never greets', async () => {
    const port = await startStubbornServer(() => undefined);
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: tmpdir(),
      log: quietLog() as never,
      timeouts: { greetingTimeout: 300 },
    });
    const startedAt = Date.now();
    await expect(transport.send(mail)).rejects.toThrow(/greeting/i);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    transport.close();
  });

  it('gives up on a server that greets and then goes quiet', async () => {
    const port = await startStubbornServer((socket) => socket.write('220 stub ESMTP\r\n'));
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: tmpdir(),
      log: quietLog() as never,
      timeouts: { socketTimeout: 300 },
    });
    const startedAt = Date.now();
    await expect(transport.send(mail)).rejects.toThrow(/timeout/i);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    transport.close();
  });
});
