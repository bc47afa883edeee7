// @vitest-environment node
/**
 * BENCH_UNLIMITED=1: lifts the per-IP limits for a load test from one address under NODE_ENV=bench, and any
 * other start (production, staging, …) refuses it with a clear message and its own exit code.
 */

import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BENCH_UNLIMITED_REFUSAL, readSettings, SettingsRefusal } from '../config/settings';
import { openPGlite } from '../db/pglite';
import { harness } from '../testing/accounts-harness';
import { LIMITS } from './rules';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('BENCH_UNLIMITED', () => {
  it('is off by default, on with 1 under NODE_ENV=bench only, refused under any other NODE_ENV', () => {
    expect(readSettings({}).benchUnlimited).toBe(false);
    expect(readSettings({ NODE_ENV: 'bench', BENCH_UNLIMITED: '1' }).benchUnlimited).toBe(true);
    for (const NODE_ENV of ['production', 'staging', 'development', 'test', undefined]) {
      expect(() => readSettings({ NODE_ENV, BENCH_UNLIMITED: '1' })).toThrow(SettingsRefusal);
      expect(() => readSettings({ NODE_ENV, BENCH_UNLIMITED: '1' })).toThrow(/only a start with NODE_ENV=bench/);
    }
    expect(() => readSettings({ BENCH_UNLIMITED: 'yes' })).toThrow(/BENCH_UNLIMITED must be 1 or 0/);
  });

  it('a production start refuses it: the message, exit code 78, nothing listening', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, VITEST: '', NODE_ENV: 'production', BENCH_UNLIMITED: '1', PORT: '0', BRAND2_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data;
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(BENCH_UNLIMITED_REFUSAL.exitCode);
    expect(code).toBe(78);
    expect(output).toContain('BENCH_UNLIMITED=1 lifts the per-IP rate limits for benchmarks only');
    expect(output).not.toContain('http://localhost');
  }, 30_000);

  it('lifts the QR poll limit per IP (server/api/scan-login has the limit without it)', async () => {
    const db = await openPGlite();
    const { migrate } = await import('../db/migrate');
    await migrate(db);
    try {
      const h = harness(db, { env: { NODE_ENV: 'bench', BENCH_UNLIMITED: '1' } });
      const ticket = 'A'.repeat(43);
      const statuses = new Set<number>();
      for (let i = 0; i < LIMITS.qrPollsPerIp.rules[0].limit + 5; i++)
        statuses.add((await h.call(`/v2/wx/get_qr_status?ticket=${ticket}`, { ip: '192.0.2.50' })).status);
      // An unknown ticket is a 404 every time; without the setting the 121st would be a 429.
      expect([...statuses]).toEqual([404]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("lifts only the per-IP limits, and only the app's own", async () => {
    const db = await openPGlite();
    const { migrate } = await import('../db/migrate');
    await migrate(db);
    try {
      const lifted = harness(db, { env: { NODE_ENV: 'bench', BENCH_UNLIMITED: '1' } });
      // Created after the lifted one: the lift stays with that app.
      const limited = harness(db);
      const puzzles = async (h: typeof lifted, n: number) => {
        const statuses = new Set<number>();
        for (let i = 0; i < n; i++)
          statuses.add((await h.call('/v2/captcha/puzzle', { body: {}, ip: '192.0.2.51' })).status);
        return [...statuses];
      };
      const perIp = LIMITS.puzzlesPerIp.rules[0].limit;
      expect(await puzzles(lifted, perIp + 1)).toEqual([200]);
      expect(await lifted.count('rate_events')).toBe(0);
      expect(await puzzles(limited, perIp)).toEqual([200]);
      expect(await puzzles(limited, 1)).toEqual([429]);
      // A phone's limit stays: the second code within a minute is refused even from the lifted app.
      expect((await lifted.sendCode('13800138000', 'register', { ip: '192.0.2.51' })).status).toBe(200);
      expect((await lifted.sendCode('13800138000', 'register', { ip: '192.0.2.51' })).status).toBe(429);
    } finally {
      await db.close();
    }
  }, 60_000);
});
