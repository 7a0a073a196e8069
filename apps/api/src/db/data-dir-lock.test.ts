import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('DATA_DIR lock', () => {
  it('writes our pid, refuses while a live process holds it, and removes it on release', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'learnbuild-lock-unit-'));
    const lockFile = path.join(dir, 'server.lock');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);

    // The parent of this test runner is alive and is not us.
    writeFileSync(lockFile, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another LearnBuild server (pid ${process.ppid})`);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock whose process is gone, or that holds no pid', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'learnbuild-lock-unit-'));
    const lockFile = path.join(dir, 'server.lock');
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    writeFileSync(lockFile, gone);
    acquireDataDirLock(dir).release();
    writeFileSync(lockFile, 'not a pid');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
