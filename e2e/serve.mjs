// Starts a real SMTP sink (mails land as files in E2E_MAIL_DIR) and the app on a fresh embedded database.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
const mailDir = process.env.E2E_MAIL_DIR;
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-e2e-'));

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(path.join(mailDir, `${Date.now()}-${count}-${to}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const app = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // Rate limits stay in this server's memory so runs never share counters through Redis.
    REDIS_URL: '',
    // Every browser test signs up from this one address; the real default (10 an hour) would refuse the suite.
    REGISTRATIONS_PER_HOUR: '1000',
    SEED_DEMO: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    LOG_LEVEL: 'warn',
    // Distinct from every default in the code, so the popup test proves the link comes from the server
    // (E2E_VIDEO_CHANNEL_URL in tests/helpers.ts).
    VIDEO_CHANNEL_URL: 'https://video.learnbuild.test/@e2e-channel',
  },
});
const stop = () => {
  app.kill('SIGTERM');
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => process.exit(code ?? 0));
