import { safeRedirectTarget } from '@learnbuild/domain/routes';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailOnlyBodySchema,
  exchangeCodeBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenParamsSchema,
  updateProfileBodySchema,
  verifyOtpBodySchema,
} from '@learnbuild/domain/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../lib/database-errors';
import { unauthorized } from '../../lib/http-errors';
import { LIMITS } from '../../lib/rate-limiter';
import { requireAuth, requireUser } from '../../plugins/auth';
import { removeStoredAvatar, storeAvatar } from './avatars';
import { loginThrottle } from './login-throttle';
import { enabledProviders, finishProviderLogin, type ProviderId, startProviderLogin } from './oauth';
import * as q from './queries';
import * as auth from './service';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.db, config: app.config };
  const tags = ['auth'];
  // Each sign-up is verified by a code: a network allowed more sign-ups may try as many codes for them
  // (every code also locks after its own few wrong tries).
  const otpPerIp = {
    ...LIMITS.otpPerIp,
    limit: Math.max(LIMITS.otpPerIp.limit, 3 * app.config.registrationsPerHour),
  };

  app.post('/api/auth/register', { schema: { tags, body: registerBodySchema } }, async (request, reply) => {
    await app.limiter.hit(`register:ip:${request.ip}`, {
      ...LIMITS.registerPerIp,
      limit: app.config.registrationsPerHour,
    });
    // Two sign-ups of one new address at once: the loser of the race on the unique email takes the
    // path of a repeated sign-up, which gives the same reply.
    const result = await auth
      .register(ctx, request.body)
      .catch((error: unknown) => (isUniqueViolation(error) ? auth.register(ctx, request.body) : Promise.reject(error)));
    app.mailWorker.runOnce().catch(() => undefined);
    return reply.status(201).send({ success: true, ...result });
  });

  app.post('/api/auth/verify-otp', { schema: { tags, body: verifyOtpBodySchema } }, async (request) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, otpPerIp);
    const result = await auth.verifyOtp(ctx, request.body.email, request.body.otp, request.headers['user-agent']);
    return { success: true, ...result };
  });

  app.post('/api/auth/verify-email/:token', { schema: { tags, params: tokenParamsSchema } }, async (request) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, otpPerIp);
    const result = await auth.verifyEmailLink(ctx, request.params.token, request.headers['user-agent']);
    return { success: true, ...result };
  });

  app.post('/api/auth/resend-verification', { schema: { tags, body: emailOnlyBodySchema } }, async (request) => {
    await app.limiter.hit(`resend:email:${request.body.email}`, LIMITS.resendPerEmail);
    const result = await auth.resendVerification(ctx, request.body.email);
    app.mailWorker.runOnce().catch(() => undefined);
    return { success: true, ...result };
  });

  app.post('/api/auth/login', { schema: { tags, body: loginBodySchema } }, async (request, reply) => {
    const throttle = loginThrottle(app, request, request.body.email);
    await throttle.begin();
    let result: Awaited<ReturnType<typeof auth.login>>;
    try {
      result = await auth.login(ctx, request.body, request.headers['user-agent']);
    } catch (error) {
      await throttle.settle(error);
      throw error;
    }
    reply.header('set-cookie', await throttle.signedIn(result.user.id));
    return { success: true, ...result };
  });

  app.get('/api/auth/me', { schema: { tags } }, async (request) => {
    const session = requireUser(request);
    const user = await q.findUserById(app.db, session.id);
    if (!user) throw unauthorized();
    return { success: true, user: await auth.toPublicUser(ctx, user) };
  });

  app.post('/api/auth/logout', { schema: { tags } }, async (request) => {
    if (request.sessionUser) await q.deleteSession(app.db, request.sessionUser.sessionId);
    app.forgetSessions();
    return { success: true, message: 'You have been logged out' };
  });

  app.post('/api/auth/logout-all', { schema: { tags }, onRequest: requireAuth }, async (request) => {
    await q.deleteUserSessions(app.db, requireUser(request).id);
    app.forgetSessions();
    return { success: true, message: 'You have been signed out of every device' };
  });

  app.post('/api/auth/forgot-password', { schema: { tags, body: emailOnlyBodySchema } }, async (request) => {
    await app.limiter.hit(`forgot:ip:${request.ip}`, LIMITS.forgotPerIp);
    await app.limiter.hit(`forgot:email:${request.body.email}`, LIMITS.forgotPerEmail);
    const result = await auth.forgotPassword(ctx, request.body.email);
    app.mailWorker.runOnce().catch(() => undefined);
    return { success: true, ...result };
  });

  app.post(
    '/api/auth/reset-password/:token',
    { schema: { tags, params: tokenParamsSchema, body: resetPasswordBodySchema } },
    async (request) => {
      await app.limiter.hit(`otp:ip:${request.ip}`, otpPerIp);
      const result = await auth.resetPassword(ctx, request.params.token, request.body.password);
      app.forgetSessions();
      return { success: true, ...result };
    },
  );

  app.post(
    '/api/auth/change-password',
    { schema: { tags, body: changePasswordBodySchema }, onRequest: requireAuth },
    async (request) => {
      const user = requireUser(request);
      const session = await auth.changePassword(ctx, user.id, request.body.currentPassword, request.body.newPassword);
      app.forgetSessions();
      return { success: true, message: 'Password changed. Other devices have been signed out.', ...session };
    },
  );

  // PATCH is the older spelling; PUT (issue 29) takes the same partial body.
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/auth/profile',
      schema: { tags, body: updateProfileBodySchema },
      onRequest: requireAuth,
      handler: async (request) => {
        const row = await auth.updateProfile(ctx, requireUser(request).id, request.body);
        return { success: true, message: 'Profile updated', user: await auth.toPublicUser(ctx, row) };
      },
    });
  }

  app.post(
    '/api/auth/avatar',
    { schema: { tags, consumes: ['multipart/form-data'] }, onRequest: requireAuth },
    async (request) => {
      const session = requireUser(request);
      await app.limiter.hit(`upload:user:${session.id}`, LIMITS.uploadPerUser);
      const profilePic = await storeAvatar(app.config.dataDir, request);
      const before = await q.findUserById(app.db, session.id);
      const row = await q.updateUser(app.db, session.id, { profilePic });
      if (before?.profilePic) await removeStoredAvatar(app.config.dataDir, before.profilePic);
      return { success: true, message: 'Profile picture updated', user: await auth.toPublicUser(ctx, row) };
    },
  );

  app.delete('/api/auth/avatar', { schema: { tags }, onRequest: requireAuth }, async (request) => {
    const session = requireUser(request);
    const before = await q.findUserById(app.db, session.id);
    const row = await q.updateUser(app.db, session.id, { profilePic: null });
    if (before?.profilePic) await removeStoredAvatar(app.config.dataDir, before.profilePic);
    return { success: true, message: 'Profile picture removed', user: await auth.toPublicUser(ctx, row) };
  });

  app.delete(
    '/api/auth/account',
    { schema: { tags, body: deleteAccountBodySchema }, onRequest: requireAuth },
    async (request) => {
      const deleted = await auth.deleteAccount(ctx, requireUser(request).id, request.body.password);
      app.forgetSessions();
      if (deleted.profilePic) await removeStoredAvatar(app.config.dataDir, deleted.profilePic);
      return { success: true, message: 'Your account and its data have been deleted' };
    },
  );

  // Social login

  app.get('/api/auth/providers', { schema: { tags } }, async () => ({
    success: true,
    providers: enabledProviders(app.config),
  }));

  // One pair of routes per provider: a fixed path documents unambiguously beside /api/auth/verify-email/:token.
  for (const provider of ['oidc', 'github'] as const satisfies readonly ProviderId[]) {
    app.get(
      `/api/auth/${provider}/start`,
      { schema: { tags, querystring: z.object({ redirectTo: z.string().max(500).optional() }) } },
      async (request, reply) => {
        await app.limiter.hit(`oauth-start:ip:${request.ip}`, LIMITS.oauthStartPerIp);
        const url = await startProviderLogin(ctx, provider, request.query.redirectTo);
        return reply.redirect(url);
      },
    );

    app.get(`/api/auth/${provider}/callback`, { schema: { tags } }, async (request, reply) => {
      const current = new URL(request.url, app.config.publicUrl);
      try {
        const { profile, redirectTo } = await finishProviderLogin(ctx, provider, current);
        const { userId, sessionsEnded } = await auth.loginWithProvider(ctx, provider, profile);
        if (sessionsEnded) app.forgetSessions();
        const code = await auth.createHandoffCode(ctx, userId);
        const next = encodeURIComponent(safeRedirectTarget(redirectTo));
        return reply.redirect(`/api/auth/success?code=${encodeURIComponent(code)}&next=${next}`);
      } catch (error) {
        request.log.warn({ err: error }, 'social login failed');
        const message =
          error instanceof Error && 'statusCode' in error ? error.message : 'Social sign-in failed, please try again';
        return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
      }
    });
  }

  // SPEC 2: the provider's flow ends on the auth-success screen, which trades the code for a token.
  app.get('/api/auth/success', { schema: { tags, hide: true } }, async (request, reply) => {
    const query = new URL(request.url, 'http://x').search;
    return reply.redirect(`/auth-success${query}`);
  });

  app.post('/api/auth/exchange', { schema: { tags, body: exchangeCodeBodySchema } }, async (request) => {
    await app.limiter.hit(`otp:ip:${request.ip}`, otpPerIp);
    return {
      success: true,
      ...(await auth.exchangeHandoffCode(ctx, request.body.code, request.headers['user-agent'])),
    };
  });
}
