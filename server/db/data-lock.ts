/**
 * One server per embedded-database folder (PGlite does not stop a second process, and two would trample the
 * files): `portal.lock`, made with O_EXCL, holds the owner's pid; a lock whose pid is gone or not Node is stale
 * and taken over, so a restart after a crash needs no manual step.
 * Not proper-lockfile: it calls a lock stale only once its owner stopped refreshing it, so a restart after a crash
 * would wait, and a long synchronous PGlite call could let a live server's lock lapse.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'portal.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${dataDir} is in use by another server process (pid ${pid}). ` +
        'Stop that server first, or set DATA_DIR to another folder (or DATABASE_URL to share PostgreSQL).',
    );
  }
}

interface LockRecord {
  pid: number;
  startedAt: string;
}

/** Whether `pid` is a running Node process (on Linux checked through /proc; elsewhere any live pid counts). */
function nodeProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

function readLock(path: string): LockRecord | null {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockRecord>;
    return typeof record.pid === 'number' ? (record as LockRecord) : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock for this process; resolves to the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      return () => {
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    if (holder && (holder.pid === process.pid || nodeProcessAlive(holder.pid))) {
      throw new DataDirInUseError(dataDir, holder.pid);
    }
    // Stale (its owner is gone) or unreadable (a crash while writing it): take it over.
    rmSync(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: another process keeps recreating it.`);
}

/** Creates the folder and takes its lock: a second server on the same folder is refused here. */
export function takeDataDir(dataDir: string): () => void {
  // Only the server's own user may enter the folder (PGlite's files are fixed to 0600 once open: pglite.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return lockDataDir(dataDir);
}
