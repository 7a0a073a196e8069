import { type JavaScriptJob, JavaScriptProcess } from './javascript-runtime';
import type { RunnerMessage, WorkerRequest } from './protocol';

/**
 * One run of JavaScript or TypeScript; the page starts a fresh worker for each run and terminates it
 * after, or at the time limit. The server gives this file its own Content-Security-Policy: it may
 * evaluate code (the learner's) but reach no network (apps/api/src/plugins/security-headers.ts).
 */
// The app's types describe a page; inside a worker, posting needs no target origin.
const post = (message: RunnerMessage) => (self as unknown as Worker).postMessage(message);
let current: JavaScriptProcess | null = null;

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  if (current || event.data?.type !== 'run') return;
  const { language, source, stdin } = event.data.request;
  if (language !== 'javascript' && language !== 'typescript') return;
  const job: JavaScriptJob = { language, source, stdin };
  current = new JavaScriptProcess(job, post);
  void current.start();
});

// Errors the code leaves behind (a rejected promise nobody awaited) end the run, as in Node.js.
self.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  current?.fail(event.reason);
});
self.addEventListener('error', (event) => {
  event.preventDefault();
  current?.fail(event.error ?? new Error(event.message));
});
