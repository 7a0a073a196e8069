import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { constants as osConstants, tmpdir } from 'node:os';
import path from 'node:path';

// Test-only: this machine's g++ and javac/java compile and run the C++ and Java programs the judge sends to Judge0,
// which is how the harness is proven without a Judge0. Nothing here is used by the server.
//
// Speed on a 2-core machine: C++ is compiled at -O0 (the verdicts do not depend on -O2) against a precompiled
// <bits/stdc++.h> kept in the temp folder across runs; javac and java run with the client compiler only.

export type NativeLanguage = 'cpp' | 'java';

function hasTool(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 });
  return result.status === 0;
}

/** Which compilers this machine has; a test without one is skipped with `MISSING_TOOL`'s message. */
export const TOOLCHAIN: Record<NativeLanguage, boolean> = {
  cpp: hasTool('g++', ['--version']),
  java: hasTool('javac', ['-version']) && hasTool('java', ['-version']),
};

export const MISSING_TOOL: Record<NativeLanguage, string> = {
  cpp: 'g++ is not installed on this machine: the C++ programs cannot be compiled, so these tests are skipped',
  java: 'javac and java are not installed on this machine: the Java programs cannot be compiled, so these tests are skipped',
};

const CPP_FLAGS = ['-std=c++17', '-O0', '-pipe'];
const JAVAC_FLAGS = [
  '-J-XX:TieredStopAtLevel=1',
  '-J-XX:+UseSerialGC',
  '--release',
  '13',
  '-encoding',
  'UTF-8',
  '-nowarn',
];
const JAVA_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const COMPILE_TIMEOUT_MS = 180_000;

export interface ProcessResult {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The program wrote more than `outputMaxBytes` and was stopped. */
  outputCut: boolean;
  timeMs: number;
}

/** Runs a command with `stdin`, killing it past `timeoutMs` or when it writes more than `outputMaxBytes`. */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; stdin?: string; timeoutMs: number; outputMaxBytes?: number },
): Promise<ProcessResult> {
  const outputMax = options.outputMaxBytes ?? 16 * 1024 * 1024;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let timedOut = false;
    let outputCut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (outputCut) return;
      if (stdoutBytes + chunk.length > outputMax) {
        stdout.push(chunk.subarray(0, outputMax - stdoutBytes));
        stdoutBytes = outputMax;
        outputCut = true;
        child.kill('SIGKILL');
        return;
      }
      stdoutBytes += chunk.length;
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderrBytes > 1024 * 1024) return;
      stderrBytes += chunk.length;
      stderr.push(chunk);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        code,
        signal,
        timedOut,
        outputCut,
        timeMs: Date.now() - started,
      });
    });
  });
}

let buildRoot: string | null = null;

/** A new folder for one program's build, under this process's own temp folder. */
function newBuildDir(): string {
  buildRoot ??= mkdtempSync(path.join(tmpdir(), 'learnbuild-native-'));
  return mkdtempSync(path.join(buildRoot, 'build-'));
}

/** Removes every build of this process. */
export function removeNativeBuilds(): void {
  if (buildRoot) rmSync(buildRoot, { recursive: true, force: true });
  buildRoot = null;
}

let precompiled: Promise<string | null> | null = null;

/**
 * A folder holding bits/stdc++.h.gch for CPP_FLAGS, built once and kept in the temp folder (it is named after the
 * compiler's version and the flags, so a changed compiler builds a new one); null when it cannot be built.
 */
function precompiledHeaderDir(): Promise<string | null> {
  precompiled ??= (async () => {
    const version = spawnSync('g++', ['--version'], { encoding: 'utf8' }).stdout ?? '';
    const key = createHash('sha256')
      .update(`${version}\n${CPP_FLAGS.join(' ')}`)
      .digest('hex')
      .slice(0, 16);
    const dir = path.join(tmpdir(), `learnbuild-test-pch-${key}`);
    const target = path.join(dir, 'bits', 'stdc++.h.gch');
    if (existsSync(target)) return dir;
    const probe = spawnSync('g++', [...CPP_FLAGS, '-H', '-fsyntax-only', '-x', 'c++', '-'], {
      input: '#include <bits/stdc++.h>\n',
      encoding: 'utf8',
    });
    const header = /^\. (\S+bits\/stdc\+\+\.h)$/m.exec(probe.stderr ?? '')?.[1];
    if (!header) return null;
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    const built = await runProcess('g++', [...CPP_FLAGS, '-x', 'c++-header', header, '-o', partial], {
      cwd: dir,
      timeoutMs: COMPILE_TIMEOUT_MS,
    });
    if (built.code !== 0) {
      rmSync(partial, { force: true });
      return null;
    }
    renameSync(partial, target);
    return dir;
  })();
  return precompiled;
}

export type Compiled = { ok: true; dir: string; run: string[] } | { ok: false; output: string };

/** Compiles a C++ main.cpp or a Java Main.java, as Judge0 names them; `run` is the command that runs it. */
export async function compileNative(language: NativeLanguage, source: string): Promise<Compiled> {
  const dir = newBuildDir();
  if (language === 'cpp') {
    writeFileSync(path.join(dir, 'main.cpp'), source);
    const pch = await precompiledHeaderDir();
    const result = await runProcess('g++', [...CPP_FLAGS, ...(pch ? ['-I', pch] : []), 'main.cpp', '-o', 'main'], {
      cwd: dir,
      timeoutMs: COMPILE_TIMEOUT_MS,
    });
    if (result.code !== 0) return { ok: false, output: result.stdout + result.stderr };
    return { ok: true, dir, run: [path.join(dir, 'main')] };
  }
  writeFileSync(path.join(dir, 'Main.java'), source);
  const result = await runProcess('javac', [...JAVAC_FLAGS, '-d', 'classes', 'Main.java'], {
    cwd: dir,
    timeoutMs: COMPILE_TIMEOUT_MS,
  });
  if (result.code !== 0) return { ok: false, output: result.stdout + result.stderr };
  return { ok: true, dir, run: ['java', ...JAVA_FLAGS, '-cp', path.join(dir, 'classes'), 'Main'] };
}

/**
 * Compiles several Java programs in one javac (one JVM start instead of one each): each gets its own package,
 * put before its first line so that every line keeps its number. Returns each program's command, in order.
 */
export async function compileJavaPrograms(sources: string[]): Promise<{ ok: true; runs: string[][] } | Compiled> {
  const dir = newBuildDir();
  const files = sources.map((source, i) => {
    mkdirSync(path.join(dir, `p${i}`));
    const file = path.join(`p${i}`, 'Main.java');
    writeFileSync(path.join(dir, file), `package p${i}; ${source}`);
    return file;
  });
  const result = await runProcess('javac', [...JAVAC_FLAGS, '-d', 'classes', ...files], {
    cwd: dir,
    timeoutMs: COMPILE_TIMEOUT_MS,
  });
  if (result.code !== 0) return { ok: false, output: result.stdout + result.stderr };
  return {
    ok: true,
    runs: sources.map((_, i) => ['java', ...JAVA_FLAGS, '-cp', path.join(dir, 'classes'), `p${i}.Main`]),
  };
}

/**
 * Runs a compiled program with `stdin`. `memoryKb` caps it as Judge0 would: the address space for C++ (so an
 * allocation past it fails with bad_alloc), the heap for Java (OutOfMemoryError).
 */
export function runNative(
  language: NativeLanguage,
  run: string[],
  options: { stdin: string; timeoutMs: number; memoryKb?: number; outputMaxBytes?: number; cwd: string },
): Promise<ProcessResult> {
  const [command, ...args] = run as [string, ...string[]];
  if (language === 'cpp' && options.memoryKb) {
    return runProcess('/bin/sh', ['-c', `ulimit -v ${Math.round(options.memoryKb)} && exec "$0"`, command], options);
  }
  if (language === 'java' && options.memoryKb) {
    return runProcess(command, [`-Xmx${Math.round(options.memoryKb)}k`, ...args], options);
  }
  return runProcess(command, args, options);
}

/** A signal's number (SIGSEGV → 11), as an exit code of 128 + it reports. */
export function signalNumber(signal: NodeJS.Signals): number {
  return osConstants.signals[signal] ?? 0;
}
