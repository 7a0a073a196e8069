// The JavaScript judge's worker thread: learner code runs in QuickJS compiled to WebAssembly, a separate
// interpreter with no file system, network, process, timers or host objects — only what this file hands in
// (a console whose output is counted and dropped). One worker judges one submission at a time, each in a
// fresh runtime; the main thread only posts messages, so a busy interpreter never holds up requests.
// Plain JavaScript: it starts without the TypeScript loader.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { getQuickJS } from 'quickjs-emscripten';

// This thread yields the CPU to the server's own thread: on Linux a thread has a niceness of its own, set through
// its thread id (/proc/thread-self names it). Requests keep being answered while submissions are judged; where
// this cannot be done (another system, a container that forbids it) judging simply runs at the server's priority.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && workerData?.niceness) setPriority(threadId, workerData.niceness);
} catch {
  // Left at the server's priority.
}

const QuickJS = await getQuickJS();

/**
 * QuickJS's own stack limit, measured: recursion about 20,000 deep fits (a recursive solution over the longest
 * list a problem gives), deeper ends in QuickJS's clean "stack overflow". Above 4 MB QuickJS outgrows the
 * WebAssembly build's own stack and fails without a message; its native frames need the worker's 64 MB stack.
 */
const STACK_BYTES = 4 * 1024 * 1024;

/** Set when QuickJS could not free a runtime (after running out of memory): the worker ends after replying. */
let retire = false;

let session = null;

function closeSession() {
  if (!session) return;
  const { context, runtime } = session;
  session = null;
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    retire = true;
  }
}

/** What a thrown QuickJS value says, as one line a learner can act on (a host path never appears in it). */
function errorText(context, handle) {
  const read = (key) => {
    const property = context.getProp(handle, key);
    const text = context.typeof(property) === 'string' ? context.getString(property) : undefined;
    property.dispose();
    return text;
  };
  const isObject = context.typeof(handle) === 'object';
  const name = (isObject && read('name')) || 'Error';
  const message = isObject ? (read('message') ?? '') : String(context.dump(handle)).slice(0, 200);
  handle.dispose();
  return { name, message: (message ? `${name}: ${message}` : name).slice(0, 500) };
}

function outcomeOfError(error) {
  if (session?.outputExceeded) return { kind: 'output-limit' };
  if (session?.interrupted) return { kind: 'time-limit' };
  if (/out of memory/i.test(error.message)) return { kind: 'memory-limit' };
  return { kind: 'runtime-error', message: error.message };
}

function evaluate(code, file, deadline) {
  session.deadline = deadline;
  session.interrupted = false;
  const result = session.context.evalCode(code, file);
  if (result.error) return { error: errorText(session.context, result.error) };
  result.value.dispose();
  return {};
}

function open({ prelude, code, call, limits }) {
  closeSession();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(STACK_BYTES);
  const context = runtime.newContext();
  session = { runtime, context, deadline: 0, interrupted: false, outputBytes: 0, outputExceeded: false, limits };
  runtime.setInterruptHandler(() => {
    if (session.outputExceeded) return true;
    if (Date.now() > session.deadline) {
      session.interrupted = true;
      return true;
    }
    return false;
  });
  // console.log and friends count what is printed; past the budget the program is stopped.
  const consoleHandle = context.newObject();
  const print = context.newFunction('log', (...args) => {
    for (const arg of args) {
      const text = context.typeof(arg) === 'string' ? context.getString(arg) : String(context.dump(arg));
      session.outputBytes += text.length + 1;
    }
    if (session.outputBytes > session.limits.outputBytes) session.outputExceeded = true;
  });
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) context.setProp(consoleHandle, name, print);
  print.dispose();
  context.setProp(context.global, 'console', consoleHandle);
  consoleHandle.dispose();

  const deadline = Date.now() + limits.testTimeMs;
  for (const [text, file, isLearner] of [
    [prelude, 'harness.js', false],
    [code, 'solution.js', true],
    [call, 'harness.js', false],
  ]) {
    const result = evaluate(text, file, deadline);
    if (result.error) {
      const outcome = outcomeOfError(result.error);
      closeSession();
      if (isLearner && result.error.name === 'SyntaxError')
        return { kind: 'compile-error', message: result.error.message };
      return outcome;
    }
  }
  return { kind: 'open' };
}

function runTest({ argumentsJson }) {
  if (!session) return { kind: 'runtime-error', message: 'The program is not loaded' };
  const started = performance.now();
  const context = session.context;
  const callee = context.getProp(context.global, '__learnbuildCall');
  const argument = context.newString(argumentsJson);
  session.deadline = Date.now() + session.limits.testTimeMs;
  session.interrupted = false;
  const result = context.callFunction(callee, context.undefined, argument);
  argument.dispose();
  callee.dispose();
  const timeMs = Math.round(performance.now() - started);
  if (result.error) return outcomeOfError(errorText(context, result.error));
  const answerJson = context.typeof(result.value) === 'string' ? context.getString(result.value) : 'null';
  result.value.dispose();
  if (session.outputExceeded) return { kind: 'output-limit' };
  return { kind: 'answer', answerJson, timeMs };
}

parentPort.on('message', (message) => {
  let reply;
  try {
    if (message.type === 'open') reply = open(message);
    else if (message.type === 'test') reply = runTest(message);
    else {
      closeSession();
      reply = { kind: 'closed' };
    }
  } catch (error) {
    // QuickJS itself failed (its memory exhausted mid-call): this worker is done; the main thread replaces it.
    const outOfMemory = error instanceof Error && /memory|out of bounds/i.test(error.message);
    parentPort.postMessage(
      outOfMemory ? { kind: 'memory-limit' } : { kind: 'runtime-error', message: 'The program crashed' },
    );
    process.exit(1);
  }
  parentPort.postMessage(reply);
  if (retire) process.exit(0);
});

parentPort.postMessage({ kind: 'ready' });
