import { createLogger, log, setLogger } from '../ops/log';

/** Swaps the process logger for one that keeps each JSON line (at `level` and above), until `restore()`. */
export function captureLog(level = 'info'): { lines: Record<string, unknown>[]; restore: () => void } {
  const previous = log;
  const lines: Record<string, unknown>[] = [];
  setLogger(createLogger({ pretty: false, level, destination: { write: (line) => lines.push(JSON.parse(line)) } }));
  return { lines, restore: () => setLogger(previous) };
}
