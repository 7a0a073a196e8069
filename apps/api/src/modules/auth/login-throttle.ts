import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { LIMITS, LOGIN_ALERT, LOGIN_BACKOFF } from '../../lib/rate-limiter';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox';
import { deviceCookieHeader, type KnownDevice, readDeviceCookie } from './device-cookie';
import { findUserByEmail } from './queries';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function failedLoginsMail(to: string, name: string, failures: number, resetUrl: string): OutgoingMail {
  const lines = [
    `Someone tried to log in to your LearnBuild account with a wrong password ${failures} times in the last hour.`,
    'Your account is not locked: you can still log in as usual, and whoever is guessing is slowed down.',
    'If these tries were not yours, make sure your password is strong and used nowhere else.',
  ];
  return {
    to,
    subject: 'Failed login attempts on your LearnBuild account',
    text: `Hi ${name},\n\n${lines.join('\n')}\nChoose a new password: ${resetUrl}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">Failed login attempts</h1><p>Hi ${escapeHtml(name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(resetUrl)}">Choose a new password</a></p><p style="color:#64748b;font-size:12px">LearnBuild: learn, build, earn</p></body></html>`,
  };
}

/**
 * OWASP's advice on lock-out: slow the guesser down, never lock the owner out. A browser that signed in
 * to the account before shows its device cookie and is counted on its own (`LIMITS.loginPerKnownDevice`,
 * then that cookie alone is refused). Every other try, from any address, is limited per IP, per account
 * and IP with growing delays, and shares one budget per account (`LIMITS.loginUnknownDevicesPerAccount`):
 * a guess spread over many addresses runs out of it, after which new devices are refused for the rest of
 * the window, the right password too, while the owner's known devices go on signing in.
 * The owner hears by mail when the account sees many failures in an hour.
 */
export function loginThrottle(
  app: FastifyInstance,
  request: { ip: string; headers: { cookie?: string } },
  email: string,
) {
  const ipKey = `login:ip:${request.ip}`;
  const pairKey = `login:pair:${request.ip}:${email}`;
  const unknownDevicesKey = `login:unknown-devices:${email}`;
  const accountFailuresKey = `login:failures:${email}`;
  let knownDevice: KnownDevice | null = null;

  /** The request's device cookie, if it is genuine and was given for the account being signed in to. */
  const recognise = async (): Promise<KnownDevice | null> => {
    const device = readDeviceCookie(app.config.jwtSecret, request.headers.cookie);
    if (!device) return null;
    const user = await findUserByEmail(app.db, email);
    return user?.id === device.userId ? device : null;
  };

  const succeeded = async () => {
    if (knownDevice) {
      await app.limiter.reset(`login:device:${knownDevice.nonce}`);
      return;
    }
    await app.limiter.release(ipKey);
    await app.limiter.release(unknownDevicesKey);
    await app.limiter.reset(pairKey);
  };

  const failed = async () => {
    const failures = await app.limiter.count(accountFailuresKey, LOGIN_ALERT.windowMs);
    // Exactly at the threshold: one mail per window, however many failures follow.
    if (failures !== LOGIN_ALERT.failures) return;
    const user = await findUserByEmail(app.db, email);
    if (!user) return;
    await enqueueMail(
      app.db,
      failedLoginsMail(user.email, user.name, failures, `${app.config.publicUrl}/forgot-password`),
    );
    app.mailWorker.runOnce().catch(() => undefined);
  };

  return {
    /** Counts the try before the password is checked, so parallel guesses cannot slip past the limits. */
    async begin() {
      knownDevice = await recognise();
      if (knownDevice) {
        await app.limiter.hit(`login:device:${knownDevice.nonce}`, LIMITS.loginPerKnownDevice);
        return;
      }
      await app.limiter.hit(ipKey, LIMITS.loginPerIp);
      try {
        await app.limiter.hit(unknownDevicesKey, LIMITS.loginUnknownDevicesPerAccount);
      } catch (error) {
        await app.limiter.release(ipKey);
        throw error;
      }
      try {
        await app.limiter.attempt(pairKey, LOGIN_BACKOFF);
      } catch (error) {
        await app.limiter.release(ipKey);
        await app.limiter.release(unknownDevicesKey);
        throw error;
      }
    },
    /** A right password: gives the try back, and returns the Set-Cookie that makes this browser a known device. */
    async signedIn(userId: string): Promise<string> {
      await succeeded();
      return deviceCookieHeader(app.config, userId);
    },
    /** A wrong password (401) stays counted; any other outcome (an unverified account had the right one) does not. */
    async settle(error: unknown) {
      if (error instanceof HttpError && error.statusCode === 401) await failed();
      else await succeeded();
    },
  };
}
