/** A background worker of every server process (the outboxes): runs `run` every `everyMs`, never twice at once. */
import { log } from './log';

/**
 * Runs `run` every `everyMs` until the returned stop is called. When a run did some work (returned more than 0), the
 * next one starts at once, so a backlog drains without waiting for the timer.
 */
export function startWorkerLoop(label: string, run: () => Promise<number>, everyMs: number): () => void {
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    run()
      .then(
        (done) => done,
        (error) => {
          log.error({ err: error }, `[${label}] outbox run failed`);
          return 0;
        },
      )
      .then((done) => {
        running = false;
        if (done > 0) setImmediate(tick);
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
