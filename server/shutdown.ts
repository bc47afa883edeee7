/**
 * Graceful shutdown. On SIGTERM or SIGINT the server stops accepting connections, lets every
 * request already accepted finish (idle keep-alive connections are closed at once; busy ones once their answer is
 * written), then stops its timers and closes the database cleanly and exits 0. Requests still running after
 * `SHUTDOWN_TIMEOUT_MS` (default 10 s) are cut off, so a stuck request cannot block a rolling restart.
 */
import type { Server } from 'node:http';
import { log as logger } from './log';

export interface ShutdownOptions {
  servers: Server[];
  /** Stops timers and background work (the sweeper, the admin socket); runs after the servers are closed. */
  stopWork: () => Promise<void> | void;
  /** Closes the database; runs last. */
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** Listen for SIGINT and SIGTERM (tests call the returned function instead). */
  signals?: boolean;
}

export function installShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { servers, timeoutMs, log = (line) => logger.info(line), exit = (code) => process.exit(code) } = options;
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      log(`${signal}: no longer accepting connections; finishing the requests under way (at most ${timeoutMs} ms).`);
      const closed = Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              // A keep-alive connection goes idle once its answer is written: close those as they appear.
              server.closeIdleConnections();
              const sweep = setInterval(() => server.closeIdleConnections(), 50);
              server.once('close', () => clearInterval(sweep));
            }),
        ),
      );
      let timer: NodeJS.Timeout | undefined;
      const cutOff = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      if ((await Promise.race([closed, cutOff])) === 'timeout') {
        log(`Requests still running after ${timeoutMs} ms are cut off.`);
        for (const server of servers) server.closeAllConnections();
      }
      clearTimeout(timer);
      let code = 0;
      try {
        await options.stopWork();
        await options.closeDatabase();
        log('Stopped cleanly.');
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        code = 1;
      }
      exit(code);
    })();
    return stopping;
  };
  if (options.signals !== false)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
  return shutdown;
}
