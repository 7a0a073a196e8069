import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once at start. The Fastify wrapper builds helmet anew on every request
 * (a tenth of a cached stats call's CPU); our options never vary by route or request, so one fixed set
 * of header values is the same result.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  // helmet's middleware runs synchronously; `next` receives any options error.
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
