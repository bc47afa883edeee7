/**
 * Concurrent builds of one folder (scripts/lib/build-lock.ts): three processes started together on a stale
 * build leave one complete build, built once; a lock its builder stopped refreshing is taken over; a failed build
 * leaves the previous build in place. The builds are fake (a few files written slowly, then a stamp), the
 * processes real.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireBuildLock, buildAtomically, lockPathOf } from './build-lock';

const PROJECT_ROOT = join(import.meta.dirname, '../..');

// One builder process: builds `<dir>/dist` with the "inputs" in `<dir>/inputs.txt` unless it is fresh.
const BUILDER = (root: string) => `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildAtomically } from '${root}/scripts/lib/build-lock.ts';
const dir = process.env.WORK_DIR;
const dist = join(dir, 'dist');
const inputs = () => readFileSync(join(dir, 'inputs.txt'), 'utf8');
const isFresh = () => existsSync(join(dist, 'stamp')) && readFileSync(join(dist, 'stamp'), 'utf8') === inputs();
const outcome = await buildAtomically({
  distDir: dist,
  isFresh,
  pollMs: 20,
  build: async (out) => {
    appendFileSync(join(dir, 'builds.log'), process.pid + '\\n');
    if (process.env.FAIL) throw new Error('build failed');
    mkdirSync(out, { recursive: true });
    const version = inputs();
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(out, 'part-' + i), version);
      await new Promise((r) => setTimeout(r, 60));
    }
    writeFileSync(join(out, 'stamp'), version);
  },
});
console.log(outcome);
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-lock-'));
  writeFileSync(join(dir, 'inputs.txt'), 'v2');
  writeFileSync(join(dir, 'builder.mts'), BUILDER(PROJECT_ROOT));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function runBuilder(env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'builder.mts')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, WORK_DIR: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => resolve({ code, out: out.trim() }));
  });
}

/** Writes a complete build of `version` (as a previous run would have left it). */
function writeBuild(version: string) {
  const dist = join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  for (let i = 0; i < 5; i++) writeFileSync(join(dist, `part-${i}`), version);
  writeFileSync(join(dist, 'stamp'), version);
}

function expectCompleteBuild(version: string) {
  const dist = join(dir, 'dist');
  expect(readdirSync(dist).sort()).toEqual(['part-0', 'part-1', 'part-2', 'part-3', 'part-4', 'stamp']);
  for (const name of readdirSync(dist)) expect(readFileSync(join(dist, name), 'utf8')).toBe(version);
  // No lock, temporary or replaced folder left beside it.
  expect(readdirSync(dir).sort()).toEqual(['builder.mts', 'builds.log', 'dist', 'inputs.txt']);
}

const builds = () => readFileSync(join(dir, 'builds.log'), 'utf8').trim().split('\n');

describe('buildAtomically across processes', () => {
  it('three processes started together on a stale build leave one complete build, built once', async () => {
    writeBuild('v1'); // Stale: the inputs say v2.
    const results = await Promise.all([runBuilder(), runBuilder(), runBuilder()]);
    for (const result of results) expect(result.code, result.out).toBe(0);
    expect(results.map((r) => r.out.split('\n').at(-1)).sort()).toEqual([
      'built',
      'built-by-another',
      'built-by-another',
    ]);
    expect(builds()).toHaveLength(1);
    expectCompleteBuild('v2');
  }, 60_000);

  it('the same with no build at all yet', async () => {
    const results = await Promise.all([runBuilder(), runBuilder(), runBuilder()]);
    for (const result of results) expect(result.code, result.out).toBe(0);
    expect(builds()).toHaveLength(1);
    expectCompleteBuild('v2');
  }, 60_000);

  it('takes over the lock of a builder that died, and removes what it left', async () => {
    writeBuild('v1');
    // A builder killed in the middle: its lock, last refreshed two minutes ago, and a half-written folder.
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const lock = lockPathOf(join(dir, 'dist'));
    mkdirSync(lock);
    const refreshed = new Date(Date.now() - 120_000);
    utimesSync(lock, refreshed, refreshed);
    mkdirSync(join(dir, `.dist.building-${dead}`));
    writeFileSync(join(dir, `.dist.building-${dead}`, 'part-0'), 'half');
    const result = await runBuilder();
    expect(result.code, result.out).toBe(0);
    expect(result.out.split('\n').at(-1)).toBe('built');
    expectCompleteBuild('v2');
  }, 60_000);

  it('a failed build leaves the previous build in place and the lock free', async () => {
    writeBuild('v1');
    const failed = await runBuilder({ FAIL: '1' });
    expect(failed.code).not.toBe(0);
    expectCompleteBuild('v1');
    const retried = await runBuilder();
    expect(retried.out.split('\n').at(-1)).toBe('built');
    expectCompleteBuild('v2');
  }, 60_000);
});

describe('the build lock in one process', () => {
  it('a second taker waits until the first releases', async () => {
    const dist = join(dir, 'dist');
    const first = await acquireBuildLock(dist, { pollMs: 10 });
    let secondHas = false;
    const second = acquireBuildLock(dist, { pollMs: 10 }).then((lock) => {
      secondHas = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(secondHas).toBe(false);
    first.release();
    const taken = await second;
    expect(taken.waited).toBe(true);
    taken.release();
    expect(existsSync(lockPathOf(dist))).toBe(false);
  });

  it('a fresh build is left alone without taking the lock', async () => {
    writeBuild('v2');
    let built = false;
    const outcome = await buildAtomically({
      distDir: join(dir, 'dist'),
      isFresh: () => true,
      build: () => {
        built = true;
      },
    });
    expect(outcome).toBe('fresh');
    expect(built).toBe(false);
  });
});
