import {
  certificateCodeParamsSchema,
  certificateVerificationReplySchema,
  revokeCertificateBodySchema,
} from '@learnbuild/domain/schemas/certificates';
import { certificateIdParamsSchema, certificateReplySchema } from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission, requireUser } from '../../plugins/auth';
import * as certificates from './service';

/** Anyone may verify a certificate by the code printed on it; an admin may revoke it and restore it. */
export async function certificateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const revokers = { onRequest: requirePermission('revokeCertificates') };

  app.get(
    '/api/certificates/verify/:code',
    { schema: { tags, params: certificateCodeParamsSchema, response: { 200: certificateVerificationReplySchema } } },
    async (request) => ({
      success: true as const,
      certificate: await certificates.verifyCertificate(app.db, request.params.code),
    }),
  );

  app.post(
    '/api/admin/certificates/:id/revoke',
    {
      ...revokers,
      schema: {
        tags,
        params: certificateIdParamsSchema,
        body: revokeCertificateBodySchema,
        response: { 200: certificateReplySchema },
      },
    },
    async (request) => ({
      success: true as const,
      certificate: await certificates.revokeCertificate(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.delete(
    '/api/admin/certificates/:id/revoke',
    { ...revokers, schema: { tags, params: certificateIdParamsSchema, response: { 200: certificateReplySchema } } },
    async (request) => ({
      success: true as const,
      certificate: await certificates.restoreCertificate(app.db, request.params.id),
    }),
  );
}
