// One Python sandbox: a Node process of its own that loads Pyodide (CPython in WebAssembly), closes every way
// from there to the host, then runs one submission for python-sandbox.ts, which talks to it over IPC.
// Plain JavaScript on purpose: it runs with `node` itself under Node's permission model (see python-sandbox.ts
// for the flags: file reads limited to Pyodide's folder and this file, no child processes, workers or addons,
// no code generation from strings, an empty environment).
//
//   node <flags> python-child.mjs snapshot <pyodideDir>   loads Pyodide and writes a memory snapshot to stdout
//   node <flags> python-child.mjs sandbox <pyodideDir> [from-snapshot]   (the snapshot then arrives on stdin)
//
// The layers, outermost last (a later one holds if an earlier one is broken):
//  1. Python: the `js` and `pyodide_js` modules unregistered and blocked, every reference to a JavaScript object
//     scrubbed from the Python heap, the pyodide package blocked. Not a boundary by itself: CPython inside
//     WebAssembly can corrupt its own memory (ctypes, crafted code objects) and forge a proxy.
//  2. JavaScript: the object `import js` maps to is empty; Pyodide's public API object is emptied; its internal
//     API loses package loading, file fetching and sockets; the emscripten file systems that reach the host
//     (NODEFS, NODESOCKFS) and its WebSocket-backed sockets are removed; globalThis keeps only the language's own
//     objects. With code generation from strings disallowed there is no eval, Function or vm script to reach.
//  3. Node: the permission model (fs read of Pyodide's files only, no fs write, no child process, worker,
//     addon, WASI or inspector), an empty environment, and the socket, DNS, process-spawning and signal entry
//     points replaced before Pyodide loads (Node 20 and 24 have no network permission).
//  4. The parent: wall time per test, memory (the WebAssembly heap is capped here, the process's RSS is
//     watched there), output, and one process per submission, killed after it.

import { constants as fsConstants } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';

const nodeProcess = process;
const send = nodeProcess.send?.bind(nodeProcess);
const exit = nodeProcess.exit.bind(nodeProcess);
const [mode, pyodideDir, snapshotSource] = nodeProcess.argv.slice(2);
if (!send || (mode !== 'snapshot' && mode !== 'sandbox') || !pyodideDir) {
  nodeProcess.stderr.write('python-child: started without its parent\n');
  exit(2);
}
// Emscripten takes argv[1] (this file's host path) for sys.executable and $_; Python is told nothing of the host.
nodeProcess.argv.splice(1);
nodeProcess.on('disconnect', () => exit(0));

/** The learner is told this for anything the sandbox refuses, so no host detail travels in an error. */
const REFUSED = 'Not available in the judge';

function refuse() {
  throw new Error(REFUSED);
}

/** Replaces a function property with one that refuses, for good (not writable, not configurable). */
function deny(target, key) {
  if (target === null || target === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor || typeof descriptor.value !== 'function') return;
  try {
    Object.defineProperty(target, key, { value: refuse, writable: false, configurable: false, enumerable: false });
  } catch {
    // A property that cannot be redefined keeps its original, which the permission model still limits.
  }
}

function denyFunctions(target) {
  if (target === null || target === undefined) return;
  for (const key of Object.getOwnPropertyNames(target)) {
    const value = Object.getOwnPropertyDescriptor(target, key)?.value;
    // Classes (dns.Resolver) keep their constructor; their methods go below.
    if (typeof value === 'function' && !/^[A-Z]/.test(key)) deny(target, key);
  }
}

/** Layer 3: Node's ways out that the permission model of Node 20 and 24 leaves open, closed before Pyodide loads. */
async function closeNodeExits() {
  const [net, tls, dgram, dns, http2, childProcess, vm] = await Promise.all([
    import('node:net'),
    import('node:tls'),
    import('node:dgram'),
    import('node:dns'),
    import('node:http2'),
    import('node:child_process'),
    import('node:vm'),
  ]).then((modules) => modules.map((module) => module.default));
  // Sockets: every TCP, TLS, HTTP, fetch and WebSocket connection ends in net.Socket's connect; servers in listen.
  deny(net.Socket.prototype, 'connect');
  deny(net.Server.prototype, 'listen');
  for (const key of ['connect', 'createConnection', 'createServer', '_createServerHandle']) deny(net, key);
  for (const key of ['connect', 'createServer']) deny(tls, key);
  for (const key of ['connect', 'createServer', 'createSecureServer']) deny(http2, key);
  for (const key of ['bind', 'connect', 'send']) deny(dgram.Socket.prototype, key);
  for (const key of ['createSocket', '_createSocketHandle']) deny(dgram, key);
  // DNS lookups leave the machine (a name can carry data out) even without a socket of ours.
  denyFunctions(dns);
  denyFunctions(dns.promises);
  for (const resolver of [dns.Resolver, dns.promises?.Resolver]) {
    for (const key of Object.getOwnPropertyNames(resolver?.prototype ?? {})) {
      if (key !== 'constructor') deny(resolver.prototype, key);
    }
  }
  // Processes: the permission model refuses them already; this answers `os.system` as "command not found"
  // instead of an access error that would name host paths.
  Object.defineProperty(childProcess, 'spawnSync', {
    value: () => ({ pid: 0, output: [null, '', ''], stdout: '', stderr: '', status: 127, signal: null }),
    writable: false,
    configurable: false,
  });
  denyFunctions(childProcess);
  // Scripts compiled from strings through vm are not covered by --disallow-code-generation-from-strings.
  denyFunctions(vm);
  deny(vm.Script.prototype, 'runInThisContext');
  deny(vm.Script.prototype, 'runInContext');
  deny(vm.Script.prototype, 'runInNewContext');
  // Signals reach any process of the same user; the rest would be refused or is of no use.
  for (const key of ['kill', '_kill', 'dlopen', '_linkedBinding', 'setuid', 'setgid', 'seteuid', 'setegid']) {
    deny(nodeProcess, key);
  }
  for (const key of ['setgroups', 'initgroups', 'chdir', 'abort', '_debugProcess', '_startProfilerIdleNotifier']) {
    deny(nodeProcess, key);
  }
  syncBuiltinESMExports();
  hostObjects.push(['process', nodeProcess], ...Object.entries({ net, tls, dgram, dns, http2, childProcess, vm }), [
    'net.Socket',
    net.Socket,
  ]);
}

/** Objects that must stay out of the learner's reach, named, for the reachability check of `inspect`. */
const hostObjects = [];

/**
 * For the tests: walks every object reachable by property and prototype from `roots` (what Python can make in
 * JavaScript: converted values, proxies of its functions, errors) and names the host objects met on the way.
 * Python proxies are walked only into Pyodide's own record (their other properties are Python's objects).
 */
function hostObjectsReachable(roots, isPyProxy) {
  const named = new Map(hostObjects.map(([name, value]) => [value, name]));
  const seen = new Set();
  const queue = [...roots];
  const met = new Set();
  while (queue.length > 0 && seen.size < 100_000) {
    const value = queue.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
    seen.add(value);
    const name = named.get(value);
    if (name) {
      met.add(name);
      continue;
    }
    try {
      queue.push(Reflect.getPrototypeOf(value));
    } catch {}
    let keys = [];
    try {
      // A Python proxy's string keys are Python attributes; its symbol keys hold Pyodide's own record.
      keys = isPyProxy(value) ? Object.getOwnPropertySymbols(value) : Reflect.ownKeys(value);
    } catch {}
    for (const key of keys) {
      try {
        const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
        if (descriptor) queue.push(descriptor.value, descriptor.get, descriptor.set);
      } catch {}
    }
  }
  return { met: [...met], walked: seen.size };
}

// Memory: the WebAssembly heap may grow only up to the cap the parent sends with the code (the learner's
// limit above what Pyodide holds at rest). A refused growth is a MemoryError in Python and ends as a memory limit.
let heapCapBytes = Number.POSITIVE_INFINITY;
let growthRefused = false;
const memoryPrototype = WebAssembly.Memory.prototype;
const realGrow = memoryPrototype.grow;
Object.defineProperty(memoryPrototype, 'grow', {
  value: function grow(deltaPages) {
    if (this.buffer.byteLength + deltaPages * 65536 > heapCapBytes) {
      growthRefused = true;
      throw new RangeError('WebAssembly memory limit');
    }
    return realGrow.call(this, deltaPages);
  },
  writable: false,
  configurable: false,
});

async function runSandbox() {
  const snapshot = snapshotSource === 'from-snapshot' ? await readStdin() : undefined;
  const pyodide = await loadPyodide({ ...baseOptions, ...(snapshot ? { _loadSnapshot: snapshot } : {}) });
  Object.defineProperty(nodeProcess, 'binding', { value: refuse, writable: false, configurable: false });

  let outputBudget = 0;
  let outputUsed = 0;
  let outputExceeded = false;
  const countOutput = (bytes) => {
    outputUsed += bytes.length;
    if (outputUsed > outputBudget) {
      if (!outputExceeded) {
        outputExceeded = true;
        // Told at once: a program that catches the write error and goes on printing is ended by the parent.
        send({ type: 'output-limit' });
      }
      throw new Error('Output limit exceeded');
    }
    return bytes.length;
  };
  pyodide.setStdout({ write: countOutput });
  pyodide.setStderr({ write: countOutput });
  pyodide.setStdin({ error: true });

  const module = pyodide._module;
  const api = pyodide._api;
  if (!snapshot) pyodide.runPython(PYTHON_PREPARE);
  const prepared = pyodide.globals.get('__learnbuild');
  pyodide.globals.delete('__learnbuild');
  const [runProgram, runTest, closeImports, report] = [0, 1, 2, 3].map((index) => prepared.get(index));
  prepared.destroy();
  closeImports();
  closeImports.destroy();
  hostObjects.push(
    ['globalThis', globalThis],
    ['pyodide', pyodide],
    ['API', api],
    ['Module', module],
    ['FS', module.FS],
    ['SOCKFS', module.SOCKFS],
  );
  const isPyProxy = api.isPyProxy;
  closeJavaScriptExits(pyodide, api, module);

  const heapBytes = () => module.HEAP8.byteLength;

  /**
   * Runs Python. A JavaScript error out of it is Pyodide failing inside (a stack overflow, a fatal error): the
   * interpreter cannot be trusted after it, so the parent ends the submission (S: stack overflow, X: the rest).
   */
  const guarded = (call) => {
    try {
      const result = call();
      return typeof result === 'string' ? result : 'X';
    } catch (error) {
      return error instanceof RangeError && /call stack/i.test(error.message) ? 'S' : 'X';
    }
  };

  /** The reply for a helper's result: A answer, O opened, C compile error, E error, M memory; S, X crashed. */
  const replyOf = (result, timeMs) => {
    if (outputExceeded) return { type: 'output-limit' };
    if (growthRefused || result === 'M') return { type: 'memory-limit' };
    const tag = result[0];
    const text = result.slice(1);
    if (tag === 'A') {
      if (text.length > ANSWER_MAX_CHARS) return { type: 'runtime-error', message: 'The answer is too large to read.' };
      return { type: 'answer', answerJson: text, timeMs };
    }
    if (tag === 'O') return { type: 'opened' };
    if (tag === 'C') return { type: 'compile-error', message: text };
    if (tag === 'E') return { type: 'runtime-error', message: text };
    if (tag === 'S') return { type: 'crashed', message: 'RecursionError: the stack overflowed' };
    return { type: 'crashed', message: 'The program stopped unexpectedly.' };
  };

  let opened = false;
  nodeProcess.on('message', (message) => {
    if (message?.type === 'open' && !opened) {
      opened = true;
      outputBudget = message.outputBytes;
      heapCapBytes = heapBytes() + message.heapBytes;
      const result = guarded(() => runProgram(message.prelude, message.source, message.call));
      send(replyOf(result, 0));
    } else if (message?.type === 'test' && opened) {
      const started = performance.now();
      const result = guarded(() => runTest(message.argumentsJson));
      send(replyOf(result, performance.now() - started));
    } else if (message?.type === 'inspect') {
      // For the tests: what the lockdown left reachable.
      const made = [runTest, [1, { a: 2 }, new Map()], new Error('x'), new Uint8Array(1), Promise.resolve(1)];
      const reachable = hostObjectsReachable(made, isPyProxy);
      send({ type: 'inspected', globals: Reflect.ownKeys(globalThis).map(String), python: report(), reachable });
    }
  });
  send({ type: 'ready', heapBytes: heapBytes() });
}

/** What the judge reads of an answer at most (judge.ts reads 16 MiB); longer ones are not sent. */
const ANSWER_MAX_CHARS = 16 * 1024 * 1024 + 1;

/** Layer 2: the JavaScript side of Pyodide, and the global object, left with nothing that reaches the host. */
function closeJavaScriptExits(pyodide, api, module) {
  // Pyodide's public API (`pyodide_js` in Python): runPython, loadPackage, mountNodeFS, FS, _module, _api...
  const targets = [pyodide];
  for (let proto = Object.getPrototypeOf(pyodide); proto; proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype || proto === Function.prototype) break;
    targets.push(proto);
  }
  for (const target of targets) {
    for (const key of Reflect.ownKeys(target)) {
      if (key === 'constructor' || key === 'prototype' || key === 'length' || key === 'name') continue;
      try {
        delete target[key];
      } catch {
        // Non-configurable: left; nothing in Python can reach this object once layer 1 holds.
      }
    }
  }
  // The internal API: what loads packages, scripts or files, opens sockets, or names host paths.
  const internal = [
    'loadBinaryFile',
    'initializeNodeSockFS',
    'install',
    'loadDynlib',
    'packageManager',
    'package_loader',
    'flushPackageManagerBuffers',
    'makeSnapshot',
    'restoreSnapshot',
    'rawRun',
    'saveState',
    'restoreState',
    'scheduleCallback',
    '_nodeSock',
    'lockfile',
    'lockfile_info',
    'lockfile_packages',
    'lockfile_unvendored_stdlibs_and_test',
    'lockFilePromise',
    'packageIndexReady',
    'sitepackages',
    'dsodir',
    'defaultLdLibraryPath',
  ];
  for (const key of internal) {
    try {
      api[key] = undefined;
    } catch {}
  }
  if (api.config) {
    for (const key of Object.keys(api.config)) {
      if (key !== 'jsglobals') api.config[key] = undefined;
    }
  }
  // Emscripten: no host file system, no WebSocket-backed sockets, no dynamic libraries.
  const filesystems = module.FS?.filesystems ?? {};
  for (const key of ['NODEFS', 'NODERAWFS', 'NODESOCKFS', 'NATIVEFS_ASYNC']) delete filesystems[key];
  if (module.SOCKFS) {
    module.SOCKFS.createSocket = () => {
      // EACCES in emscripten's numbering: Python sees PermissionError.
      throw new module.FS.ErrnoError(2);
    };
  }
  for (const key of ['loadDynamicLibrary', 'loadWebAssemblyModule', 'preloadPlugins', 'mountNodeFS']) {
    try {
      module[key] = undefined;
    } catch {}
  }
  // globalThis: the language's own objects and the few Pyodide calls while running (TextEncoder, TextDecoder,
  // performance for Python's clocks); process, require, fetch, WebSocket, Buffer, timers and the rest go.
  const console = Object.freeze({ log: discard, info: discard, warn: discard, error: discard, debug: discard });
  for (const key of Reflect.ownKeys(globalThis)) {
    if (typeof key === 'string' && KEPT_GLOBALS.has(key)) continue;
    try {
      if (!delete globalThis[key]) globalThis[key] = undefined;
    } catch {}
  }
  // Pyodide reports some internal errors on the console: it gets one that writes nowhere.
  Object.defineProperty(globalThis, 'console', { value: console, writable: false, configurable: false });
}

const KEPT_GLOBALS = new Set([
  // ECMAScript's global object
  'globalThis',
  'Infinity',
  'NaN',
  'undefined',
  'eval',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'unescape',
  'AggregateError',
  'Array',
  'ArrayBuffer',
  'Atomics',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'Boolean',
  'DataView',
  'Date',
  'Error',
  'EvalError',
  'FinalizationRegistry',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'Function',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Intl',
  'Iterator',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'ReferenceError',
  'Reflect',
  'RegExp',
  'Set',
  'SharedArrayBuffer',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  'URIError',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'WeakMap',
  'WeakRef',
  'WeakSet',
  'WebAssembly',
  // What Pyodide uses while running Python
  'TextDecoder',
  'TextEncoder',
  'performance',
]);

// Python run before any learner code (in the snapshot maker, or in a sandbox that booted without a snapshot): the
// judge's two helpers, then layer 1. The helpers keep the builtins they use from the start, so a learner who
// replaces `str` or `type` changes only their own verdict. Messages read "Type: text (line N)", N being the line in
// the learner's own code (compiled as "<solution>", apart from the harness around it). __learnbuildCall is
// HARNESS_CALL of the domain's harness.ts.
const PYTHON_PREPARE = `
def __learnbuild_prepare():
    import sys, gc, builtins
    from _pyodide._importhook import jsfinder
    from pyodide.ffi import JsProxy

    _type, _str, _isinstance, _compile, _exec = type, str, isinstance, compile, exec
    _BaseException, _SyntaxError, _MemoryError, _OverflowError = BaseException, SyntaxError, MemoryError, OverflowError
    _ValueError = ValueError
    state = {}

    def describe(error):
        try:
            name = _type(error).__name__
            line = None
            if _isinstance(error, _SyntaxError):
                text = _str(error.msg)
                if error.filename == "<solution>":
                    line = error.lineno
            else:
                text = _str(error)
                tb = error.__traceback__
                while tb is not None:
                    if tb.tb_frame.f_code.co_filename == "<solution>":
                        line = tb.tb_lineno
                    tb = tb.tb_next
            message = name + (": " + text if text else "")
            if line is not None:
                message += " (line " + _str(line) + ")"
        except _BaseException:
            message = "The program raised an exception that could not be described"
        return message[:2000]

    def is_too_big(error):
        # wasm32 cannot even ask for 2 GiB or more; a 64-bit Python would have run out of memory instead.
        if not _isinstance(error, _OverflowError):
            return False
        text = _str(error)
        return "index-sized integer" in text or text.startswith("repeated ") or "too many items" in text

    def outcome_of(error):
        if _isinstance(error, _MemoryError) or is_too_big(error):
            return "M"
        return "E" + describe(error)

    def run_program(prelude, source, call):
        namespace = {"__name__": "__main__", "__builtins__": builtins}
        try:
            _exec(_compile(prelude, "<prelude>", "exec"), namespace)
            try:
                code = _compile(source, "<solution>", "exec")
            except (_SyntaxError, _ValueError) as error:
                return "C" + describe(error)
            _exec(code, namespace)
            _exec(_compile(call, "<harness>", "exec"), namespace)
        except _BaseException as error:
            return outcome_of(error)
        state["namespace"] = namespace
        return "O"

    def run_test(arguments_json):
        namespace = state["namespace"]
        try:
            answer = namespace["__learnbuildCall"](arguments_json, namespace)
        except _BaseException as error:
            return outcome_of(error)
        if _type(answer) is not _str:
            return "EThe harness did not return text"
        return "A" + answer

    # Layer 1: no js or pyodide_js module, and no JsProxy left anywhere on the heap. The proxies taken out wait in
    # \`kept\` until the sandbox has booted: a memory snapshot expects Pyodide's first JavaScript references alive.
    kept = []
    for name in list(jsfinder.jsproxies):
        kept.append(jsfinder.jsproxies[name])
        jsfinder.unregister_js_module(name)
    sys.meta_path[:] = [finder for finder in sys.meta_path if finder is not jsfinder]
    for name in list(sys.modules):
        if name.split(".")[0] in ("js", "pyodide_js"):
            kept.append(sys.modules[name])
            sys.modules[name] = None
    sys.modules["js"] = sys.modules["pyodide_js"] = None
    for holder in gc.get_objects():
        if _isinstance(holder, dict):
            for key, value in list(holder.items()):
                if _isinstance(value, JsProxy):
                    kept.append(value)
                    holder[key] = None
        elif _isinstance(holder, list) and holder is not kept:
            for index, value in enumerate(holder):
                if _isinstance(value, JsProxy):
                    kept.append(value)
                    holder[index] = None
        elif _type(holder).__name__ == "cell":
            try:
                if _isinstance(holder.cell_contents, JsProxy):
                    kept.append(holder.cell_contents)
                    holder.cell_contents = None
            except _ValueError:
                pass
        elif any(_isinstance(value, JsProxy) for value in gc.get_referents(holder)):
            try:
                for key, value in list(vars(holder).items()):
                    if _isinstance(value, JsProxy):
                        kept.append(value)
                        setattr(holder, key, None)
            except TypeError:
                pass
    gc.collect()

    blocked = ("js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core", "micropip")

    def close_imports():
        # In the sandbox itself, before any learner code: the proxies let go, and the imports Pyodide makes while
        # booting from a snapshot closed.
        kept.clear()
        gc.collect()
        for name in list(sys.modules):
            if name.split(".")[0] in blocked:
                sys.modules[name] = None
        for name in blocked:
            sys.modules[name] = None

    def report():
        # For the tests: what layer 1 left reachable.
        left = []
        for holder in gc.get_objects():
            for value in gc.get_referents(holder):
                if _isinstance(value, JsProxy):
                    left.append(_type(holder).__name__)
        for name in blocked:
            try:
                __import__(name)
                left.append("import " + name)
            except ImportError:
                pass
        return ",".join(left)

    return run_program, run_test, close_imports, report

__learnbuild = __learnbuild_prepare()
del __learnbuild_prepare
`;

await closeNodeExits();

// Emscripten's NODEFS reads fs constants through process.binding, which the permission model refuses; NODEFS
// is never mounted (and is removed below), so the constants it asks for are handed over directly while loading.
Object.defineProperty(nodeProcess, 'binding', {
  value: (name) => {
    if (name === 'constants') return { fs: fsConstants };
    throw new Error(REFUSED);
  },
  writable: true,
  configurable: true,
});

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);

/** What `import js` gives Python: nothing. */
const jsGlobals = Object.freeze(Object.create(null));
const environment = { HOME: '/home/pyodide', USER: 'learner', LOGNAME: 'learner', PATH: '/', PWD: '/', _: 'python' };
const discard = () => {};

async function readStdin() {
  const chunks = [];
  let size = 0;
  for await (const chunk of nodeProcess.stdin) {
    chunks.push(chunk);
    size += chunk.length;
  }
  // A fresh, aligned buffer: Pyodide reads the snapshot's header as 32-bit words.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const baseOptions = {
  indexURL: `${pyodideDir}/`,
  jsglobals: jsGlobals,
  env: environment,
  stdout: discard,
  stderr: discard,
};

if (mode === 'snapshot') {
  // Pyodide booted once, with no learner code, its memory handed to the parent: later sandboxes start from it
  // in a fraction of the time (python-sandbox.ts).
  const pyodide = await loadPyodide({ ...baseOptions, _makeSnapshot: true });
  pyodide.runPython(PYTHON_PREPARE);
  const snapshot = pyodide.makeMemorySnapshot();
  nodeProcess.stdout.write(snapshot, () => exit(0));
} else {
  await runSandbox();
}
