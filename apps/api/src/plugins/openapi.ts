import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorReplySchema } from '@learnbuild/domain/schemas/common';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATIONS } from '../openapi-operations';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Every refusal has one shape (DESIGN "API conventions"); client generators type their errors from it. */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as Record<
    string,
    unknown
  >;
  return json;
};

const refusal = {
  description: 'Refused: the request was invalid, unauthenticated, forbidden, not found, in conflict or rate limited',
  ...jsonSchemaOf(errorReplySchema),
};

/** Each documented operation gets its name and summary from OPERATIONS and the shared 4XX reply. */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide) return out;
  const methods = [input.route.method].flat();
  const operation = OPERATIONS[`${methods[0]} ${input.url}`];
  if (operation) {
    const { reply, redirects: _, uploadField, ...names } = operation;
    Object.assign(schema, names);
    // Documentation only: the route reads the upload as a stream, so it declares no body to validate.
    if (uploadField)
      schema.body = {
        type: 'object',
        required: [uploadField.name],
        properties: { [uploadField.name]: { type: 'string', format: 'binary', description: uploadField.description } },
      };
    if (reply && !schema.response?.['200'])
      schema.response = { ...schema.response, 200: { description: 'OK', ...jsonSchemaOf(reply) } };
  }
  const replies = schema.response ?? {};
  const succeeds = Object.keys(replies).some((status) => /^[23]/.test(status));
  if (!succeeds) replies[operation?.redirects ? '302' : '200'] = { description: operation?.redirects ?? 'Success' };
  schema.response = { ...replies, '4XX': refusal };
  return out;
}

/** OpenAPI 3 at /api/docs/json and its HTML viewer at /api/docs; servers come from PUBLIC_URL. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LearnBuild API',
        version: '1.0.0',
        description: 'learn, build, earn',
        license: { name: 'LearnBuild terms of service', url: `${app.config.publicUrl}/terms` },
      },
      servers: [{ url: app.config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
