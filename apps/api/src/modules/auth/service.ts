import type { RegisterBody, UpdateProfileBody, User } from '@learnbuild/domain/schemas/auth';
import { HANDLE_MESSAGES, publicProfileSettings } from '@learnbuild/domain/schemas/profiles';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { randomOtp, randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { deleteMailsTo, enqueueMail } from '../../mail/outbox';
import { signSessionToken } from '../../plugins/auth';
import { deleteContactMessagesOf } from '../contact/queries';
import { notifyAdminsOfApplication } from '../notifications/event-notifications';
import { forgetProfilePages } from '../profiles/page-keys';
import { alreadyRegisteredMail, resetMail, verificationMail } from './mails';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
import * as q from './queries';

export interface AuthContext {
  db: Db;
  config: Config;
}

export const OTP_TTL_MS = 10 * 60_000;
/** Tries a code allows, the right one included: five wrong ones end it. */
export const OTP_MAX_TRIES = 5;
export const RESET_TTL_MS = 60 * 60_000;
export const HANDOFF_TTL_MS = 60_000;
export const SESSION_TTL_MS = 24 * 60 * 60_000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60_000;

export const REGISTER_MESSAGE =
  'Registration successful. We sent a 6-digit code to your email; enter it to verify your account.';
export const RESEND_MESSAGE = 'If that account is waiting for verification, a new code is on its way.';
export const FORGOT_MESSAGE =
  'If an account exists for that email, a reset link is on its way. It is valid for 1 hour.';

export async function toPublicUser(ctx: AuthContext, row: q.UserRow): Promise<User> {
  const application = await q.findApplicationOfUser(ctx.db, row.id);
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profilePic: row.profilePic,
    wantsToBeInstructor: row.wantsToBeInstructor,
    instructorApplication: application
      ? { status: application.status, requestDate: application.requestedAt.toISOString() }
      : null,
    emailVerified: row.emailVerifiedAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    handle: row.handle,
    publicProfile: publicProfileSettings(row.publicProfile),
  };
}

/**
 * Issue 29: the name, handle and public-profile switches as sent (the switches merge into the kept ones). A
 * handle another learner holds in any case is refused with 409, also when two learners take it at once (the
 * unique index on lower(handle) decides the race).
 */
export async function updateProfile(ctx: AuthContext, userId: string, body: UpdateProfileBody): Promise<q.UserRow> {
  const values: Partial<q.UserRow> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.handle !== undefined) {
    if (body.handle !== null && (await q.handleTakenByAnother(ctx.db, body.handle, userId))) {
      throw conflict(HANDLE_MESSAGES.taken);
    }
    values.handle = body.handle;
  }
  const current = await q.findUserById(ctx.db, userId);
  if (body.publicProfile !== undefined) {
    values.publicProfile = { ...publicProfileSettings(current?.publicProfile), ...body.publicProfile };
  }
  try {
    const row = await q.updateUser(ctx.db, userId, { ...values, updatedAt: new Date() });
    // The public page shows the name and obeys the switches: its kept copies go, under the old handle too.
    forgetProfilePages(ctx.db, [current?.handle, row.handle]);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(HANDLE_MESSAGES.taken);
    throw error;
  }
}

async function startSession(ctx: AuthContext, userId: string, rememberMe: boolean, userAgent?: string) {
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
  const sessionId = await q.insertSession(ctx.db, userId, expiresAt, userAgent);
  const user = await q.updateUser(ctx.db, userId, { lastLoginAt: new Date() });
  return {
    token: await signSessionToken(ctx.config.jwtSecret, sessionId, expiresAt),
    user: await toPublicUser(ctx, user),
  };
}

function link(ctx: AuthContext, pathname: string): string {
  return `${ctx.config.publicUrl}${pathname}`;
}

async function queueVerification(ctx: AuthContext, tx: Tx, user: q.UserRow) {
  const otp = randomOtp();
  const token = randomToken();
  await q.invalidateTokens(tx, user.id, 'verify_email');
  await q.insertToken(tx, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256(token),
    otpHash: sha256(`${user.id}:${otp}`),
    expiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  await enqueueMail(tx, verificationMail(user.email, user.name, otp, link(ctx, `/verify-email/${token}`)));
}

/** The server never grants the role a client asks for: Instructor becomes a wish, Admin is refused. */
export async function register(ctx: AuthContext, body: RegisterBody & { role?: string }): Promise<{ message: string }> {
  if (body.role && body.role.toLowerCase() === 'admin')
    throw forbidden('Admin accounts cannot be created by registration');
  assertAcceptablePassword(body.password, body.email);
  const wantsToBeInstructor =
    body.wantsToBeInstructor === true || body.role?.toLowerCase().includes('instructor') === true;
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const existing = await q.findUserByEmail(tx, body.email);
    if (existing?.emailVerifiedAt) {
      // Same reply as a new registration; the owner learns of the attempt by mail.
      await enqueueMail(
        tx,
        alreadyRegisteredMail(existing.email, existing.name, link(ctx, '/login'), link(ctx, '/forgot-password')),
      );
      return;
    }
    // An unverified account is nobody's yet: the latest registration replaces it. A second sign-up
    // with another password may be a stranger's, and nobody has proved which one owns the mailbox,
    // so neither password is kept; whoever verifies is signed in and sets one.
    const keptPasswordHash =
      existing && !(await verifyPassword(existing.passwordHash, body.password)) ? null : passwordHash;
    const user = existing
      ? await q.updateUser(tx, existing.id, { name: body.name, passwordHash: keptPasswordHash, wantsToBeInstructor })
      : await q.insertUser(tx, { name: body.name, email: body.email, passwordHash, wantsToBeInstructor });
    await queueVerification(ctx, tx, user);
  });
  return { message: REGISTER_MESSAGE };
}

async function completeVerification(ctx: AuthContext, userId: string, userAgent?: string) {
  let instructorApplicationCreated = false;
  let hasPassword = true;
  await ctx.db.transaction(async (tx) => {
    const user = await q.updateUser(tx, userId, { emailVerifiedAt: new Date() });
    hasPassword = user.passwordHash !== null;
    if (user.wantsToBeInstructor && user.role === 'Student') {
      const application = await q.upsertPendingApplication(tx, user.id);
      await q.updateUser(tx, user.id, { role: 'pending_instructor' });
      await notifyAdminsOfApplication(tx, {
        id: application.id,
        applicantId: user.id,
        requestedAt: application.requestedAt,
      });
      instructorApplicationCreated = true;
    }
  });
  const session = await startSession(ctx, userId, false, userAgent);
  const message = instructorApplicationCreated
    ? 'Email verified. Your instructor application is under review; review usually takes 24 to 48 hours.'
    : 'Email verified. Welcome to LearnBuild!';
  return {
    message: hasPassword ? message : `${message} ${NO_PASSWORD_KEPT_MESSAGE}`,
    instructorApplicationCreated,
    ...session,
  };
}

export const NO_PASSWORD_KEPT_MESSAGE =
  'This address was signed up more than once with different passwords, so none was kept: choose one with "Forgot password" on the login screen.';

/** The one reply to every refused code, so the call never tells which addresses have accounts. */
export const INVALID_CODE_MESSAGE =
  'Invalid or expired verification code. Ask for a new code, or log in if your email is already verified.';

export async function verifyOtp(ctx: AuthContext, email: string, otp: string, userAgent?: string) {
  const user = await q.findUserByEmail(ctx.db, email);
  const token =
    user && !user.emailVerifiedAt ? await q.findLatestActiveToken(ctx.db, user.id, 'verify_email') : undefined;
  if (!user || !token?.otpHash) throw badRequest(INVALID_CODE_MESSAGE);
  // The try is taken before the comparison, so parallel guesses share the same five.
  const tries = await q.claimCodeTry(ctx.db, token.id, OTP_MAX_TRIES);
  if (tries === undefined || !safeEqual(token.otpHash, sha256(`${user.id}:${otp}`))) {
    throw badRequest(INVALID_CODE_MESSAGE);
  }
  if (!(await q.consumeToken(ctx.db, token.id))) throw badRequest(INVALID_CODE_MESSAGE);
  return completeVerification(ctx, user.id, userAgent);
}

export async function verifyEmailLink(ctx: AuthContext, token: string, userAgent?: string) {
  const row = await q.findActiveTokenByHash(ctx.db, sha256(token), 'verify_email');
  if (!row || !(await q.consumeToken(ctx.db, row.id)))
    throw badRequest('This verification link is invalid or has expired');
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw badRequest('This verification link is invalid or has expired');
  if (user.emailVerifiedAt) throw badRequest('This email is already verified. Please log in.');
  return completeVerification(ctx, user.id, userAgent);
}

export async function resendVerification(ctx: AuthContext, email: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const user = await q.findUserByEmail(tx, email);
    if (user && !user.emailVerifiedAt) await queueVerification(ctx, tx, user);
  });
  return { message: RESEND_MESSAGE };
}

export class UnverifiedLoginError extends HttpError {
  constructor() {
    super(403, 'Please verify your email before logging in. Enter the code we sent you, or ask for a new one.');
  }
}

export async function login(
  ctx: AuthContext,
  body: { email: string; password: string; rememberMe?: boolean },
  userAgent?: string,
) {
  const user = await q.findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
  if (!user || !valid) throw unauthorized('Invalid email or password');
  if (!user.emailVerifiedAt) throw new UnverifiedLoginError();
  return startSession(ctx, user.id, body.rememberMe === true, userAgent);
}

// Verifying against a throwaway hash keeps a login for an unknown email as slow as one for a known email.
let dummyHashPromise: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  dummyHashPromise ??= hashPassword(randomToken());
  return dummyHashPromise;
}

export async function forgotPassword(ctx: AuthContext, email: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const user = await q.findUserByEmail(tx, email);
    if (!user) return;
    const token = randomToken();
    await q.invalidateTokens(tx, user.id, 'reset_password');
    await q.insertToken(tx, {
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await enqueueMail(tx, resetMail(user.email, user.name, link(ctx, `/reset-password/${token}`)));
  });
  return { message: FORGOT_MESSAGE };
}

export async function resetPassword(ctx: AuthContext, token: string, password: string) {
  const row = await q.findActiveTokenByHash(ctx.db, sha256(token), 'reset_password');
  if (!row) throw badRequest('This reset link is invalid or has expired');
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw badRequest('This reset link is invalid or has expired');
  assertAcceptablePassword(password, user.email);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    if (!(await q.consumeToken(tx, row.id))) throw badRequest('This reset link is invalid or has expired');
    // Whoever reads the mail owns the address, so a reset also verifies it.
    await q.updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    await q.deleteUserSessions(tx, user.id);
  });
  return { message: 'Your password has been reset. Log in with your new password.' };
}

export async function changePassword(ctx: AuthContext, userId: string, current: string, next: string) {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, current))) {
    throw badRequest('Your current password is incorrect');
  }
  assertAcceptablePassword(next, user.email);
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await q.updateUser(tx, userId, { passwordHash });
    await q.deleteUserSessions(tx, userId);
  });
  // Every session ends, this one too; the reply signs the user in again with a fresh one.
  return startSession(ctx, userId, false);
}

export async function deleteAccount(ctx: AuthContext, userId: string, password: string | undefined) {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, password ?? ''))) {
    throw badRequest('Enter your current password to delete your account');
  }
  await ctx.db.transaction(async (tx) => {
    // Rows that only name the person by address would outlive the cascade: remove them too.
    await deleteContactMessagesOf(tx, user.id, user.email);
    await deleteMailsTo(tx, user.email);
    await q.deleteUser(tx, userId);
  });
  return user;
}

/** Creates a short-lived single-use code the web app trades for a session token after social login. */
export async function createHandoffCode(ctx: AuthContext, userId: string): Promise<string> {
  const code = randomToken();
  await q.insertToken(ctx.db, {
    userId,
    purpose: 'oauth_handoff',
    tokenHash: sha256(code),
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return code;
}

export async function exchangeHandoffCode(ctx: AuthContext, code: string, userAgent?: string) {
  const row = await q.findActiveTokenByHash(ctx.db, sha256(code), 'oauth_handoff');
  if (!row || !(await q.consumeToken(ctx.db, row.id))) throw badRequest('This sign-in link is invalid or has expired');
  // The provider's button has no "remember me": a social sign-in lasts as long as a remembered one.
  return startSession(ctx, row.userId, true, userAgent);
}

/** Social login: an existing link wins; otherwise accounts are linked by verified email. */
export async function loginWithProvider(
  ctx: AuthContext,
  provider: string,
  profile: {
    subject: string;
    email: string | null;
    emailVerified: boolean;
    name: string | null;
    picture: string | null;
  },
): Promise<{ userId: string; sessionsEnded: boolean }> {
  const linked = await q.findOauthAccount(ctx.db, provider, profile.subject);
  if (linked) return { userId: linked.userId, sessionsEnded: false };
  if (!profile.email || !profile.emailVerified) {
    throw badRequest('Your account at the provider has no verified email address');
  }
  const email = profile.email.toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const existing = await q.findUserByEmail(tx, email);
    const user =
      existing ??
      (await q.insertUser(tx, {
        name: profile.name?.trim() || email.split('@')[0]!,
        email,
        passwordHash: null,
        wantsToBeInstructor: false,
        emailVerifiedAt: new Date(),
      }));
    const claimsUnverified = existing !== undefined && !existing.emailVerifiedAt;
    if (claimsUnverified) {
      // Whoever registered this address never proved it was theirs, so nothing they set may reach
      // the provider's verified owner: their password, sessions, pending codes and instructor wish go.
      await q.updateUser(tx, existing.id, {
        emailVerifiedAt: new Date(),
        passwordHash: null,
        wantsToBeInstructor: false,
        name: profile.name?.trim() || existing.name,
      });
      await q.deleteUserSessions(tx, existing.id);
      await q.invalidateTokens(tx, existing.id, 'verify_email');
      await q.invalidateTokens(tx, existing.id, 'reset_password');
    }
    await q.insertOauthAccount(tx, provider, profile.subject, user.id);
    return { userId: user.id, sessionsEnded: claimsUnverified };
  });
}
