/**
 * One process per PGlite folder (issue #33 item 4): two servers on one folder each ran their own
 * PGlite over the same files, both served, and their data diverged. The folder's lock file holds the
 * owner's PID; a second process refuses to open the folder. A lock left by a process that died (a
 * crash, kill -9, a power cut) names a PID that is no longer alive, and is taken over.
 */
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, resolve } from 'node:path';

/** The lock file in the data folder: the owner's PID and a newline. */
export const LOCK_FILE = 'nordlys.lock';

/** Another live process holds the folder. */
export class DataDirLockedError extends Error {
  readonly code = 'E_DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${resolve(dataDir)} is in use by process ${pid}: stop it, or give this one another DATA_DIR (a lock left by a process that is gone is taken over by itself)`);
  }
}

/** Whether a process with this PID is alive (EPERM: alive, but another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Creates `file` holding our PID only if it does not exist (O_EXCL): of two processes, one wins. */
function createExclusive(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the lock `file` if it still names the dead `pid`, under a second lock (`{file}.takeover`,
 * created the same exclusive way), so two processes that both found the same stale lock never
 * remove each other's new one: the second re-reads the file and finds the first one's live PID.
 */
function removeStale(file: string, pid: number | null): void {
  const takeover = `${file}.takeover`;
  if (!createExclusive(takeover)) {
    // Another process is taking over right now; a takeover lock of a process that died mid-way goes too.
    const holder = readPid(takeover);
    if (holder !== null && isAlive(holder)) return;
    unlinkSync(takeover);
    return;
  }
  try {
    const now = readPid(file);
    if (now === pid && (now === null || !isAlive(now))) unlinkSync(file);
  } finally {
    unlinkSync(takeover);
  }
}

/** How long an empty lock file may be a process's that has created it and not written its PID yet. */
const EMPTY_LOCK_GRACE_MS = 2_000;

/**
 * Takes the data folder for this process, or throws DataDirLockedError when a live process holds
 * it. Answers the release: it removes the lock if it is still ours (a clean shutdown); the process's
 * exit does the same.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = join(dataDir, LOCK_FILE);
  for (let tries = 0; ; tries++) {
    if (createExclusive(file)) break;
    if (tries >= 50) throw new Error(`could not take the lock ${resolve(file)} after ${tries} tries`);
    const pid = readPid(file);
    if (pid !== null && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
    if (pid === null && isRecent(file)) {
      // Empty and new: its owner may be writing its PID this very moment.
      await sleep(100);
      continue;
    }
    // The owner is gone (or died between creating the file and writing it).
    removeStale(file, pid);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readPid(file) === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}

function isRecent(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < EMPTY_LOCK_GRACE_MS;
  } catch {
    return true;
  }
}
