/**
 * Builds a folder without ever leaving it half-written, even when several processes (say, three `npm start`s
 * launched together on a stale build) want to build it at once.
 *
 * - One builder at a time per build folder: a proper-lockfile lock `.<folder>.build-lock` beside the folder. The
 *   others wait (polling) while the owner keeps it fresh, then look again: usually the build they wanted is now
 *   there and fresh, so they do not build at all. A lock its owner stopped refreshing (the builder died) is
 *   stale after `staleMs` and taken over.
 * - The build goes into a temporary folder `.<folder>.building-<pid>` beside the target and replaces the target
 *   by two renames (old out of the way, new into place), so a reader never sees a mix of two builds; leftovers
 *   of a builder that died are removed by the next lock owner.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';

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
  /**
   * A lock not refreshed for this long is stale: its builder died (default 60 s; the owner refreshes it every
   * half of that, so a build busy on the event loop for a while does not lose it).
   */
  staleMs?: number;
  log?: (line: string) => void;
}

export type BuildOutcome = 'fresh' | 'built' | 'built-by-another';

export const lockPathOf = (distDir: string) => join(dirname(distDir), `.${basename(distDir)}.build-lock`);

/** Waits for and takes the lock of `distDir`; resolves to [release, whether it had to wait]. */
export async function acquireBuildLock(
  distDir: string,
  options: Pick<BuildOptions, 'pollMs' | 'maxWaitMs' | 'staleMs' | 'log'> = {},
): Promise<{ release: () => void; waited: boolean }> {
  const { pollMs = 250, maxWaitMs = 20 * 60_000, staleMs = 60_000, log = () => {} } = options;
  const lockfilePath = lockPathOf(distDir);
  const where = { lockfilePath, realpath: false };
  const take = (retries: number) =>
    lockfile.lock(distDir, {
      ...where,
      stale: staleMs,
      retries: { retries, factor: 1, minTimeout: pollMs, maxTimeout: pollMs },
      onCompromised: (error) => log(`The build lock ${lockfilePath} was lost: ${error.message}`),
    });
  const release = () => {
    try {
      lockfile.unlockSync(distDir, where);
    } catch {
      // Lost already (onCompromised said so).
    }
  };
  try {
    await take(0);
    return { release, waited: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  log(`Another build of ${distDir}/ is running; waiting for it…`);
  try {
    await take(Math.ceil(maxWaitMs / pollMs));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(`Gave up waiting for the build lock ${lockfilePath} after ${Math.round(maxWaitMs / 1000)} s.`);
  }
  return { release, waited: true };
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
