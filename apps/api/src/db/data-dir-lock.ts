import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  // A killed process whose parent has not reaped it yet still answers signal 0: on Linux, look at its state.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
  } catch {}
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One process at a time may open the embedded database in `directory`. The lock is a file holding the
 * owner's pid; a lock left by a process that is gone (kill -9, a crash) is taken over.
 */
export function acquireDataDirLock(directory: string, label = directory): { release(): void } {
  const file = path.join(directory, 'server.lock');
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readPid(file) === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = readPid(file);
    if (owner === undefined) {
      // Just created by another process that has not written its pid yet: give it a moment.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      owner = readPid(file);
    }
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `DATA_DIR ${label} is in use by another LearnBuild server (pid ${owner}); stop it first or choose another DATA_DIR (lock: ${file})`,
      );
    }
    // Stale: its owner is gone. Removing it and retrying 'wx' lets only one of two racers win.
    try {
      unlinkSync(file);
    } catch {}
  }
  throw new DataDirInUseError(`DATA_DIR ${label} is locked (${file}) and the lock could not be taken over`);
}
