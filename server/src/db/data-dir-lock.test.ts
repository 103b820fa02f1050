import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, isAlive, LOCK_FILE, lockDataDir } from './data-dir-lock';

/** The PID of a process that ran and is gone. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid!;
  expect(isAlive(pid)).toBe(false);
  return pid;
}

describe('the data folder lock', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'nordlys-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes our PID, refuses while a live process holds it, and removes it on release', async () => {
    const dir = folder();
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    (await lockDataDir(dir))();
  });

  it('takes over a lock whose process is gone, and an old empty one; many takers at once: exactly one wins', async () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    (await lockDataDir(dir))();
    writeFileSync(join(dir, LOCK_FILE), '');
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(join(dir, LOCK_FILE), old, old);
    (await lockDataDir(dir))();

    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof DataDirLockedError)).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
  });
});
