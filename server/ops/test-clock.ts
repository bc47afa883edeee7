/**
 * A clock the browser journeys can move forward (a closure's cooling-off period passing): with TEST_CLOCK_FILE set,
 * the server's time is the real time plus the seconds that file holds, and `onMove` (the sweep) runs as soon as
 * they change. Only a start with NODE_ENV=bench or development accepts it; any other (production) refuses to start.
 */
import { readFileSync, watchFile } from 'node:fs';

export const TEST_CLOCK_REFUSAL =
  "TEST_CLOCK_FILE moves the server's clock for browser tests only: only a start with NODE_ENV=bench or development accepts it. Unset TEST_CLOCK_FILE.";

/** The moved clock, or null without TEST_CLOCK_FILE; throws TEST_CLOCK_REFUSAL outside bench and development. */
export function testClock(
  env: Record<string, string | undefined>,
  onMove: () => void,
  intervalMs = 200,
): (() => Date) | null {
  const file = env.TEST_CLOCK_FILE;
  if (!file) return null;
  if (env.NODE_ENV !== 'bench' && env.NODE_ENV !== 'development') throw new Error(TEST_CLOCK_REFUSAL);
  const read = () => {
    try {
      const seconds = Number(readFileSync(file, 'utf8').trim());
      return Number.isFinite(seconds) ? seconds * 1000 : 0;
    } catch {
      return 0;
    }
  };
  let offsetMs = read();
  watchFile(file, { interval: intervalMs }, () => {
    const next = read();
    if (next === offsetMs) return;
    offsetMs = next;
    onMove();
  }).unref();
  return () => new Date(Date.now() + offsetMs);
}
