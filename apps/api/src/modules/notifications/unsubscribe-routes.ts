import { unsubscribeQuerySchema, unsubscribeReplySchema } from '@learnbuild/domain/schemas/unsubscribe';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors';
import { noMoreOf, readUnsubscribeToken, scopeText, unsubscribe } from './unsubscribe';
import { unsubscribePage } from './unsubscribe-page';

const tags = ['notifications'];
const PATH = '/api/notifications/unsubscribe';

/** A browser's form wants a page back; a mail program's one-click POST gets the house JSON. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** The unsubscribe link of every notification and digest mail (RFC 8058): no sign-in, a signed token instead. */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settingsUrl = `${app.config.publicUrl}/settings/notifications`;
  // A one-click POST carries "List-Unsubscribe=One-Click" as a form; the token in the address is all that counts.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
  }

  const refusalPage = (reply: FastifyReply, error: HttpError) =>
    sendPage(
      reply,
      error.statusCode,
      unsubscribePage({
        title: error.statusCode === 410 ? 'This link has expired' : 'This link does not work',
        message: error.message,
        settingsUrl,
      }),
    );

  api.get(
    PATH,
    {
      schema: {
        tags,
        operationId: 'showUnsubscribePage',
        summary: 'The page behind a mail’s unsubscribe link: it asks before unsubscribing (HTML)',
        description:
          'No sign-in. Opening it changes nothing (mail scanners open links); its button posts to the same address. ' +
          'A link not signed by the platform, or changed, answers 400; an expired one 410; as a page to a browser ' +
          '(Accept: text/html), in the error shape to anything else.',
        security: [],
        querystring: unsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      let scope: ReturnType<typeof readUnsubscribeToken>['scope'];
      try {
        scope = readUnsubscribeToken(app.config.jwtSecret, request.query.token, new Date()).scope;
      } catch (error) {
        // A browser gets the refusal as a page; any other caller the API's error shape, as the POST does.
        if (error instanceof HttpError && wantsPage(request)) return refusalPage(reply, error);
        throw error;
      }
      return sendPage(
        reply,
        200,
        unsubscribePage({
          title: `Unsubscribe from ${scopeText(scope)}?`,
          message: `Press Unsubscribe and you will get no more ${noMoreOf(scope)}. Your notifications stay on LearnBuild.`,
          form: { action: `${PATH}?token=${encodeURIComponent(request.query.token ?? '')}`, label: 'Unsubscribe' },
          settingsUrl,
        }),
      );
    },
  );

  api.post(
    PATH,
    {
      schema: {
        tags,
        operationId: 'unsubscribeFromMail',
        summary: 'One-click unsubscribe (RFC 8058): stops the mails the signed token names',
        description:
          'No sign-in; the body (`List-Unsubscribe=One-Click`) is not needed. A browser (Accept: text/html) gets a ' +
          'page back, anything else JSON. 400 for a token not signed by the platform or changed, 410 for an expired ' +
          'one. Unsubscribing twice is the same as once.',
        security: [],
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeReplySchema },
      },
    },
    async (request, reply) => {
      let token: ReturnType<typeof readUnsubscribeToken>;
      try {
        token = readUnsubscribeToken(app.config.jwtSecret, request.query.token, new Date());
      } catch (error) {
        if (error instanceof HttpError && wantsPage(request)) return refusalPage(reply, error);
        throw error;
      }
      await unsubscribe(app.db, token.userId, token.scope);
      const message = `You will get no more ${noMoreOf(token.scope)}.`;
      if (wantsPage(request)) {
        return sendPage(
          reply,
          200,
          unsubscribePage({
            title: 'You are unsubscribed',
            message: `${message} You can turn them back on in your notification settings.`,
            settingsUrl,
          }),
        );
      }
      return { success: true as const, scope: token.scope, message };
    },
  );
}
