import { mkdtempSync, rmSync, unwatchFile, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CLOCK_REFUSAL, testClock } from './test-clock';

const dir = mkdtempSync(join(tmpdir(), 'test-clock-'));
const file = join(dir, 'clock');
afterEach(() => unwatchFile(file));

describe('test clock', () => {
  it('is off without TEST_CLOCK_FILE, and refused outside bench and development', () => {
    expect(testClock({ NODE_ENV: 'production' }, () => {})).toBeNull();
    for (const NODE_ENV of ['production', 'staging', undefined])
      expect(() => testClock({ NODE_ENV, TEST_CLOCK_FILE: file }, () => {})).toThrow(TEST_CLOCK_REFUSAL);
  });

  it('adds the seconds of its file and runs the sweep when they change', { timeout: 15_000 }, async () => {
    writeFileSync(file, '3600');
    let moves = 0;
    const now = testClock({ NODE_ENV: 'bench', TEST_CLOCK_FILE: file }, () => moves++, 20) as () => Date;
    expect(Math.round((now().getTime() - Date.now()) / 1000)).toBe(3600);
    writeFileSync(file, String(16 * 86400));
    // watchFile takes its first look asynchronously: on a loaded machine it may look after the write above, and
    // see no change. Writing the same seconds again changes the file's time (the value moves the clock once).
    await expect
      .poll(
        () => {
          if (moves === 0) writeFileSync(file, `${16 * 86400}\n`);
          return moves;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1);
    expect(Math.round((now().getTime() - Date.now()) / 86400_000)).toBe(16);
    rmSync(dir, { recursive: true, force: true });
  });
});
