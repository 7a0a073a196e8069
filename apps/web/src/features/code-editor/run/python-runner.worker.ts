import type { PyodideAPI } from 'pyodide';
import { CappedOutput, type RunnerMessage, type RunRequest, type WorkerRequest } from './protocol';

/**
 * Python with Pyodide, loaded from this site (/pyodide/<version>/, copied there from the npm package at build
 * time) the first time the page asks for a run; the worker stays for the next runs. At the time limit
 * the page terminates it, and the next run starts a new worker that loads Pyodide again.
 */

/** Where the build puts Pyodide's files, `/pyodide/<version>/` (apps/web/vite.config.ts): cached for a year. */
const PYODIDE_URL = __PYODIDE_PATH__;

/**
 * Runs the code in a fresh namespace as __main__. A syntax error is reported alone; a traceback leaves
 * out this helper's own frame, so it starts at the learner's code.
 */
const HARNESS = `
import sys, traceback

def _learnbuild_run(source):
    try:
        code = compile(source, "main.py", "exec")
    except SyntaxError as error:
        return ("compile_error", 1, "".join(traceback.format_exception_only(type(error), error)))
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    try:
        exec(code, namespace)
        return ("ok", 0, "")
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            status = stop.code or 0
            return ("ok" if status == 0 else "runtime_error", status, "")
        print(stop.code, file=sys.stderr)
        return ("runtime_error", 1, "")
    except BaseException as error:
        frames = error.__traceback__.tb_next if error.__traceback__ else None
        sys.stderr.write("".join(traceback.format_exception(type(error), error, frames)))
        return ("runtime_error", 1, "")
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
`;

const post = (message: RunnerMessage) => (self as unknown as Worker).postMessage(message);
let pyodide: Promise<PyodideAPI> | null = null;

/**
 * A started Python is kept in this browser (Cache Storage) as a copy of its memory, taken right after it started
 * and before any code ran: later visits restore it instead of starting Python again, which is most of the wait
 * (seconds; restoring takes a fraction of that). One copy per Pyodide version, the old ones dropped.
 */
const SNAPSHOT_CACHE = 'learnbuild-python';
const snapshotKey = (version: string) => `${PYODIDE_URL}started-python-${version}`;

/** Cache Storage exists only in a secure context (HTTPS or localhost); elsewhere Python starts every time. */
async function snapshotCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;
  }
}

async function savedSnapshot(cache: Cache | null, key: string): Promise<Uint8Array | null> {
  try {
    const saved = await cache?.match(key);
    return saved ? new Uint8Array(await saved.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function saveSnapshot(cache: Cache, key: string, snapshot: Uint8Array<ArrayBuffer>): Promise<void> {
  try {
    for (const old of await cache.keys()) if (!old.url.endsWith(key)) await cache.delete(old);
    await cache.put(key, new Response(snapshot, { headers: { 'content-type': 'application/octet-stream' } }));
  } catch {
    // A full disk or a private window: the next visit starts Python from the beginning, as without the copy.
  }
}

async function startPyodide(): Promise<PyodideAPI> {
  post({ type: 'loading', step: 'fetch' });
  // Loaded at run time from our own origin, never bundled: the loader must match the runtime files beside it.
  const { loadPyodide, version } = (await import(
    /* @vite-ignore */ `${PYODIDE_URL}pyodide.mjs`
  )) as typeof import('pyodide');
  const cache = await snapshotCache();
  const key = snapshotKey(version);
  const snapshot = await savedSnapshot(cache, key);
  if (snapshot) {
    post({ type: 'loading', step: 'restore' });
    try {
      const restored = await loadPyodide({ indexURL: PYODIDE_URL, checkAPIVersion: true, _loadSnapshot: snapshot });
      restored.runPython(HARNESS);
      return restored;
    } catch {
      // A copy this Pyodide cannot use: dropped, and Python starts from the beginning below.
      await cache?.delete(key).catch(() => undefined);
    }
  }
  post({ type: 'loading', step: 'start' });
  const instance = await loadPyodide({ indexURL: PYODIDE_URL, checkAPIVersion: true, _makeSnapshot: Boolean(cache) });
  // The copy is taken before any code of ours or the learner's ran, so every restore starts clean.
  if (cache) void saveSnapshot(cache, key, instance.makeMemorySnapshot() as Uint8Array<ArrayBuffer>);
  instance.runPython(HARNESS);
  return instance;
}

function writer(output: CappedOutput, stream: 'stdout' | 'stderr') {
  const decoder = new TextDecoder();
  return {
    isatty: false,
    write(buffer: Uint8Array) {
      output.write(stream, decoder.decode(buffer, { stream: true }));
      return buffer.length;
    },
  };
}

/** Loads Pyodide once; 'loading' (each step) and then 'ready' tell the page, which shows the progress. */
function load(): Promise<PyodideAPI> {
  if (!pyodide) {
    pyodide = startPyodide();
    pyodide.then(
      () => post({ type: 'ready' }),
      () => undefined,
    );
  }
  return pyodide;
}

async function run({ source, stdin }: RunRequest) {
  const python = await load();
  const output = new CappedOutput(post);
  python.setStdout(writer(output, 'stdout'));
  python.setStderr(writer(output, 'stderr'));
  let given = false;
  python.setStdin({
    isatty: false,
    stdin: () => {
      if (given) return null;
      given = true;
      return stdin;
    },
  });
  const harness = python.globals.get('_learnbuild_run') as (code: string) => { toJs(): unknown[]; destroy(): void };
  post({ type: 'started' });
  const startedAt = performance.now();
  const result = harness(source);
  const timeMs = Math.round(performance.now() - startedAt);
  const [status, exitCode, compileOutput] = result.toJs() as ['ok' | 'compile_error' | 'runtime_error', number, string];
  result.destroy();
  if (compileOutput) post({ type: 'output', stream: 'compile', text: compileOutput });
  post({ type: 'finished', status, exitCode, timeMs: status === 'compile_error' ? null : timeMs });
}

/** Pyodide itself failed (it could not load, say): the page shows why and starts a new worker next time. */
function broken(error: unknown) {
  pyodide = null;
  post({
    type: 'output',
    stream: 'stderr',
    text: `Python could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  });
  post({ type: 'finished', status: 'runtime_error', exitCode: null, timeMs: null });
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message?.type === 'load') load().catch(broken);
  else if (message?.type === 'run' && message.request.language === 'python') run(message.request).catch(broken);
});
