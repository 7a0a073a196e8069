import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionSigningKey, signSessionToken } from './auth';
import { verifySessionToken } from './session-token';

const key = sessionSigningKey('test-secret-that-is-long-enough-for-hs256-signing');
const otherKey = sessionSigningKey('another-secret-that-is-long-enough-for-hs256-signing');
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('verifySessionToken', () => {
  it('reads the session id and expiry of a token signed by signSessionToken', async () => {
    const expiresAt = inAnHour();
    const token = await signSessionToken('test-secret-that-is-long-enough-for-hs256-signing', 'session-1', expiresAt);
    expect(verifySessionToken(token, key)).toEqual({ sid: 'session-1', exp: Math.floor(expiresAt.getTime() / 1000) });
  });

  it('refuses a token signed with another key, tampered with, or cut short', async () => {
    const token = await signSessionToken('another-secret-that-is-long-enough-for-hs256-signing', 's', inAnHour());
    expect(verifySessionToken(token, otherKey)).not.toBeNull();
    expect(verifySessionToken(token, key)).toBeNull();
    const mine = await signSessionToken('test-secret-that-is-long-enough-for-hs256-signing', 's', inAnHour());
    const [header, payload, signature] = mine.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sid: 'admin-session', exp: 9_999_999_999 })).toString('base64url');
    expect(verifySessionToken(`${header}.${forged}.${signature}`, key)).toBeNull();
    expect(verifySessionToken(`${header}.${payload}.${signature.slice(0, -2)}`, key)).toBeNull();
    expect(verifySessionToken(`${header}.${payload}.${signature}=`, key)).toBeNull();
    expect(verifySessionToken(`${header}.${payload}`, key)).toBeNull();
    expect(verifySessionToken('', key)).toBeNull();
    expect(verifySessionToken('not a token', key)).toBeNull();
  });

  it('refuses an expired or not yet valid token', async () => {
    const expired = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(key);
    expect(verifySessionToken(expired, key)).toBeNull();
    const early = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(Math.floor(Date.now() / 1000) + 60)
      .sign(key);
    expect(verifySessionToken(early, key)).toBeNull();
  });

  it('refuses other algorithms and critical header extensions', async () => {
    const hs512 = await new SignJWT({ sid: 's' }).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(verifySessionToken(hs512, key)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sid":"s"}').toString('base64url')}.`;
    expect(verifySessionToken(none, key)).toBeNull();
    // An HS256 signature over a header that names alg none is still refused.
    const header = Buffer.from('{"alg":"none"}').toString('base64url');
    const payload = Buffer.from('{"sid":"s"}').toString('base64url');
    const { createHmac } = await import('node:crypto');
    const signed = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
    expect(verifySessionToken(`${header}.${payload}.${signed}`, key)).toBeNull();
    const critical = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256', crit: ['exp'] } as never)
      .sign(key)
      .catch(() => null);
    if (critical) expect(verifySessionToken(critical, key)).toBeNull();
  });
});
