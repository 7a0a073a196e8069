import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, oauthStates, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { deleteExpiredAuthRows } from './cleanup';
import { insertOauthState, insertSession, insertToken } from './queries';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 60 * 60_000);

async function seedRows(userId: string, tag: string) {
  const rows = { expiredState: `expired-${tag}`, liveState: `live-${tag}` };
  for (const [hash, expiresAt] of [
    [rows.expiredState, past()],
    [rows.liveState, future()],
  ] as const) {
    await insertOauthState(t.database.db, {
      stateHash: hash,
      provider: 'github',
      codeVerifier: 'v',
      nonce: 'n',
      redirectTo: null,
      expiresAt,
    });
  }
  const expiredSession = await insertSession(t.database.db, userId, past(), 'old');
  const liveSession = await insertSession(t.database.db, userId, future(), 'new');
  await insertToken(t.database.db, {
    userId,
    purpose: 'reset_password',
    tokenHash: sha256(`old-${tag}`),
    expiresAt: past(),
  });
  await insertToken(t.database.db, {
    userId,
    purpose: 'verify_email',
    tokenHash: sha256(`new-${tag}`),
    expiresAt: future(),
  });
  return { ...rows, expiredSession, liveSession };
}

async function exists() {
  return {
    states: (await t.database.db.select({ h: oauthStates.stateHash }).from(oauthStates)).map((r) => r.h),
    sessions: (await t.database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id),
    tokens: (await t.database.db.select({ h: authTokens.tokenHash }).from(authTokens)).map((r) => r.h),
  };
}

describe('5: expired auth rows are cleaned up', () => {
  it('deletes expired OAuth states, sessions and codes, and keeps live ones', async () => {
    const { user } = await createUser(t.app, t.database.db);
    const rows = await seedRows(user.id, 'a');
    const counts = await deleteExpiredAuthRows(t.database.db);
    expect(counts).toEqual({ oauthStates: 1, sessions: 1, authTokens: 1 });
    const after = await exists();
    expect(after.states).toEqual([rows.liveState]);
    expect(after.sessions).toContain(rows.liveSession);
    expect(after.sessions).not.toContain(rows.expiredSession);
    expect(after.tokens).toContain(sha256('new-a'));
    expect(after.tokens).not.toContain(sha256('old-a'));
  });

  it('runs as the scheduled job auth.cleanup, which records what it deleted and deletes nothing the second time', async () => {
    const { user } = await createUser(t.app, t.database.db);
    const rows = await seedRows(user.id, 'b');
    const run = await t.app.jobs.runNow('auth.cleanup');
    expect(run).toMatchObject({ ok: true, detail: '1 session, 1 code and 1 sign-in state deleted' });
    const after = await exists();
    expect(after.states).not.toContain(rows.expiredState);
    expect(after.states).toContain(rows.liveState);
    expect(after.sessions).not.toContain(rows.expiredSession);
    expect(after.sessions).toContain(rows.liveSession);
    expect(after.tokens).not.toContain(sha256('old-b'));
    expect(after.tokens).toContain(sha256('new-b'));
    expect(await t.app.jobs.runNow('auth.cleanup')).toMatchObject({
      ok: true,
      detail: '0 sessions, 0 codes and 0 sign-in states deleted',
    });
  });
});
