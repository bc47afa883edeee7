/**
 * One server per PGlite folder. A second opener is refused with a clear message (in this
 * process and in another), a lock left by a killed process does not block a restart, and a second server exits
 * with that message instead of starting on the same folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE } from './data-lock';
import { openPGlite } from './pglite';

const ROOT = join(import.meta.dirname, '../..');
const folders: string[] = [];
const children: ChildProcess[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another process that opens the folder and keeps it open; resolves once it holds the database. */
function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const script = `import { openPGlite } from './server/db/pglite.ts';
await openPGlite(process.env.HOLD_DIR);
console.log('holding');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, HOLD_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (data: Buffer) => {
      if (data.toString().includes('holding')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

describe('the data-folder lock', () => {
  it('refuses a second opener in the same process until the first closes', async () => {
    const dir = folder();
    const first = await openPGlite(dir);
    await expect(openPGlite(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openPGlite(dir);
    await again.close();
  }, 60_000);

  it('refuses while another process holds the folder, and takes over once that process was killed', async () => {
    const dir = folder();
    const holder = await holdInAnotherProcess(dir);
    const error = await openPGlite(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toContain(`pid ${holder.pid}`);
    expect((error as Error).message).toContain(dir);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(holder.pid);
    // The stale lock of the killed process does not block: the folder opens with its data.
    const db = await openPGlite(dir);
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    await db.close();
  }, 90_000);

  it('a second server on the same folder exits with the message and leaves the first one alone', async () => {
    const dir = folder();
    const holder = await holdInAnotherProcess(dir);
    const second = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, VITEST: '', STANDINS: '1', DATA_DIR: dir, PORT: '0', BRAND2_PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(second);
    let output = '';
    second.stdout?.on('data', (data: Buffer) => {
      output += data;
    });
    second.stderr?.on('data', (data: Buffer) => {
      output += data;
    });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('is in use by another server process');
    expect(holder.exitCode).toBeNull();
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(holder.pid);
  }, 90_000);
});
