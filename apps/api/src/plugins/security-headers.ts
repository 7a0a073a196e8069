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

/**
 * The code editor's runner workers (apps/web/src/features/code-editor/run, named by apps/web/vite.config.ts)
 * get a policy of their own: a dedicated worker follows the Content-Security-Policy sent with its script,
 * not the page's. They run the learner's code, so one may evaluate it ('unsafe-eval') and the other compile
 * Pyodide's WebAssembly, which no page may do; a worker has no DOM and no token, and the JavaScript runner
 * reaches no network at all (the Python one fetches Pyodide's files from this origin).
 */
export const RUNNER_WORKER_POLICIES: readonly { path: RegExp; policy: string }[] = [
  { path: /^\/assets\/js-runner\.worker-[\w-]+\.js$/, policy: "default-src 'none'; script-src 'self' 'unsafe-eval'" },
  {
    path: /^\/assets\/python-runner\.worker-[\w-]+\.js$/,
    policy: "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'",
  },
];

function runnerWorkerPolicy(url: string): string | undefined {
  if (!url.startsWith('/assets/')) return undefined;
  const path = url.split('?')[0] ?? url;
  return RUNNER_WORKER_POLICIES.find((worker) => worker.path.test(path))?.policy;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const workerPolicy = runnerWorkerPolicy(request.url);
    if (workerPolicy) reply.header('content-security-policy', workerPolicy);
    done();
  });
}
