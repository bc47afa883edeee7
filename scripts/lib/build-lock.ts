/**
 * Builds a folder without ever leaving it half-written, even when several processes (say, three `npm start`s
 * launched together on a stale build) want to build it at once.
 *
 * - One builder at a time per build folder: a lock file `.<folder>.build-lock` beside the folder, created with
 *   O_EXCL and holding the owner's pid, host and a random token. The others wait (polling) while the owner
 *   lives, then look again: usually the build they wanted is now there and fresh, so they do not build at all.
 *   A lock left by a builder that died (its pid is gone on this host, or the lock is older than `staleAfterMs`)
 *   is taken over. The takeover moves the lock aside under a unique name first (rename is atomic, so only one
 *   waiter wins it), checks it moved the lock it judged stale (else it puts the live one back), and only then
 *   tries O_EXCL again.
 * - The build goes into a temporary folder `.<folder>.building-<pid>` beside the target and replaces the target
 *   by two renames (old out of the way, new into place), so a reader never sees a mix of two builds; leftovers
 *   of a builder that died are removed by the next lock owner.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

interface LockRecord {
  pid: number;
  host: string;
  token: string;
  startedAt: number;
}

export interface BuildOptions {
  /** The folder to build (absolute, or relative to the working directory). */
  distDir: string;
  /** Whether `distDir` holds a good build of the current inputs (checked before and again under the lock). */
  isFresh: () => boolean;
  /** Builds into the empty (not yet existing) folder given; must write everything `isFresh` looks at. */
  build: (outDir: string) => Promise<void> | void;
  /** Build even when the folder looks fresh (`npm run build`), unless another builder just made it. */
  force?: boolean;
  /** How often a waiter looks at the lock again (default 250 ms). */
  pollMs?: number;
  /** How long to wait for another builder before giving up (default 20 minutes). */
  maxWaitMs?: number;
  /** A lock older than this is stale even if its pid seems alive (default 30 minutes: no build takes that long). */
  staleAfterMs?: number;
  log?: (line: string) => void;
}

export type BuildOutcome = 'fresh' | 'built' | 'built-by-another';

export const lockPathOf = (distDir: string) => join(dirname(distDir), `.${basename(distDir)}.build-lock`);

function readLock(path: string): LockRecord | null {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockRecord>;
    return typeof record.pid === 'number' && typeof record.token === 'string' ? (record as LockRecord) : null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(record: LockRecord | null, staleAfterMs: number): boolean {
  // Unreadable: a builder died between creating and writing it (or is writing it right now: the age check of
  // the next look settles that, since an unreadable lock is only taken over when seen twice in a row).
  if (!record) return true;
  if (Date.now() - record.startedAt > staleAfterMs) return true;
  return record.host === hostname() && !pidAlive(record.pid);
}

/** Tries once to create the lock; returns its record, or null when someone else holds it. */
function tryCreate(path: string): LockRecord | null {
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    startedAt: Date.now(),
  };
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(record));
  } finally {
    closeSync(fd);
  }
  return record;
}

/** Moves a stale lock out of the way, unless it changed hands since it was judged stale. */
function takeOver(path: string, judged: LockRecord | null): void {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // Someone else moved it first.
    throw error;
  }
  const moved = readLock(aside);
  if (moved && moved.token !== judged?.token) {
    // A live lock was created between the look and the rename: give it back (link fails if yet another exists).
    try {
      linkSync(aside, path);
    } catch {
      // A third process holds the lock now; the one moved aside finds out when it releases (its token is gone).
    }
  }
  rmSync(aside, { force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for and takes the lock of `distDir`; resolves to [release, whether it had to wait]. */
export async function acquireBuildLock(
  distDir: string,
  options: Pick<BuildOptions, 'pollMs' | 'maxWaitMs' | 'staleAfterMs' | 'log'> = {},
): Promise<{ release: () => void; waited: boolean }> {
  const { pollMs = 250, maxWaitMs = 20 * 60_000, staleAfterMs = 30 * 60_000, log = () => {} } = options;
  const path = lockPathOf(distDir);
  const deadline = Date.now() + maxWaitMs;
  let waited = false;
  let unreadableSeen = false;
  for (;;) {
    const mine = tryCreate(path);
    if (mine) {
      const release = () => {
        if (readLock(path)?.token === mine.token) rmSync(path, { force: true });
      };
      return { release, waited };
    }
    const holder = readLock(path);
    if (isStale(holder, staleAfterMs) && (holder || unreadableSeen)) {
      log(
        holder
          ? `Taking over the build lock of process ${holder.pid}, which is gone.`
          : 'Taking over a broken build lock.',
      );
      takeOver(path, holder);
      unreadableSeen = false;
      continue;
    }
    unreadableSeen = !holder;
    if (!waited && holder) log(`Another build of ${distDir}/ is running (process ${holder.pid}); waiting for it…`);
    waited = true;
    if (Date.now() > deadline) {
      throw new Error(`Gave up waiting for the build lock ${path} after ${Math.round(maxWaitMs / 1000)} s.`);
    }
    await sleep(pollMs);
  }
}

/** Removes what builders that died left beside `distDir` (temporary and replaced folders). */
function removeLeftovers(distDir: string): void {
  const parent = dirname(distDir);
  const prefixes = [`.${basename(distDir)}.building-`, `.${basename(distDir)}.old-`];
  for (const name of readdirSync(parent)) {
    if (prefixes.some((prefix) => name.startsWith(prefix)))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Makes sure `distDir` holds a fresh build: returns at once when it does (and `force` is off), else builds it under
 * the lock into a temporary folder and swaps it in; a process that waited for another builder does not build again
 * when that builder's result is fresh.
 */
export async function buildAtomically(options: BuildOptions): Promise<BuildOutcome> {
  const { distDir, isFresh, build, force = false, log = () => {} } = options;
  if (!force && isFresh()) return 'fresh';
  const { release, waited } = await acquireBuildLock(distDir, options);
  try {
    if ((!force || waited) && isFresh()) return waited ? 'built-by-another' : 'fresh';
    removeLeftovers(distDir);
    const temporary = join(dirname(distDir), `.${basename(distDir)}.building-${process.pid}`);
    try {
      await build(temporary);
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      throw error;
    }
    const old = join(dirname(distDir), `.${basename(distDir)}.old-${process.pid}`);
    if (existsSync(distDir)) renameSync(distDir, old);
    renameSync(temporary, distDir);
    rmSync(old, { recursive: true, force: true });
    log(`Build swapped into ${distDir}/.`);
    return 'built';
  } finally {
    release();
  }
}
